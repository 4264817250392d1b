import type { RuleSet } from '@zilch/engine';
import { UNIT } from './outcomes.ts';
import {
  PenaltyPairs,
  PolicyRecord,
  SHARED_PASSES,
  type Alloc,
  type PolicyArrays,
} from './penalty-pairs.ts';

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

/** What the penalty solve needs of the solution: its store and zilch values. */
export interface PenaltyHost {
  readonly T: number;
  readonly pen: PenaltyShape | null;
  readonly store: Float64Array | Float32Array;
  zilchValue(a: number, b: number, sa: number, sb: number): number;
  minFor(score: number): number;
}

/**
 * A pair's decision table for a given opponent's streak (its bank values), swept at a zilch
 * value with its decisions recorded.
 */
export interface StreakTable {
  /** The fresh value of the last sweep. */
  readonly f: number;
  /** Smallest gap between a decision of the last sweep and its runner-up. */
  readonly gap: number;
  /** Chance of ending the turn in a zilch under the last sweep's decisions. */
  readonly pz: number;
  setup(a: number, b: number, sb: number): void;
  /** A full sweep recording the decisions, and their smallest gap when `gaps`. */
  sweepRecord(z: number, gaps: boolean): void;
  /**
   * Under the last sweep's decisions: the chance of banking each total lo..T−a−1 (added into
   * `out` from `at`); returns the value of the banks at or above the target.
   */
  outcomes(out: Float64Array, at: number): number;
}

/** Settings of the penalty solve. */
export interface PenaltySolveOptions {
  readonly onProgress?: (done: number) => void;
  /** Stop once no fresh value moved by more than this in a full pass. */
  readonly tolerance?: number;
  /** Plain value iteration: every pass sweeps every table (the reference for the fast path). */
  readonly fullSweeps?: boolean;
}

/** How a penalty solve went. */
export interface PenaltySolveStats {
  /** Full passes (every value re-decided), the last one moving nothing beyond the tolerance. */
  passes: number;
  /** Passes that only re-evaluated the recorded decisions. */
  linearPasses: number;
  /** Values re-decided without a sweep: no input had moved by half a decision gap. */
  skipped: number;
  /** Table sweeps made, and per full pass. */
  swept: number;
  sweptByPass: number[];
}

/** Re-evaluation passes stop once they move no value by this share of the last full pass's. */
const LINEAR_SHARE = 1e-3;

/**
 * Solves the fresh values of every (a, b, sa, sb) under a zilch penalty, in this thread. A
 * bank raises the sum of the scores and resets the banker's streak; a zilch raises the mover's
 * streak, and the Z-th costs P and resets it. So within one sum of scores the streaks only
 * grow along zilches: taken by decreasing streak sum, each value needs only values already made
 * there, at higher sums, or — through a penalty — at the sum P lower. That last link closes
 * cycles (a penalty, then banks back up), so passes over the sums, highest first, repeat
 * (Gauss-Seidel) until a full pass moves no value by more than the tolerance (`penaltyPasses`).
 */
export function solvePenaltyPairs(
  host: PenaltyHost,
  tables: readonly StreakTable[],
  opts: PenaltySolveOptions = {},
): PenaltySolveStats {
  startValues(host);
  const solve = new PenaltyPairs(host, tables, newRecord(host), opts);
  const run = penaltyPasses(solve, opts, (pass) => {
    solve.rec.snaps[pass] = Float64Array.from(host.store);
  });
  for (let r = run.next(); ;) {
    if (r.done) return r.value;
    let delta = 0;
    for (const s of penaltySums(host)) {
      const [lo, hi] = solve.pairsOfSum(s);
      for (let a = lo; a <= hi; a++) delta = Math.max(delta, solve.pair(a, s - a, r.value));
    }
    r = run.next(delta);
  }
}

/** Every value set to where the passes start. */
export function startValues(host: PenaltyHost): void {
  host.store.fill(0.5);
}

/** An empty record of decisions (its arrays made by `arrays`), or one over another thread's. */
export function newRecord(host: PenaltyHost, arrays?: Alloc | PolicyArrays): PolicyRecord {
  return new PolicyRecord(host.pen as PenaltyShape, host.T, Math.max(host.minFor(0), 1), arrays);
}

/** The sums of scores in the order a pass takes them, highest first. */
export function* penaltySums(host: PenaltyHost): Generator<number> {
  const L = (host.pen as PenaltyShape).L;
  for (let s = 2 * host.T - 2; s >= -2 * L; s--) yield s;
}

/**
 * The passes of a penalty solve: yields whether each pass over every sum is a full one, and is
 * told back the largest move it made; returns the counts. Modified policy iteration: a full
 * pass re-decides every value (a table sweep, or a proof that the recorded decisions still
 * stand) and records each value's decisions as the chances of its outcomes; between full
 * passes, cheap passes re-evaluate those recorded decisions (dot products) until they settle.
 * Since the last full pass re-decides everything, the result meets the same test as plain
 * value iteration. A value's recorded decisions stand while none of its inputs (bank values,
 * zilch value) moved by half the smallest gap of the sweep that recorded them: every table
 * value is a maximum of probability mixes of the inputs, so it moves no more than they do.
 * `snapshot(pass)` keeps the store as the inputs of that pass's recordings.
 */
export function* penaltyPasses(
  solve: PenaltyPairs,
  opts: PenaltySolveOptions,
  snapshot: (pass: number) => void,
): Generator<boolean, PenaltySolveStats, number> {
  const tol = opts.tolerance ?? 1e-14;
  const plain = opts.fullSweeps === true;
  const stats = solve.stats;
  for (let pass = 0; pass < 500; pass++) {
    solve.pass = pass;
    const before = stats.swept;
    const delta = yield true;
    stats.passes = pass + 1;
    stats.sweptByPass.push(stats.swept - before);
    opts.onProgress?.(Math.min(0.99, (pass + 1) / (plain ? 25 : 6)));
    // Only a pass that re-decided every value may end the solve (not one of borrowed ones).
    if (delta <= tol && (plain || pass >= SHARED_PASSES)) break;
    if (plain) continue;
    // The inputs of this pass's recordings: every bank value was final when read.
    if (solve.gaps) snapshot(pass);
    // Evaluate the decisions only as far as the next full pass can use: a thousandth of this
    // pass's move (the decisions it made are off by no more), down to the last digits.
    const enough = Math.max(tol / 10, delta * LINEAR_SHARE);
    for (let it = 0; it < 5000; it++) {
      stats.linearPasses++;
      if ((yield false) <= enough) break;
    }
    // Gaps cost 0.8 against 0.45 µs a state. The first pass of unborrowed decisions moves its
    // inputs too far for them to prove much (its successor still sweeps 68–98 % at targets
    // 300–4,000), so they start with the pass after it; without them the next sweeps all.
    solve.gaps = pass + 1 > SHARED_PASSES;
  }
  return stats;
}
