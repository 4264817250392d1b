import { legalActions, type Action, type GameState, type RuleSet } from '@zilch/engine';
import * as strategy from '@zilch/strategy';

/** Something that picks an action for the player on turn. */
export interface Decider {
  decide(state: GameState): Action;
}

type CreateBot = (id: string, rules: RuleSet, seed: number) => Decider;

/** The strategy package's bot factory, once it exists (it is being written alongside the server). */
function strategyFactory(): CreateBot | null {
  const f = (strategy as Record<string, unknown>)['createBot'];
  return typeof f === 'function' ? (f as CreateBot) : null;
}

/**
 * Stand-in until @zilch/strategy ships `createBot`: banks as soon as it may, else takes the first
 * legal action. It always ends its turn, so games with it always finish.
 */
export const fallbackBot: Decider = {
  decide(state) {
    const legal = legalActions(state);
    const bank =
      legal.find((a) => a.type === 'keep' && a.then === 'bank') ??
      legal.find((a) => a.type === 'bank');
    const first = legal[0];
    if (bank) return bank;
    if (!first) throw new Error('bot asked to move in a finished game');
    return first;
  },
};

/** A bot of the given level for a rule set: the strategy package's, or the fallback. */
export function makeBot(id: string, rules: RuleSet, seed: number): Decider {
  const create = strategyFactory();
  if (!create) return fallbackBot;
  try {
    return create(id, rules, seed);
  } catch {
    return fallbackBot;
  }
}

/** The strategy package's advisor, once it exists. */
export function advisor(): ((state: GameState, mode?: string) => unknown) | null {
  const f = (strategy as Record<string, unknown>)['advise'];
  return typeof f === 'function' ? (f as (state: GameState, mode?: string) => unknown) : null;
}
