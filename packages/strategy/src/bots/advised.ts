import { legalActions, type Action, type GameState } from '@zilch/engine';
import { advise, type AdviseOptions } from '../advisor/index.ts';
import type { Move } from '../advisor/types.ts';
import type { Bot, BotFactory, BotId } from './types.ts';

function facesKey(s: GameState, positions: readonly number[]): string {
  const roll = s.turn.roll ?? [];
  return positions
    .map((p) => roll[p])
    .sort()
    .join(',');
}

/** The legal action that carries out an advised move, or null if none does. */
export function legalFor(s: GameState, move: Move, legal: readonly Action[]): Action | null {
  if (move.type !== 'keep') return legal.find((a) => a.type === move.type) ?? null;
  // Keep-then-roll is the plain keep followed by a roll on the next decision.
  const then = move.then === 'bank' ? 'bank' : undefined;
  const key = facesKey(s, move.dice);
  return (
    legal.find((a) => a.type === 'keep' && a.then === then && facesKey(s, a.dice) === key) ?? null
  );
}

/** A bot that plays the advisor's first choice in the given mode. */
export function advisedBot(
  id: BotId,
  mode: (s: GameState) => 'auto' | 'points' | 'win',
  extra: Pick<AdviseOptions, 'lastTurns' | 'field' | 'chainFinal'> = {},
): BotFactory {
  return (_rules, _seed, opts): Bot => {
    return {
      id,
      decide(s: GameState): Action {
        const legal = legalActions(s);
        if (legal.length === 0) throw new Error(`${id} bot asked to move in a finished game`);
        if (legal.length === 1) return legal[0] as Action;
        for (const o of advise(s, mode(s), { ...opts, ...extra }).options) {
          const a = legalFor(s, o.move, legal);
          if (a) return a;
        }
        // The advisor weighs every legal option, so this is only a guard.
        return legal[0] as Action;
      },
    };
  };
}
