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
