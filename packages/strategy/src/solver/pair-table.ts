import { PairRolls } from './pair-rolls.ts';
import { SLOPE_EPS, StationaryRows } from './pair-stationary.ts';
import type { TwoPlayerSolution } from './two-player-solution.ts';

/** Margin kept below a decision's gap for the rounding of values and gaps. */
const SAFE = 1e-13;
/** Largest move of z trusted without a new sweep; closer calls than this are checked one by one. */
const STEP = 1e-3;

/**
 * The decision table of one pair of scores (a on turn, b waiting), row t = running total,
 * column n − 1 = dice available. Along with each value it carries its slope in the zilch
 * value z (the chance to end the turn in a zilch, between 0 and 1), so a Newton step can
 * solve the zilch cycle, and the smallest gap between a chosen option and any other.
 * The penalty solve's tables record their decisions too (`RecordTable`, pair-record.ts).
 */
export class PairTable {
  a = 0;
  b = 0;
  /** Last row computed by the sweep; rows above are stationary or forced banks. */
  top = 0;
  stat = false;
  /** Zilch value of the current values, R(0, N) there and its slope. */
  z = 0;
  f = 0;
  fp = 0;
  /** Per row: how far z may move before a decision in the row could change. */
  private readonly rowCrit: Float64Array;
  private statCrit = Infinity;
  readonly D: Float64Array;
  readonly S: Float64Array;
  readonly R: Float64Array;
  readonly SR: Float64Array;
  readonly B: Float64Array;
  /** The rows from `stationaryFrom` on, when the pair has them (`stat`). */
  private readonly st: StationaryRows;

  constructor(
    protected readonly sol: TwoPlayerSolution,
    rows: number,
  ) {
    const N = sol.N;
    this.D = new Float64Array(rows * N);
    this.S = new Float64Array(rows * N);
    this.R = new Float64Array(rows * N);
    this.SR = new Float64Array(rows * N);
    this.B = new Float64Array(rows * N);
    this.rowCrit = new Float64Array(rows);
    this.st = new StationaryRows(sol.groups, N);
  }

  /** Prepares the table of (a, b) (opponent's streak sb): bank values, which do not depend on z. */
  setup(a: number, b: number, sb = 0): void {
    const sol = this.sol;
    const N = sol.N;
    this.a = a;
    this.b = b;
    const from = sol.stationaryFrom(a, b);
    this.stat = from !== null;
    if (!this.stat && sol.stationary) sol.capped++;
    this.top = from === null ? sol.top(a) : from - 1;
    const min = sol.minFor(a);
    const hi = this.top + sol.groups.maxGain;
    const last = this.stat ? this.top : hi;
    const lo = Math.max(min, 1);
    for (let t = 0; t <= last; t++) {
      if (t < lo) for (let n = 1; n <= N; n++) this.B[t * N + n - 1] = -1;
      else if (a + t >= sol.T || !sol.withOffers) {
        for (let n = 1; n <= N; n++) this.B[t * N + n - 1] = sol.bankValue(a, b, t, n, sb);
      } else {
        // bankValue inlined for the common case, same operations: 1 − max(fresh, inherit).
        const store = sol.store;
        const f = sol.fresh(b, a + t);
        const row = sol.at(b, a + t, t, 1) - 1;
        for (let n = 1; n <= N; n++) {
          const on = sol.offerDice(n);
          const i = on > 0 ? store[row + on]! : f;
          this.B[t * N + n - 1] = 1 - (on > 0 && i > f ? i : f);
        }
      }
    }
    if (this.stat) for (let n = 1; n <= N; n++) this.st.bankC[n] = sol.bankValue(a, b, from!, n);
    else
      for (let t = this.top + 1; t <= hi; t++)
        for (let n = 1; n <= N; n++) {
          const i = t * N + n - 1;
          this.D[i] = this.B[i]!;
          this.S[i] = 0;
        }
  }

  /** A full backward sweep at zilch value z. */
  sweep(z: number): void {
    const sol = this.sol;
    const N = sol.N;
    const top = this.top;
    this.statCrit = Infinity;
    if (this.stat) {
      this.statCrit = this.st.values(z);
      for (let t = top + 1; t <= top + sol.groups.maxGain; t++)
        for (let n = 1; n <= N; n++) {
          this.D[t * N + n - 1] = this.st.v[n]!;
          this.S[t * N + n - 1] = this.st.sv[n]!;
        }
    }
    this.sweepRows(z, top);
  }

  /** A full backward sweep at zilch value z of the values alone (no slopes or gaps). */
  sweepValues(z: number): void {
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const top = this.top;
    if (this.stat) {
      this.st.values(z);
      for (let t = top + 1; t <= top + g.maxGain; t++)
        for (let n = 1; n <= N; n++) this.D[t * N + n - 1] = this.st.v[n]!;
    }
    const { D, R, B } = this;
    const { gFrom, oFrom, off, prob, zilch } = g;
    for (let t = top; t >= 0; t--) {
      const base = t * N;
      for (let n = 1; n <= N; n++) {
        // Same operations in the same order as sweepRows, so the values match to the bit.
        let v = zilch[n]! * z;
        const gEnd = gFrom[n + 1]!;
        for (let k = gFrom[n]!; k < gEnd; k++) {
          let best = -1;
          const oEnd = oFrom[k + 1]!;
          for (let j = oFrom[k]!; j < oEnd; j++) {
            const w = D[base + off[j]!]!;
            if (w > best) best = w;
          }
          v += prob[k]! * best;
        }
        const i = base + n - 1;
        R[i] = v;
        const bank = B[i]!;
        D[i] = bank >= v ? bank : v;
      }
    }
    this.z = z;
    this.f = R[N - 1]!;
  }

  /** A compact copy of the roll values (rows 0..top and the stationary row). */
  rolls(): PairRolls {
    const N = this.sol.N;
    const top = this.top;
    const R = new Float64Array((top + 2) * N);
    R.set(this.R.subarray(0, (top + 1) * N));
    if (this.stat) R.set(this.st.rInf.subarray(1, N + 1), (top + 1) * N);
    return new PairRolls(top, this.stat, N, R);
  }

  /**
   * Brings the table to zilch value z: rows whose decisions all stand are moved along their
   * slopes, and only the rows from the highest one that could change are swept again.
   */
  settle(z: number): void {
    const dz = z - this.z;
    if (dz === 0) return;
    const m = Math.abs(dz) + SAFE;
    if (m >= STEP || m >= this.statCrit || this.sol.fullSweeps) return this.sweep(z);
    let k = this.top;
    while (k >= 0 && this.rowCrit[k]! > m) k--;
    const N = this.sol.N;
    const { D, S, R, SR } = this;
    const hi = this.stat ? this.top + this.sol.groups.maxGain : this.top;
    for (let i = (k + 1) * N; i < (hi + 1) * N; i++) {
      D[i] = D[i]! + S[i]! * dz;
      R[i] = R[i]! + SR[i]! * dz;
    }
    // The gaps of the moved rows were measured at the sweep that set them; each move eats
    // into them, so after several moves in a row the next check must see what is left.
    const moved = Math.abs(dz);
    for (let t = k + 1; t <= this.top; t++) this.rowCrit[t] = this.rowCrit[t]! - moved;
    if (this.stat) {
      this.statCrit -= moved;
      const { v, sv, rInf, srInf } = this.st;
      for (let n = 1; n <= N; n++) {
        v[n] = v[n]! + sv[n]! * dz;
        rInf[n] = rInf[n]! + srInf[n]! * dz;
      }
    }
    if (k >= 0) this.sweepRows(z, k);
    else {
      this.z = z;
      this.f = R[N - 1]!;
    }
  }

  /** Sweeps rows `from` down to 0 at zilch value z (rows above are already at z). */
  private sweepRows(z: number, from: number): void {
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const { D, S, R, SR, B, rowCrit } = this;
    const { gFrom, oFrom, off, prob, zilch } = g;
    const top = from;
    // Running minimum from the top: rowCrit[t] is the smallest critical move of rows ≥ t,
    // so options whose gap already exceeds it need no closer look.
    let minGap = from < this.top ? rowCrit[from + 1]! : Math.min(STEP, this.statCrit);
    for (let t = top; t >= 0; t--) {
      const base = t * N;
      for (let n = 1; n <= N; n++) {
        let v = zilch[n]! * z;
        let sl = zilch[n]!;
        const gEnd = gFrom[n + 1]!;
        for (let k = gFrom[n]!; k < gEnd; k++) {
          let best = -1;
          let second = -1;
          let bi = 0;
          const oFirst = oFrom[k]!;
          const oEnd = oFrom[k + 1]!;
          for (let j = oFirst; j < oEnd; j++) {
            const idx = base + off[j]!;
            const w = D[idx]!;
            if (w > best) {
              second = best;
              best = w;
              bi = idx;
              // An exact tie moving at the same slope is no competitor (stationary rows).
            } else if (w > second && (w < best || S[idx] !== S[bi])) second = w;
          }
          const sb = S[bi]!;
          if (best - second < minGap) {
            // A close call: how far may z move before another option overtakes?
            for (let j = oFirst; j < oEnd; j++) {
              const idx = base + off[j]!;
              const ds = S[idx]! - sb;
              const ads = ds < 0 ? -ds : ds;
              if (ads > SLOPE_EPS && best - D[idx]! < minGap * ads) minGap = (best - D[idx]!) / ads;
            }
          }
          const p = prob[k]!;
          v += p * best;
          sl += p * sb;
        }
        const i = base + n - 1;
        R[i] = v;
        SR[i] = sl;
        const bank = B[i]!;
        if (bank >= v) {
          D[i] = bank;
          S[i] = 0;
        } else {
          D[i] = v;
          S[i] = sl;
        }
        if (bank > -1 && sl > SLOPE_EPS) {
          const c = (bank > v ? bank - v : v - bank) / sl;
          if (c < minGap) minGap = c;
        }
      }
      rowCrit[t] = minGap;
    }
    this.z = z;
    this.f = R[N - 1]!;
    this.fp = SR[N - 1]!;
    sol.states += (top + 1) * N;
    sol.sweeps += (top + 1) / (this.top + 1);
  }

  /** Roll value at row t, column n (stationary rows included). */
  roll(t: number, n: number): number {
    return t > this.top ? this.st.rInf[n]! : this.R[t * this.sol.N + n - 1]!;
  }
}
