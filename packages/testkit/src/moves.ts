// How scripted players choose their intents: a legal move of the engine, without its seat.
import { legalActions, type Action, type GameState } from '@zilch/engine';
import type { Move } from '@zilch/protocol';

/** A legal move for the seat on turn: the best keep, banking about half the time it may. */
export function pickMove(s: GameState, rand: () => number = Math.random): Move | null {
  const legal = legalActions(s).filter((a) => a.type !== 'timeout');
  if (legal.length === 0) return null;
  const bank = legal.find((a) => a.type === 'bank' || (a.type === 'keep' && a.then === 'bank'));
  const pick =
    (bank && rand() < 0.5 ? bank : undefined) ??
    legal.find((a) => a.type === 'fresh') ??
    legal.find((a) => a.type === 'keep' && a.then === undefined) ??
    legal.find((a) => a.type === 'roll') ??
    (legal[0] as Action);
  const { seat: _seat, ...move } = pick;
  return move as Move;
}
