import { Cube, DieButton } from '../../components/Die.tsx';
import { faceWord, type SelectionInfo } from '../../lib/selection.ts';
import { diceKeys, plural, says } from '../../lib/words.ts';
import { KeyHint } from '../../components/KeyHint.tsx';
import type { DiceView } from './derived.ts';

/** The dice: the roll in front of the player as toggles, otherwise the last roll as pictures. */
export function DiceTray({
  dice,
  name,
  selected,
  disabled,
  queued,
  spin,
  rolling,
  onToggle,
}: {
  dice: DiceView;
  name: (seat: number) => string;
  selected: readonly number[];
  disabled: boolean;
  /** The dice tumble and taps are kept for their landing: a tapped die shows it is kept. */
  queued: boolean;
  spin: number;
  /** The dice are still tumbling: which of them score is not shown until they land. */
  rolling: boolean;
  onToggle: (index: number) => void;
}) {
  const { roll, lastRolled, shown, scoringFaces } = dice;
  return (
    <div
      className={`tray ${rolling ? 'tumbling' : ''} ${queued ? 'keeping-taps' : ''}`}
      role="group"
      aria-label={
        rolling
          ? queued
            ? 'Dice rolling — dice tapped now are chosen when they land'
            : 'Dice rolling'
          : roll
            ? 'Dice rolled — choose dice to keep'
            : 'Dice'
      }
      aria-busy={rolling}
      data-testid="tray"
      data-rolling={rolling ? 'true' : 'false'}
    >
      {!roll && lastRolled && (
        <p className="tray-caption muted small">
          {rolling ? `${name(lastRolled.seat)}: rolling…` : `Last roll: ${name(lastRolled.seat)}`}
        </p>
      )}
      {shown ? (
        shown.map((face, i) =>
          roll ? (
            <DieButton
              key={i}
              index={i}
              face={face}
              selected={selected.includes(i)}
              early={queued && selected.includes(i)}
              disabled={disabled}
              spin={spin}
              scoring={rolling || scoringFaces.has(face)}
              onToggle={onToggle}
            />
          ) : (
            <span
              key={i}
              className="die static"
              role="img"
              aria-label={`Last roll, die ${i + 1}: ${faceWord(face)}`}
            >
              <Cube face={face} spin={spin} />
            </span>
          ),
        )
      ) : (
        <p className="muted">The dice are waiting for the first roll.</p>
      )}
    </div>
  );
}

/** What the chosen dice would score, or why they cannot be kept, or who is choosing. */
export function SelectionLine({
  roll,
  sel,
  myTurn,
  onTurn,
  rolling,
  queued,
}: {
  /** Null when no roll is in front of anyone: the line keeps its room, empty. */
  roll: readonly number[] | null;
  sel: SelectionInfo | null;
  myTurn: boolean;
  onTurn: string;
  rolling: boolean;
  /** Dice tapped during the tumble, to be chosen when they land. */
  queued: number;
}) {
  return (
    <p id="selection-line" className="selection" aria-live="polite" data-testid="selection">
      {!roll ? null : rolling ? (
        queued > 0 ? (
          `Rolling… ${plural(queued, 'die', 'dice')} chosen as they land.`
        ) : (
          'Rolling…'
        )
      ) : !sel ? (
        myTurn ? (
          <>
            Choose scoring dice to set aside
            <KeyHint> (click, or {diceKeys(roll.length)})</KeyHint>.
          </>
        ) : (
          `${says(onTurn, 'is', 'are')} choosing dice.`
        )
      ) : sel.legal ? (
        <>
          <span className="ok-mark" aria-hidden="true">
            ✓
          </span>{' '}
          {sel.faces.join(' ')} scores <strong>+{sel.gain.toLocaleString('en-US')}</strong> →
          running total {sel.total.toLocaleString('en-US')}
          {sel.hot ? ' · hot dice!' : ''}
        </>
      ) : (
        // The one place an illegal selection is explained: Roll and Bank point here.
        <>
          <span className="bad-mark" aria-hidden="true">
            ✗
          </span>{' '}
          Not a scoring selection: {sel.problem}
        </>
      )}
    </p>
  );
}
