import { useState, type RefObject } from 'react';
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
import type { Moves } from './useMoves.ts';

/** The playing area: banner, the turn so far, the offer or the dice, the selection and the actions. */
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
}) {
  const s = view.state;
  const { name, playing, myTurn, spectator, onTurn } = who;
  const { busy: sending, actionError, act } = moves;
  const rolling = step?.rolling ?? false;
  // Another player's keep is shown as their selection before it is set aside.
  const selected = step?.highlight ?? moves.selected;
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
  return (
    <div className="felt" data-testid="table">
      <BannerSlot banner={banner} />
      <PlayLine said={said} pending={pending} onSkip={onSkip} />
      {finalLine && (
        <p className="last-turn" data-testid="last-turn">
          {finalLine}
        </p>
      )}
      {/* After the game there is no turn in progress: its running total would only mislead. */}
      {view.status !== 'over' && <TurnLine turn={s.turn} />}
      {playing && <KeptDice groups={dice.keptThisTurn} />}
      {s.phase === 'choose' && s.offer && playing ? (
        <Offer
          points={s.offer.points}
          dice={s.offer.dice}
          allDice={view.rules.dice}
          mine={myTurn}
          who={onTurn}
          from={name((s.current - 1 + s.players) % s.players)}
          pick={offerPick}
          onFresh={() => send({ type: 'fresh' })}
          onInherit={() => send({ type: 'inherit' })}
        />
      ) : (
        <DiceTray
          dice={dice}
          name={name}
          selected={selected}
          disabled={!myTurn || sending || busy}
          spin={spin}
          rolling={rolling}
          onToggle={moves.toggle}
        />
      )}
      {dice.roll && (
        <SelectionLine
          roll={dice.roll}
          sel={sel}
          myTurn={myTurn}
          onTurn={onTurn}
          rolling={rolling}
        />
      )}
      {!spectator && playing && s.phase !== 'choose' && (
        <ActionBar controls={controls} rollRef={rollRef} bankRef={bankRef} onMove={onMove} />
      )}
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
