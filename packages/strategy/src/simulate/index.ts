export {
  simulateInThread,
  type SeatResult,
  type SimulateOptions,
  type SimulationResult,
} from './simulate.ts';
export { playGame, type GameOutcome } from './play-game.ts';
export { CHUNK_GAMES } from './chunk.ts';
export { wilson } from './stats.ts';
export { mixSeed } from './seeds.ts';
