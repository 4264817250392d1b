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

/** What the penalty solve needs of the solution: its store and zilch values. */
interface PenaltyHost {
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
interface StreakTable {
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
interface PenaltySolveOptions {
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

/** Margin kept below half a gap for the rounding of values and gaps. */
const SAFE = 1e-13;

/**
 * First full passes in which each pair's values borrow the decisions of one sweep per
 * orientation (any decisions will do to evaluate; early ones are poor anyway): 2 of 9 sweeps.
 */
const SHARED_PASSES = 2;

/** Re-evaluation passes stop once they move no value by this share of the last full pass's. */
const LINEAR_SHARE = 1e-3;

/**
 * Each fresh value's decisions as last recorded: under them the value is linear in its
 * inputs, c + pz·z − Σ p_t F(b, a+t, sb, 0) (a bank of t leaves the opponent fresh with the
 * banker's streak reset), with the gap that proves them still optimal while the inputs move
 * less than half of it.
 */
class PolicyRecord {
  readonly lo: number;
  /** Where each score's bank chances start (per a + L), then each value's are `count(a)` long. */
  private readonly base: Float64Array;
  readonly probs: Float64Array;
  readonly cst: Float64Array;
  readonly pz: Float64Array;
  readonly gap: Float64Array;
  readonly zRec: Float64Array;
  /** Full pass whose end-of-pass values were the inputs of the recording; −1 = none yet. */
  readonly recPass: Int16Array;
  readonly snaps: Float64Array[] = [];

  constructor(
    private readonly p: PenaltyShape,
    private readonly T: number,
    lo: number,
  ) {
    this.lo = lo;
    const { W, Z, L } = p;
    const S = W * W * Z * Z;
    this.base = new Float64Array(W + 1);
    for (let a = -L; a < T; a++)
      this.base[a + L + 1] = this.base[a + L]! + W * Z * Z * this.count(a);
    this.probs = new Float64Array(this.base[W]!);
    this.cst = new Float64Array(S);
    this.pz = new Float64Array(S);
    this.gap = new Float64Array(S);
    this.zRec = new Float64Array(S);
    this.recPass = new Int16Array(S).fill(-1);
  }

  /** Totals a bank can reach below the target from score a: lo..T−a−1. */
  count(a: number): number {
    return Math.max(0, this.T - a - this.lo);
  }

  /** Where the bank chances of F(a, b, sa, sb) start. */
  at(a: number, b: number, sa: number, sb: number): number {
    const { Z, L } = this.p;
    return this.base[a + L]! + (((b + L) * Z + sa) * Z + sb) * this.count(a);
  }
}

/**
 * Solves the fresh values of every (a, b, sa, sb) under a zilch penalty. A bank raises the
 * sum of the scores and resets the banker's streak; a zilch raises the mover's streak, and
 * the Z-th costs P and resets it. So within one sum of scores the streaks only grow along
 * zilches: taken by decreasing streak sum, each value needs only values already made there,
 * at higher sums, or — through a penalty — at the sum P lower. That last link closes cycles
 * (a penalty, then banks back up), so passes over the sums, highest first, repeat
 * (Gauss-Seidel) until a full pass moves no value by more than the tolerance.
 *
 * Modified policy iteration: a full pass re-decides every value (a table sweep, or a proof
 * that the recorded decisions still stand) and records each value's decisions as the chances
 * of its outcomes; between full passes, cheap passes re-evaluate those recorded decisions
 * (dot products) until they settle. Since the last full pass re-decides everything, the
 * result meets the same test as plain value iteration. A value's recorded decisions stand
 * while none of its inputs (bank values, zilch value) moved by half the smallest gap of the
 * sweep that recorded them: every table value is a maximum of probability mixes of the
 * inputs, so it moves no more than they do.
 */
export function solvePenaltyPairs(
  host: PenaltyHost,
  tables: readonly StreakTable[],
  opts: PenaltySolveOptions = {},
): PenaltySolveStats {
  const p = host.pen as PenaltyShape;
  const { Z, L } = p;
  const Z2 = Z * Z;
  const T = host.T;
  const store = host.store;
  store.fill(0.5);
  const tol = opts.tolerance ?? 1e-14;
  const plain = opts.fullSweeps === true;
  const lo = Math.max(host.minFor(0), 1);
  const rec = new PolicyRecord(p, T, lo);
  const { probs, cst, pz, gap, zRec, recPass, snaps } = rec;
  const ready = new Uint8Array(2 * Z);
  // Per orientation of the pair: the value whose decisions the others borrow (shared passes).
  const lender = new Int32Array(2).fill(-1);
  const lenderAt = new Float64Array(2);
  const stats: PenaltySolveStats = {
    passes: 0,
    linearPasses: 0,
    skipped: 0,
    swept: 0,
    sweptByPass: [],
  };
  let pass = 0;
  let gaps = false;

  /** The recorded decisions' value of F(a, b, sa, sb) at the current inputs. */
  const linear = (i: number, at: number, n: number, j: number, z: number): number => {
    let sum = 0;
    for (let k = 0; k < n; k++, j += Z2) sum += probs[at + k]! * store[j]!;
    return cst[i]! + pz[i]! * z - sum;
  };

  /** Whether the recorded decisions of value i still stand at the current inputs. */
  const stands = (i: number, n: number, j: number, z: number): boolean => {
    const r = recPass[i]!;
    if (r < 0) return false;
    const half = (gap[i]! - SAFE) / 2;
    let eps = Math.abs(z - zRec[i]!);
    if (!(eps < half)) return false;
    const snap = snaps[r]!;
    for (let k = 0; k < n; k++, j += Z2) {
      const d = store[j]! - snap[j]!;
      if (d > eps || -d > eps) eps = d < 0 ? -d : d;
    }
    return eps < half;
  };

  /** Re-decides F(a, b, sa, sb) in a full pass (table `o` of the pair's two); returns its move. */
  const decide = (o: number, a: number, b: number, sa: number, sb: number): number => {
    const i = penaltyIndex(p, a, b, sa, sb);
    const z = host.zilchValue(a, b, sa, sb);
    const n = rec.count(a);
    const at = rec.at(a, b, sa, sb);
    // The bank values a + lo .. T − 1: F(b, a + t, sb, 0), Z² apart in the store.
    const j = penaltyIndex(p, b, a + lo, sb, 0);
    let v: number;
    if (plain) {
      v = sweep(o, a, b, sb, z, false);
    } else if (stands(i, n, j, z)) {
      v = linear(i, at, n, j, z);
      stats.skipped++;
    } else if (pass < SHARED_PASSES && lender[o]! >= 0) {
      // Early passes only need some decisions to evaluate: borrow the pair's first ones.
      const from = lenderAt[o]!;
      probs.copyWithin(at, from, from + n);
      cst[i] = cst[lender[o]!]!;
      pz[i] = pz[lender[o]!]!;
      recPass[i] = -1;
      v = linear(i, at, n, j, z);
    } else {
      v = sweep(o, a, b, sb, z, gaps);
      const tab = tables[o * Z + sb]!;
      probs.fill(0, at, at + n);
      let c = tab.outcomes(probs, at);
      // A bank of t is worth 1 − F(b, a + t, sb, 0): the ones go to the constant.
      for (let k = 0; k < n; k++) c += probs[at + k]!;
      cst[i] = c;
      pz[i] = tab.pz;
      gap[i] = tab.gap;
      zRec[i] = z;
      recPass[i] = gaps ? pass : -1;
      lender[o] = i;
      lenderAt[o] = at;
    }
    const d = Math.abs(v - store[i]!);
    store[i] = v;
    return d;
  };

  /** Sweeps the table of (a, b) for the opponent's streak sb at zilch value z; returns F. */
  const sweep = (
    o: number,
    a: number,
    b: number,
    sb: number,
    z: number,
    withGaps: boolean,
  ): number => {
    const tab = tables[o * Z + sb]!;
    if (!ready[o * Z + sb]) {
      tab.setup(a, b, sb);
      ready[o * Z + sb] = 1;
    }
    tab.sweepRecord(z, withGaps);
    stats.swept++;
    return tab.f;
  };

  /** Re-evaluates F(a, b, sa, sb) under its recorded decisions; returns its move. */
  const evaluate = (a: number, b: number, sa: number, sb: number): number => {
    const i = penaltyIndex(p, a, b, sa, sb);
    const z = host.zilchValue(a, b, sa, sb);
    const v = linear(i, rec.at(a, b, sa, sb), rec.count(a), penaltyIndex(p, b, a + lo, sb, 0), z);
    const d = Math.abs(v - store[i]!);
    store[i] = v;
    return d;
  };

  /** A pass over every value in the solve's order (sums down, streak sums down). */
  const sweepAll = (full: boolean): number => {
    let delta = 0;
    for (let s = 2 * T - 2; s >= -2 * L; s--) {
      for (let a = Math.max(-L, s - T + 1); a <= Math.min(T - 1, s + L); a++) {
        const b = s - a;
        if (a > b) break;
        const two = a !== b;
        ready.fill(0);
        lender.fill(-1);
        for (let k = 2 * Z - 2; k >= 0; k--) {
          for (let sa = Math.max(0, k - Z + 1); sa <= Math.min(Z - 1, k); sa++) {
            const sb = k - sa;
            delta = Math.max(delta, full ? decide(0, a, b, sa, sb) : evaluate(a, b, sa, sb));
            if (two)
              delta = Math.max(delta, full ? decide(1, b, a, sb, sa) : evaluate(b, a, sb, sa));
          }
        }
      }
    }
    return delta;
  };

  for (; pass < 500; pass++) {
    const before = stats.swept;
    const delta = sweepAll(true);
    stats.passes = pass + 1;
    stats.sweptByPass.push(stats.swept - before);
    opts.onProgress?.(Math.min(0.99, (pass + 1) / (plain ? 25 : 6)));
    // Only a pass that re-decided every value may end the solve (not one of borrowed ones).
    if (delta <= tol && (plain || pass >= SHARED_PASSES)) break;
    if (plain) continue;
    // The inputs of this pass's recordings: every bank value was final when read.
    if (gaps) snaps[pass] = Float64Array.from(store);
    // Evaluate the decisions only as far as the next full pass can use: a thousandth of this
    // pass's move (the decisions it made are off by no more), down to the last digits.
    const enough = Math.max(tol / 10, delta * LINEAR_SHARE);
    for (let it = 0; it < 5000; it++) {
      stats.linearPasses++;
      if (sweepAll(false) <= enough) break;
    }
    // Gaps cost 0.8 against 0.45 µs a state. The first pass of unborrowed decisions moves its
    // inputs too far for them to prove much (its successor still sweeps 68–98 % at targets
    // 300–4,000), so they start with the pass after it; without them the next sweeps all.
    gaps = pass + 1 > SHARED_PASSES;
  }
  return stats;
}
