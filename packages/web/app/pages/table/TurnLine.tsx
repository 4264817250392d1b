import type { GameState } from '@zilch/engine';
import { Cube } from '../../components/Die.tsx';
import { faceWord } from '../../lib/selection.ts';
import { plural } from '../../lib/words.ts';

/** The turn so far: running total, inherited points, held sets (growing sets) and the dice left to roll. */
export function TurnLine({ turn }: { turn: GameState['turn'] }) {
  return (
    <div className="turn-line">
      <span>
        Running total{' '}
        <strong data-testid="running-total">{turn.total.toLocaleString('en-US')}</strong>
      </span>
      {turn.inherited > 0 && (
        <span className="tag">inherited {turn.inherited.toLocaleString('en-US')}</span>
      )}
      {turn.sets.map((points, f) =>
        points > 0 ? (
          <span key={f} className="tag" data-testid="held-set">
            set of {f + 1}s {points.toLocaleString('en-US')}
          </span>
        ) : null,
      )}
      <span>{plural(turn.available, 'die', 'dice')} to roll</span>
    </div>
  );
}

/** The groups of dice set aside this turn, one group per keep. */
export function KeptDice({ groups }: { groups: number[][] }) {
  // With nothing set aside the row keeps its room, unseen: the dice below do not jump when a
  // turn passes or another player keeps (the playback shows those without any input).
  if (groups.length === 0)
    return (
      <div className="kept kept-empty" aria-hidden="true">
        <span className="kept-group">
          <Cube face={1} spin={0} size="small" />
        </span>
      </div>
    );
  return (
    <div className="kept" aria-label="Set aside this turn">
      {groups.map((faces, i) => (
        <span key={i} className="kept-group" aria-label={faces.map(faceWord).join(', ')}>
          {faces.map((f, j) => (
            <Cube key={j} face={f} spin={0} size="small" />
          ))}
        </span>
      ))}
    </div>
  );
}
