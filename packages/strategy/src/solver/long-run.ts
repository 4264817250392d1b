import type { RuleSet } from '@zilch/engine';
import { solveTurn, type TurnSolution, type TurnSolveOptions } from './turn.ts';

/** The points-per-turn optimum over many turns when zilches in a row cost points. */
export interface LongRun {
  /** Long-run average points per turn. */
  readonly gain: number;
  /** Relative value of each streak of zilches in a row (streak 0 is 0). */
  readonly bias: readonly number[];
  /** The turn strategy for each streak (its zilch value carries the penalty to come). */
  readonly turns: readonly TurnSolution[];
}

/**
 * Relative value iteration over the streak of zilches in a row. With bias h (h₀ = 0) a turn
 * at streak s banks t (then h₀) or zilches into h(s+1), less the penalty on the last one; so
 * each streak is a turn solve whose zilch is worth h(next) − penalty. The average g = T₀(h).
 */
export function solveLongRun(rules: RuleSet, opts: TurnSolveOptions = {}): LongRun {
  const id = JSON.stringify([opts.onBoard ?? true, opts.capPoints]);
  let local = memo.get(rules);
  const hit = local?.get(id);
  if (hit) return hit;
  const lr = longRun(rules, opts);
  if (!local) memo.set(rules, (local = new Map()));
  local.set(id, lr);
  return lr;
}

const memo = new WeakMap<RuleSet, Map<string, LongRun>>();

function longRun(rules: RuleSet, opts: TurnSolveOptions): LongRun {
  const penalty = rules.zilchPenalty;
  if (!penalty) {
    const turn = solveTurn(rules, opts);
    return { gain: turn.expectedTurn, bias: [0], turns: [turn] };
  }
  const k = penalty.zilches;
  let h = new Array<number>(k).fill(0);
  let turns: TurnSolution[] = [];
  let gain = 0;
  const zilchValue = (s: number, hh: number[]): number =>
    s + 1 >= k ? -penalty.points : (hh[s + 1] as number);
  for (let iter = 0; iter < 500; iter++) {
    turns = h.map((_, s) => solveTurn(rules, { ...opts, zilchValue: round(zilchValue(s, h)) }));
    const T = turns.map((t) => t.expectedTurn);
    gain = T[0] as number;
    const nh = T.map((v) => v - gain);
    const delta = Math.max(...nh.map((v, i) => Math.abs(v - (h[i] as number))));
    h = nh;
    if (delta < 1e-7) break;
  }
  return { gain, bias: h, turns };
}

/** Rounds away float noise so memoised solves are reused once the iteration settles. */
function round(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}
