import { useState, type ReactNode, type RefObject } from 'react';
import type { BannerInfo } from '../../lib/banners.ts';
import { bankFallsShort, lastTurn, lastTurnLine, playOff } from '../../lib/finalRound.ts';
import type { Step } from '../../lib/playback.ts';
import { evaluateSelection, rollAndBank } from '../../lib/selection.ts';
import type { GameView, Move } from '@zilch/protocol';
import { ActionBar } from './ActionBar.tsx';
import { ConfirmBank, type PendingBank } from './ConfirmBank.tsx';
import type { DiceView, TurnView } from './derived.ts';
import { DiceTray, SelectionLine } from './DiceTray.tsx';
import { BannerSlot, Offer } from './Offer.tsx';
import { PlayLine } from './PlayLine.tsx';
import { KeptDice, TurnLine } from './TurnLine.tsx';
import type { EarlyTaps, Moves } from './useMoves.ts';

/**
 * The playing area: the play-by-play (with the banner over it), the turn so far, then the stage:
 * the dice, the selection and the actions, with the offer or the end of the game laid over them.
 * Every part keeps its room in every phase, so nothing on the felt moves when the phase changes
 * (layout shift); what a phase adds is laid over what it hides.
 */
export function Felt({
  view,
  who,
  dice,
  moves,
  banner,
  spin,
  step,
  said,
  pending,
  busy,
  onSkip,
  offerPick,
  error,
  rollRef,
  bankRef,
  early,
  over,
  hint = null,
}: {
  view: GameView;
  who: TurnView;
  dice: DiceView;
  moves: Moves;
  banner: BannerInfo | null;
  spin: number;
  /** The step of the playback on show (its tumble, its highlighted keep). */
  step: Step | null;
  said: string;
  pending: number;
  /** Steps are still being shown: the player's controls wait. */
  busy: boolean;
  onSkip: () => void;
  offerPick: 'fresh' | 'inherit' | null;
  error: string | null;
  rollRef: RefObject<HTMLButtonElement | null>;
  bankRef: RefObject<HTMLButtonElement | null>;
  /** The dice shown chosen and the taps on them, kept for the landing while they tumble. */
  early: EarlyTaps;
  /** The end of the game, laid over the felt once it is over. */
  over: ReactNode;
  /** A practice game's hint, laid over the play-by-play. */
  hint?: ReactNode;
}) {
  const s = view.state;
  const { name, playing, myTurn, spectator, onTurn } = who;
  const { busy: sending, actionError, act } = moves;
  const rolling = step?.rolling ?? false;
  // Another player's keep is shown as their selection before it is set aside.
  const selected = step?.highlight ?? early.selected;
  const sel = rolling ? null : evaluateSelection(s, selected);
  const controls = rollAndBank(s, selected, myTurn && !sending && !busy, onTurn);
  const [confirm, setConfirm] = useState<{ move: Move; ask: PendingBank } | null>(null);
  const send = (m: Move) => void act(m);
  const onMove = (m: Move) => {
    const banking = m.type === 'bank' || (m.type === 'keep' && m.then === 'bank');
    const total = m.type === 'keep' ? (sel?.total ?? s.turn.total) : s.turn.total;
    const short = banking ? bankFallsShort(s, total) : null;
    const t = lastTurn(s);
    if (short && t)
      setConfirm({
        move: m,
        ask: { total, leader: t.leader, outcome: short, playOff: playOff(s) },
      });
    else send(m);
  };
  const finalLine = playing ? lastTurnLine(s, onTurn, myTurn) : null;
  const ended = view.status === 'over';
  const offer = s.phase === 'choose' && s.offer && playing ? s.offer : null;
  return (
    <div className={`felt ${ended ? 'ended' : ''}`} data-testid="table">
      <div className="felt-top">
        <PlayLine said={said} pending={pending} onSkip={onSkip} note={finalLine} />
        <BannerSlot banner={banner} />
        {hint}
      </div>
      {/* After the game there is no turn in progress: its running total would only mislead. */}
      {ended ? (
        <div className="turn-line" aria-hidden="true">
          <strong>&nbsp;</strong>
        </div>
      ) : (
        <TurnLine turn={s.turn} />
      )}
      <KeptDice groups={playing ? dice.keptThisTurn : []} />
      <div className="stage">
        <div className="stage-under" data-covered={offer || ended ? 'true' : undefined}>
          <DiceTray
            dice={dice}
            name={name}
            selected={selected}
            disabled={!myTurn || sending || (busy && !early.keeping)}
            queued={early.keeping && rolling}
            spin={spin}
            rolling={rolling}
            onToggle={early.tap}
          />
          <SelectionLine
            roll={dice.roll}
            sel={sel}
            myTurn={myTurn}
            onTurn={onTurn}
            rolling={rolling}
            queued={early.count}
          />
          {!spectator && view.status !== 'waiting' && (
            <ActionBar controls={controls} rollRef={rollRef} bankRef={bankRef} onMove={onMove} />
          )}
        </div>
        {offer && (
          <Offer
            points={offer.points}
            dice={offer.dice}
            allDice={view.rules.dice}
            mine={myTurn}
            who={onTurn}
            from={name((s.current - 1 + s.players) % s.players)}
            pick={offerPick}
            onFresh={() => send({ type: 'fresh' })}
            onInherit={() => send({ type: 'inherit' })}
          />
        )}
      </div>
      {ended && <div className="felt-over">{over}</div>}
      {/* Laid over the play-by-play: an error moves nothing. */}
      <div className="felt-alerts">
        {actionError && (
          <p role="alert" className="error">
            {actionError}
          </p>
        )}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </div>
      <ConfirmBank
        pending={confirm?.ask ?? null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const m = confirm?.move;
          setConfirm(null);
          if (m) send(m);
        }}
      />
    </div>
  );
}
