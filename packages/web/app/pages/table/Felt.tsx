import type { RefObject } from 'react';
import type { BannerInfo } from '../../lib/banners.ts';
import { evaluateSelection, rollAndBank } from '../../lib/selection.ts';
import type { GameView, Move } from '@zilch/protocol';
import { ActionBar } from './ActionBar.tsx';
import type { DiceView, TurnView } from './derived.ts';
import { DiceTray, SelectionLine } from './DiceTray.tsx';
import { BannerSlot, Offer } from './Offer.tsx';
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
  error: string | null;
  rollRef: RefObject<HTMLButtonElement | null>;
  bankRef: RefObject<HTMLButtonElement | null>;
}) {
  const s = view.state;
  const { name, playing, myTurn, spectator, onTurn } = who;
  const { selected, busy, actionError, act } = moves;
  const sel = evaluateSelection(s, selected);
  const controls = rollAndBank(s, selected, myTurn && !busy, onTurn);
  const send = (m: Move) => void act(m);
  return (
    <div className="felt" data-testid="table">
      <BannerSlot banner={banner} />
      <TurnLine turn={s.turn} />
      {dice.keptThisTurn.length > 0 && playing && <KeptDice groups={dice.keptThisTurn} />}
      {s.phase === 'choose' && s.offer && playing ? (
        <Offer
          points={s.offer.points}
          dice={s.offer.dice}
          allDice={view.rules.dice}
          mine={myTurn}
          who={onTurn}
          from={name((s.current - 1 + s.players) % s.players)}
          onFresh={() => send({ type: 'fresh' })}
          onInherit={() => send({ type: 'inherit' })}
        />
      ) : (
        <DiceTray
          dice={dice}
          name={name}
          selected={selected}
          disabled={!myTurn || busy}
          spin={spin}
          onToggle={moves.toggle}
        />
      )}
      {dice.roll && <SelectionLine roll={dice.roll} sel={sel} myTurn={myTurn} onTurn={onTurn} />}
      {!spectator && playing && s.phase !== 'choose' && (
        <ActionBar controls={controls} rollRef={rollRef} bankRef={bankRef} onMove={send} />
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
    </div>
  );
}
