// @zilch/strategy/node: everything of @zilch/strategy, plus what needs Node: the disk cache
// of two-player solutions, solves in a worker thread, and simulations on worker threads.
// The cache directory always comes from the caller (the server's config, the CLI's
// environment); `defaultCacheDir()` is what they fall back to.
export * from './index.ts';
export {
  defaultCacheDir,
  diskSolutions,
  loadTwoPlayer,
  loadTwoPlayerAsync,
  readSharedSolution,
  saveTwoPlayer,
  solutionAvailable,
  solutionCached,
  solutionKey,
  twoPlayerSolution,
  twoPlayerSolutionThreads,
  type CachedSolveOptions,
  type SharedSolution,
} from './solver/cache.ts';
export { solveTwoPlayerThreads, type ThreadedSolveOptions } from './solver/solve-threads.ts';
export {
  presolve,
  sharedPresets,
  solvablePresetBytes,
  solvablePresets,
  solutionShipped,
  type PresolveResult,
  type SharedPresets,
  type SolvablePreset,
} from './solver/presolve.ts';
export { solveInBackground, type BackgroundSolveOptions } from './solver/solve-in-worker.ts';
export { prepareWinSolution, winSolutionReady, type PrepareOptions } from './advisor/prepare.ts';
export { simulate, type ThreadedSimulateOptions } from './simulate/threaded.ts';
export { workerEntry } from './worker-entry.ts';
export {
  StrategyPool,
  threadBudget,
  type PoolEvent,
  type PoolResult,
  type StrategyPoolOptions,
} from './pool/strategy-pool.ts';
export { canonicalRules, ruleKey } from '@zilch/engine';
export { twoPlayerBytes, twoPlayerPeakBytes } from './pool/budget.ts';
export type { StrategyLevel } from './pool/job.ts';
