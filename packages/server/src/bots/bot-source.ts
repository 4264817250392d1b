import { legalActions, type Action, type GameState, type RuleSet } from '@zilch/engine';
import {
  advise,
  createBot,
  defaultCacheDir,
  diskSolutions,
  isBotId,
  prepareWinSolution,
  type Advice,
  type AdviceMode,
  type SolutionSource,
} from '@zilch/strategy/node';

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

/**
 * Win-probability solutions in memory, by rule set. A full solve takes tens of seconds and
 * even a load from disk a few hundred milliseconds, so the server never does either on its
 * event loop: the first request starts a background load or solve, and until it is done the
 * coach answers in expected points and the `optimal` bot plays as `expected`.
 */
const solutions = new Map<string, 'pending' | 'ready'>();

// Where solutions are cached on disk: set once at start from the configuration (useCacheDir).
let cacheDir = defaultCacheDir();
let source: SolutionSource = diskSolutions(cacheDir);

/** Sets the solution cache directory of every bot and advice; the server calls it at start from its config. */
export function useCacheDir(dir: string): void {
  cacheDir = dir;
  source = diskSolutions(dir);
}

/** Whether the win solution of a rule set is in memory; if not, starts getting it. */
function winReady(rules: RuleSet): boolean {
  const key = JSON.stringify(rules);
  const status = solutions.get(key);
  if (status === 'ready') return true;
  if (status === undefined) {
    solutions.set(key, 'pending');
    prepareWinSolution(rules, { solutionDir: cacheDir }).then(
      () => solutions.set(key, 'ready'),
      // A failed solve leaves the advisor in points mode; the next request tries again.
      () => solutions.delete(key),
    );
  }
  return false;
}

/** A bot of the given level for a rule set (from @zilch/strategy), or the fallback if that level cannot be made. */
export function makeBot(id: string, rules: RuleSet, seed: number): Decider {
  if (!isBotId(id)) return fallbackBot;
  const opts = { solutions: source };
  try {
    if (id !== 'optimal') return createBot(id, rules, seed, opts);
    const optimal = createBot('optimal', rules, seed, opts);
    const expected = createBot('expected', rules, seed, opts);
    return { decide: (state) => (winReady(rules) ? optimal : expected).decide(state) };
  } catch {
    return fallbackBot;
  }
}

/** The advisor of @zilch/strategy: every option of the position, valued, best first. */
export function adviceFor(state: GameState, mode: AdviceMode): Advice {
  return advise(state, mode !== 'points' && !winReady(state.rules) ? 'points' : mode, {
    solutions: source,
  });
}
