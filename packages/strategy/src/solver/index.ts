export { UNIT, rollGroups, allRollGroups, type RollGroups } from './outcomes.ts';
export {
  solveTurn,
  TurnSolution,
  TURN_CAP_POINTS,
  DOUBLING_CAP_POINTS,
  type Threshold,
  type TurnSolveOptions,
} from './turn.ts';
export { solveLongRun, type LongRun } from './long-run.ts';
export {
  solveTwoPlayer,
  twoPlayerUnsupported,
  solvesOnDemand,
  UNSUPPORTED_INSTEAD,
  estimatedStates,
  TWO_PLAYER_EXTRA_POINTS,
  DOUBLING_EXTRA_POINTS,
  TWO_PLAYER_VERSION,
  type SolverError,
  type TwoPlayerOptions,
} from './two-player.ts';
export { TwoPlayerSolution } from './two-player-solution.ts';
export { LastTurn, lastTurn, type LastTurnGoal, type LastTurnValues } from './last-turn.ts';
export { lockRace, lockRaceUnsupported, unsupportedInstead, type LockRace } from './lock-race.ts';
export {
  adoptSolution,
  clearSolutionMemory,
  memorySolutions,
  rememberSolution,
  solutionInMemory,
  type SolutionSource,
} from './memory.ts';
export { solveThreePlayer, ThreePlayerSolution, type ThreePlayerOptions } from './three-player.ts';
export { ExpectedRace } from './expected-race.ts';
