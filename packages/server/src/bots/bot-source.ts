import { legalActions, type Action, type GameState, type RuleSet } from '@zilch/engine';
import {
  advise,
  botAvailable,
  createBot,
  isBotId,
  type Advice,
  type AdviceMode,
} from '@zilch/strategy';

/** Something that picks an action for the player on turn. */
export interface Decider {
  decide(state: GameState): Action;
}

/**
 * Last resort when a bot cannot be made or errs: banks as soon as it may, else takes the first
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

/** A bot of the given level for a rule set (from @zilch/strategy), or the fallback if that level cannot be made. */
export function makeBot(id: string, rules: RuleSet, seed: number): Decider {
  if (!isBotId(id) || !botAvailable(id)) return fallbackBot;
  try {
    return createBot(id, rules, seed);
  } catch {
    return fallbackBot;
  }
}

/** The advisor of @zilch/strategy: every option of the position, valued, best first. */
export function adviceFor(state: GameState, mode: AdviceMode): Advice {
  return advise(state, mode);
}
