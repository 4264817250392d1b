import {
  penaltyIndex,
  type PenaltyHost,
  type PenaltyShape,
  type PenaltySolveOptions,
  type PenaltySolveStats,
  type StreakTable,
} from './penalty.ts';

/** Margin kept below half a gap for the rounding of values and gaps. */
const SAFE = 1e-13;

/**
 * First full passes in which each pair's values borrow the decisions of one sweep per
 * orientation (any decisions will do to evaluate; early ones are poor anyway): 2 of 9 sweeps.
 */
export const SHARED_PASSES = 2;

/** The arrays of a PolicyRecord, to hand to other threads (over SharedArrayBuffers there). */
export interface PolicyArrays {
  readonly probs: Float64Array;
  readonly cst: Float64Array;
  readonly pz: Float64Array;
  readonly gap: Float64Array;
  readonly zRec: Float64Array;
  readonly recPass: Int16Array;
}

/** How a PolicyRecord makes its arrays: plain, or shared between threads. */
export type Alloc = {
  f64(n: number): Float64Array;
  i16(n: number): Int16Array;
};

/** Plain arrays, for a solve in one thread. */
const LOCAL: Alloc = { f64: (n) => new Float64Array(n), i16: (n) => new Int16Array(n) };

/**
 * Each fresh value's decisions as last recorded: under them the value is linear in its
 * inputs, c + pz·z − Σ p_t F(b, a+t, sb, 0) (a bank of t leaves the opponent fresh with the
 * banker's streak reset), with the gap that proves them still optimal while the inputs move
 * less than half of it.
 */
export class PolicyRecord {
  readonly lo: number;
  /** Where each score's bank chances start (per a + L), then each value's are `count(a)` long. */
  private readonly base: Float64Array;
  readonly arrays: PolicyArrays;
  /** The store at the end of each full pass whose recordings prove decisions (by pass). */
  readonly snaps: Float64Array[] = [];

  constructor(
    private readonly p: PenaltyShape,
    private readonly T: number,
    lo: number,
    arrays: Alloc | PolicyArrays = LOCAL,
  ) {
    this.lo = lo;
    const { W, Z, L } = p;
    const S = W * W * Z * Z;
    this.base = new Float64Array(W + 1);
    for (let a = -L; a < T; a++)
      this.base[a + L + 1] = this.base[a + L]! + W * Z * Z * this.count(a);
    this.arrays =
      'probs' in arrays
        ? arrays
        : {
            probs: arrays.f64(this.base[W]!),
            cst: arrays.f64(S),
            pz: arrays.f64(S),
            gap: arrays.f64(S),
            zRec: arrays.f64(S),
            recPass: arrays.i16(S).fill(-1),
          };
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

/** A fresh set of counts. */
function noStats(): PenaltySolveStats {
  return { passes: 0, linearPasses: 0, skipped: 0, swept: 0, sweptByPass: [] };
}

/**
 * The work of a penalty solve on one pair of scores, (a, b) and (b, a), in a full pass (every
 * value re-decided) or a re-evaluation pass. Values of one sum of scores read only their own
 * pair's, higher sums' and (through a penalty) the sum P lower, which a pass reaches later:
 * so the pairs of a sum may be taken by several threads at once, to the same bits.
 */
export class PenaltyPairs {
  /** The pass under way, and whether its sweeps record decision gaps. */
  pass = 0;
  gaps = false;
  readonly stats = noStats();
  private readonly p: PenaltyShape;
  private readonly store: Float64Array | Float32Array;
  private readonly plain: boolean;
  private readonly ready: Uint8Array;
  /** Per orientation of the pair: the value whose decisions the others borrow (shared passes). */
  private readonly lender = new Int32Array(2);
  private readonly lenderAt = new Float64Array(2);

  constructor(
    readonly host: PenaltyHost,
    private readonly tables: readonly StreakTable[],
    readonly rec: PolicyRecord,
    opts: PenaltySolveOptions,
  ) {
    this.p = host.pen as PenaltyShape;
    this.store = host.store;
    this.plain = opts.fullSweeps === true;
    this.ready = new Uint8Array(2 * this.p.Z);
  }

  /** The first and last `a` of the pairs (a, s − a), a ≤ s − a, of the sum s. */
  pairsOfSum(s: number): [number, number] {
    const { L } = this.p;
    return [Math.max(-L, s - this.host.T + 1), Math.min(this.host.T - 1, s + L, Math.floor(s / 2))];
  }

  /** Every value of the pair (a, b) and (b, a), streak sums down; returns the largest move. */
  pair(a: number, b: number, full: boolean): number {
    const Z = this.p.Z;
    const two = a !== b;
    let delta = 0;
    this.ready.fill(0);
    this.lender.fill(-1);
    for (let k = 2 * Z - 2; k >= 0; k--) {
      for (let sa = Math.max(0, k - Z + 1); sa <= Math.min(Z - 1, k); sa++) {
        const sb = k - sa;
        delta = Math.max(delta, full ? this.decide(0, a, b, sa, sb) : this.evaluate(a, b, sa, sb));
        if (two)
          delta = Math.max(
            delta,
            full ? this.decide(1, b, a, sb, sa) : this.evaluate(b, a, sb, sa),
          );
      }
    }
    return delta;
  }

  /** The recorded decisions' value of F(a, b, sa, sb) at the current inputs. */
  private linear(i: number, at: number, n: number, j: number, z: number): number {
    const { probs, cst, pz } = this.rec.arrays;
    const store = this.store;
    const Z2 = this.p.Z * this.p.Z;
    let sum = 0;
    for (let k = 0; k < n; k++, j += Z2) sum += probs[at + k]! * store[j]!;
    return cst[i]! + pz[i]! * z - sum;
  }

  /** Whether the recorded decisions of value i still stand at the current inputs. */
  private stands(i: number, n: number, j: number, z: number): boolean {
    const { gap, zRec, recPass } = this.rec.arrays;
    const r = recPass[i]!;
    if (r < 0) return false;
    const half = (gap[i]! - SAFE) / 2;
    let eps = Math.abs(z - zRec[i]!);
    if (!(eps < half)) return false;
    const snap = this.rec.snaps[r]!;
    const store = this.store;
    const Z2 = this.p.Z * this.p.Z;
    for (let k = 0; k < n; k++, j += Z2) {
      const d = store[j]! - snap[j]!;
      if (d > eps || -d > eps) eps = d < 0 ? -d : d;
    }
    return eps < half;
  }

  /** Re-decides F(a, b, sa, sb) in a full pass (table `o` of the pair's two); returns its move. */
  private decide(o: number, a: number, b: number, sa: number, sb: number): number {
    const { p, rec, store, stats, lender, lenderAt } = this;
    const { probs, cst, pz, gap, zRec, recPass } = rec.arrays;
    const i = penaltyIndex(p, a, b, sa, sb);
    const z = this.host.zilchValue(a, b, sa, sb);
    const n = rec.count(a);
    const at = rec.at(a, b, sa, sb);
    // The bank values a + lo .. T − 1: F(b, a + t, sb, 0), Z² apart in the store.
    const j = penaltyIndex(p, b, a + rec.lo, sb, 0);
    let v: number;
    if (this.plain) {
      v = this.sweep(o, a, b, sb, z, false);
    } else if (this.stands(i, n, j, z)) {
      v = this.linear(i, at, n, j, z);
      stats.skipped++;
    } else if (this.pass < SHARED_PASSES && lender[o]! >= 0) {
      // Early passes only need some decisions to evaluate: borrow the pair's first ones.
      const from = lenderAt[o]!;
      probs.copyWithin(at, from, from + n);
      cst[i] = cst[lender[o]!]!;
      pz[i] = pz[lender[o]!]!;
      recPass[i] = -1;
      v = this.linear(i, at, n, j, z);
    } else {
      v = this.sweep(o, a, b, sb, z, this.gaps);
      const tab = this.tables[o * p.Z + sb]!;
      probs.fill(0, at, at + n);
      let c = tab.outcomes(probs, at);
      // A bank of t is worth 1 − F(b, a + t, sb, 0): the ones go to the constant.
      for (let k = 0; k < n; k++) c += probs[at + k]!;
      cst[i] = c;
      pz[i] = tab.pz;
      gap[i] = tab.gap;
      zRec[i] = z;
      recPass[i] = this.gaps ? this.pass : -1;
      lender[o] = i;
      lenderAt[o] = at;
    }
    const d = Math.abs(v - store[i]!);
    store[i] = v;
    return d;
  }

  /** Sweeps the table of (a, b) for the opponent's streak sb at zilch value z; returns F. */
  private sweep(o: number, a: number, b: number, sb: number, z: number, withGaps: boolean): number {
    const k = o * this.p.Z + sb;
    const tab = this.tables[k]!;
    if (!this.ready[k]) {
      tab.setup(a, b, sb);
      this.ready[k] = 1;
    }
    tab.sweepRecord(z, withGaps);
    this.stats.swept++;
    return tab.f;
  }

  /** Re-evaluates F(a, b, sa, sb) under its recorded decisions; returns its move. */
  private evaluate(a: number, b: number, sa: number, sb: number): number {
    const { p, rec, store } = this;
    const i = penaltyIndex(p, a, b, sa, sb);
    const z = this.host.zilchValue(a, b, sa, sb);
    const v = this.linear(
      i,
      rec.at(a, b, sa, sb),
      rec.count(a),
      penaltyIndex(p, b, a + rec.lo, sb, 0),
      z,
    );
    const d = Math.abs(v - store[i]!);
    store[i] = v;
    return d;
  }
}
