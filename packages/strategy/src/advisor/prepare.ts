import type { RuleSet } from '@zilch/engine';
import { solutionAvailable } from '../solver/cache.ts';
import { solveInBackground } from '../solver/solve-in-worker.ts';
import { twoPlayerUnsupported } from '../solver/two-player.ts';

/** Where to find solutions, and who hears how a background solve is going. */
export interface PrepareOptions {
  /** Directory of cached solutions. */
  readonly solutionDir: string;
  /** Called now and then with the fraction of a solve done (0..1); not called on a load. */
  readonly onProgress?: (done: number) => void;
}

/**
 * Whether `advise(state, 'win', { solutions: diskSolutions(dir) })` can answer from a solution at
 * hand (in memory, or on disk for a quick load) rather than solving first. False for rule sets it does not model.
 */
export function winSolutionReady(rules: RuleSet, opts: PrepareOptions): boolean {
  return twoPlayerUnsupported(rules) === null && solutionAvailable(rules, opts.solutionDir);
}

/**
 * Makes the 'win' solution of a rule set ready without blocking the event loop: loads it
 * from disk asynchronously, or solves it in a worker thread (saved to disk as well). Resolves
 * at once for rule sets the two-player solver does not model (the advisor gives points).
 */
export async function prepareWinSolution(rules: RuleSet, opts: PrepareOptions): Promise<void> {
  await solveInBackground(rules, { dir: opts.solutionDir, onProgress: opts.onProgress });
}
