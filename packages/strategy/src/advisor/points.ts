import type { GameState } from '@zilch/engine';
import { solveLongRun } from '../solver/long-run.ts';
import type { TurnSolution } from '../solver/turn.ts';
import type { After } from './candidates.ts';

/**
 * The turn strategy for the player on turn: expected points of the turn, with the opening
 * minimum if they are not on the board yet, and (three-zilch penalty) the long-run value of
 * their current streak folded into what a zilch is worth.
 */
export function turnFor(s: GameState): TurnSolution {
  const onBoard = s.onBoard[s.current] ?? true;
  const lr = solveLongRun(s.rules, { onBoard });
  const streak = s.zilchStreak[s.current] ?? 0;
  return lr.turns[Math.min(streak, lr.turns.length - 1)]!;
}

/** Expected points of the turn after a move. */
export function pointsValue(turn: TurnSolution, after: After): number {
  if (after.kind === 'bank') return after.total;
  if (after.mercy) return turn.firstRoll();
  return turn.roll(after.total, after.dice, after.held, after.locked, after.sets);
}
