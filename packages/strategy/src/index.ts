// @zilch/strategy: odds, solvers, advisor, bots and in-thread simulations. Pure: no disk, no
// environment, no threads, so it runs wherever the engine does. `@zilch/strategy/node` adds
// the disk cache of solutions, background solves and simulations on worker threads.
export * from './solver/index.ts';
export * from './advisor/index.ts';
export * from './bots/index.ts';
export * from './simulate/index.ts';
export * from './card/index.ts';
export * from './analysis/accuracy.ts';
export * from './analysis/measure.ts';
export * from './puzzles/puzzles.ts';
