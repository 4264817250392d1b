import type { GameState } from '@zilch/engine';
import type { SolutionSource } from '../solver/memory.ts';
import { UNIT } from '../solver/outcomes.ts';
import { raceFor } from '../solver/expected-race.ts';
import { estimatedStates, solvesOnDemand, twoPlayerUnsupported } from '../solver/two-player.ts';
import type { Candidate } from './candidates.ts';
import { chainedFinalValuer, fieldValuer } from './field.ts';
import { lockRaceValuer } from './lock-race.ts';

/** Solves on demand in 'auto' mode only below this many table states (about a second). */
const QUICK_SOLVE_STATES = 3_000_000;

/**
 * A function valuing a candidate by the chance to win (a tie counts ½), or null when no
 * two-player solution applies. With three  or more players: the pairwise valuation
 * (advisor/field.ts), or with `field = 'leader'` the strongest opponent (highest score)
 * stands in for the field (a two-player game against them); with `field = 'expected'` and
 * three players, the race tables against two `expected` bots.
 */
export function winValuer(
  state: GameState,
  mode: 'auto' | 'win',
  source: SolutionSource,
  field: 'pairs' | 'leader' | 'expected' = 'pairs',
): ((c: Candidate) => number) | null {
  const rules = state.rules;
  // Final-round turns are valued by the last-turn solver (advisor/last-turn.ts).
  if (state.phase === 'over' || state.finalRound) return null;
  // The Ten Dice lock: one step of policy iteration over expected play (advisor/lock-race.ts).
  if (mode === 'win' && rules.lockOnHotDice) return lockRaceValuer(state);
  if (twoPlayerUnsupported(rules)) return null;
  if (mode === 'auto' && state.players !== 2) return null;
  // The penalty's streaks are solved for two players only.
  if (rules.zilchPenalty && state.players !== 2) return null;
  const sol = source.solution(
    rules,
    (mode === 'win' && solvesOnDemand(rules)) || estimatedStates(rules) <= QUICK_SOLVE_STATES,
  );
  if (!sol) return null;
  if (state.players === 3 && field === 'expected')
    return fieldValuer(state, sol, raceFor(rules, sol));
  if (state.players >= 3 && field !== 'leader') return fieldValuer(state, sol);
  const me = state.current;
  const mine = state.scores[me]! / UNIT;
  const others = state.scores.filter((_, i) => i !== me);
  const theirs = Math.max(...others) / UNIT;
  const low = sol.lowest();
  if (!Number.isInteger(mine) || !Number.isInteger(theirs) || mine < low || theirs < low)
    return null;
  if (mine >= sol.T || theirs >= sol.T) return null;
  const solution = sol;
  // Zilch streaks matter only under a penalty (solved for two players).
  const sa = sol.pen ? state.zilchStreak[me]! : 0;
  const sb = sol.pen ? state.zilchStreak[1 - me]! : 0;
  return (c) => {
    const t = c.after.total / UNIT;
    return c.after.kind === 'roll'
      ? solution.roll(mine, theirs, t, c.after.dice, c.after.held, sa, sb)
      : solution.bankValue(mine, theirs, t, c.after.dice, sb);
  };
}

/**
 * Three players in 'win' mode, the final round's middle turn: the exact chained value
 * (advisor/field.ts), or null (then the last-turn solver plays to beat the leader).
 */
export function middleTurnValuer(
  state: GameState,
  source: SolutionSource,
): ((c: Candidate) => number) | null {
  if (state.players !== 3 || state.finalRound?.turnsLeft !== 2) return null;
  const rules = state.rules;
  if (twoPlayerUnsupported(rules) || rules.zilchPenalty || rules.end !== 'final-round') return null;
  const sol = source.solution(rules, true);
  return sol ? chainedFinalValuer(state, sol) : null;
}
