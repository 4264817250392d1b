import type { RuleSet } from '@zilch/engine';
import { UNIT } from './outcomes.ts';

/**
 * Default score floor under a zilch penalty, in penalties below zero (zilch-online: 3,000
 * points). A penalty that would take a score below the floor ends the game as a loss for that
 * player. Values are monotone in that boundary, so solving with the opposite one (a win)
 * brackets the real game; docs/solver.md gives how far apart the two are.
 */
const FLOOR_PENALTIES = 6;

/** The zilch penalty as the two-player solver counts it (units of 50 points). */
export interface PenaltyShape {
  /** Zilches in a row that cost the penalty; streaks run 0..Z−1. */
  readonly Z: number;
  /** Points lost, in units. */
  readonly P: number;
  /** Lowest score kept, in units below zero: scores run −L..T−1. */
  readonly L: number;
  /** Scores per player: T + L. */
  readonly W: number;
  /** What a penalty below the floor is worth to the penalised player: 0 (a loss) or 1. */
  readonly below: number;
}

/** The penalty of a rule set with its score floor (points), or null without one. */
export function penaltyShape(rules: RuleSet, floorPoints?: number, below = 0): PenaltyShape | null {
  const p = rules.zilchPenalty;
  if (!p) return null;
  floorPoints ??= FLOOR_PENALTIES * p.points;
  const L = Math.ceil(floorPoints / UNIT);
  return { Z: p.zilches, P: p.points / UNIT, L, W: rules.target / UNIT + L, below };
}

/** Index of the fresh value F(a, b, sa, sb) (scores in units, streaks) in a penalty store. */
export function penaltyIndex(
  p: PenaltyShape,
  a: number,
  b: number,
  sa: number,
  sb: number,
): number {
  return (((a + p.L) * p.W + b + p.L) * p.Z + sa) * p.Z + sb;
}

/** What the penalty solve needs of the solution: its store, zilch values and counters. */
interface PenaltyHost {
  readonly T: number;
  readonly pen: PenaltyShape | null;
  readonly store: Float64Array | Float32Array;
  zilchValue(a: number, b: number, sa: number, sb: number): number;
}

/** A pair's decision table for a given opponent's streak (bank values), swept at zilch values. */
interface StreakTable {
  readonly f: number;
  setup(a: number, b: number, sb: number): void;
  sweep(z: number): void;
  settle(z: number): void;
}

/** Settings of the penalty solve. */
interface PenaltySolveOptions {
  readonly onProgress?: (done: number) => void;
  /** Stop once no fresh value moved by more than this in a pass. */
  readonly tolerance?: number;
}

/**
 * Solves the fresh values of every (a, b, sa, sb) under a zilch penalty. A bank raises the
 * sum of the scores and resets the banker's streak; a zilch raises the mover's streak, and
 * the Z-th costs P and resets it. So within one sum of scores the streaks only grow along
 * zilches: taken by decreasing streak sum, each value needs only values already made there,
 * at higher sums, or — through a penalty — at the sum P lower. That last link closes cycles
 * (a penalty, then banks back up), so whole passes over the sums, highest first, repeat
 * (Gauss-Seidel) until no value moves by more than the tolerance. Each pair keeps one table
 * per opponent's streak (its bank values) and reaches the Z zilch values of the mover's
 * streaks by the tables' slope moves. Returns the number of passes.
 */
export function solvePenaltyPairs(
  host: PenaltyHost,
  tables: readonly StreakTable[],
  opts: PenaltySolveOptions = {},
): number {
  const p = host.pen as PenaltyShape;
  const { Z, L } = p;
  const T = host.T;
  const store = host.store;
  store.fill(0.5);
  const tol = opts.tolerance ?? 1e-14;
  const A = tables.slice(0, Z);
  const B = tables.slice(Z, 2 * Z);
  const started = new Uint8Array(2 * Z);
  const put = (tab: StreakTable, k: number, z: number): void => {
    if (started[k]) tab.settle(z);
    else {
      tab.sweep(z);
      started[k] = 1;
    }
  };
  let pass = 0;
  for (; pass < 500; pass++) {
    let delta = 0;
    for (let s = 2 * T - 2; s >= -2 * L; s--) {
      for (let a = Math.max(-L, s - T + 1); a <= Math.min(T - 1, s + L); a++) {
        const b = s - a;
        if (a > b) break;
        const two = a !== b;
        started.fill(0);
        for (let sb = 0; sb < Z; sb++) {
          A[sb]!.setup(a, b, sb);
          if (two) B[sb]!.setup(b, a, sb);
        }
        for (let k = 2 * Z - 2; k >= 0; k--) {
          for (let sa = Math.max(0, k - Z + 1); sa <= Math.min(Z - 1, k); sa++) {
            const sb = k - sa;
            put(A[sb]!, sb, host.zilchValue(a, b, sa, sb));
            const i = penaltyIndex(p, a, b, sa, sb);
            const v = A[sb]!.f;
            delta = Math.max(delta, Math.abs(v - store[i]!));
            store[i] = v;
            if (!two) continue;
            put(B[sa]!, Z + sa, host.zilchValue(b, a, sb, sa));
            const j = penaltyIndex(p, b, a, sb, sa);
            const w = B[sa]!.f;
            delta = Math.max(delta, Math.abs(w - store[j]!));
            store[j] = w;
          }
        }
      }
    }
    // About 25 passes reach the tolerance (docs/solver.md); the last one reports 1.
    opts.onProgress?.(Math.min(0.99, (pass + 1) / 25));
    if (delta <= tol) break;
  }
  return pass + 1;
}
