import { PairTable } from './pair-table.ts';

/**
 * A pair's decision table that records its decisions, for the zilch penalty's solve
 * (penalty.ts): sweeps at a zilch value that keep every choice and the smallest gap between a
 * decision and its runner-up, and the chance of each bank those decisions lead to.
 */
export class RecordTable extends PairTable {
  /** Smallest decision gap of the last `sweepRecord` (see penalty.ts). */
  gap = 0;
  /** Chance of a zilch under the last `sweepRecord`'s decisions. */
  pz = 0;
  /** Per row and group: the chosen option's offset from the row (`sweepRecord`). */
  private choice: Int32Array | null = null;
  /** Per cell: 1 where the last `sweepRecord` banks. */
  private banks: Uint8Array | null = null;
  /**
   * Per cell, which function of the inputs the last `sweepRecord`'s value is: −1 a constant,
   * a bank's total t (1 − F at a + t), or −2 a roll (compared on its value alone).
   */
  private kind: Int32Array | null = null;
  private mass: Float64Array | null = null;

  /**
   * A full value sweep at zilch value z (the same additions as `sweepValues`) that records
   * every decision, for `outcomes`, and the smallest gap between a decision and its runner-up.
   * Runners-up that are the same function of the inputs as the choice (banks at the same
   * total, or both constants) are no competitors: they can never overtake it. Constants are
   * banks at or above the target and rolls there that cannot zilch, onto constants only.
   */
  sweepRecord(z: number, gaps: boolean): void {
    if (!gaps) return this.sweepChoices(z);
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const top = this.top;
    const G = g.prob.length;
    const rows = this.D.length / N;
    const choice = (this.choice ??= new Int32Array(rows * G));
    const banks = (this.banks ??= new Uint8Array(rows * N));
    const kind = (this.kind ??= new Int32Array(rows * N));
    banks.fill(1, (top + 1) * N, (top + g.maxGain + 1) * N);
    kind.fill(-1, (top + 1) * N, (top + g.maxGain + 1) * N);
    const { D, R, B } = this;
    const { gFrom, oFrom, off, prob, zilch } = g;
    const lead = sol.T - this.a;
    let gap = Infinity;
    for (let t = top; t >= 0; t--) {
      const base = t * N;
      for (let n = 1; n <= N; n++) {
        let v = zilch[n]! * z;
        const gEnd = gFrom[n + 1]!;
        for (let k = gFrom[n]!; k < gEnd; k++) {
          let best = -1;
          let bo = 0;
          // The best constant, and the best two others: constants never overtake each other.
          let c1 = -1;
          let n1 = -1;
          let n2 = -1;
          const oFirst = oFrom[k]!;
          const oEnd = oFrom[k + 1]!;
          for (let j = oFirst; j < oEnd; j++) {
            const o = off[j]!;
            const idx = base + o;
            const w = D[idx]!;
            if (w > best) {
              best = w;
              bo = o;
            }
            if (kind[idx] === -1) {
              if (w > c1) c1 = w;
            } else if (w > n1) {
              n2 = n1;
              n1 = w;
            } else if (w > n2) n2 = w;
          }
          let second = kind[base + bo] === -1 ? n1 : c1 > n2 ? c1 : n2;
          if (best - second < gap) {
            // A close call: look again without the choice's equals.
            const kb = kind[base + bo]!;
            second = -1;
            for (let j = oFirst; j < oEnd; j++) {
              const idx = base + off[j]!;
              const kj = kind[idx]!;
              if (off[j] === bo || (kb !== -2 && kj === kb)) continue;
              const w = D[idx]!;
              if (w > second) second = w;
            }
            if (best - second < gap) gap = best - second;
          }
          choice[t * G + k] = bo;
          v += prob[k]! * best;
        }
        const i = base + n - 1;
        R[i] = v;
        const bank = B[i]!;
        // At or above the target a roll that cannot zilch is a constant if all it reaches is.
        let rollConst = false;
        if (t >= lead && zilch[n] === 0) {
          rollConst = true;
          for (let j = oFrom[gFrom[n]!]!; j < oFrom[gEnd]!; j++)
            if (kind[base + off[j]!] !== -1) {
              rollConst = false;
              break;
            }
        }
        if (bank >= v) {
          D[i] = bank;
          banks[i] = 1;
          kind[i] = t >= lead ? -1 : t;
        } else {
          D[i] = v;
          banks[i] = 0;
          kind[i] = rollConst ? -1 : -2;
        }
        if (bank > -1 && !(rollConst && t >= lead)) {
          const d = bank > v ? bank - v : v - bank;
          if (d < gap) gap = d;
        }
      }
    }
    this.z = z;
    this.f = R[N - 1]!;
    this.gap = gap;
    sol.states += (top + 1) * N;
    sol.sweeps += 1;
  }

  /** `sweepRecord` without the gaps (about 40% cheaper): decisions and values only. */
  private sweepChoices(z: number): void {
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const top = this.top;
    const G = g.prob.length;
    const rows = this.D.length / N;
    const choice = (this.choice ??= new Int32Array(rows * G));
    const banks = (this.banks ??= new Uint8Array(rows * N));
    banks.fill(1, (top + 1) * N, (top + g.maxGain + 1) * N);
    const { D, R, B } = this;
    const { gFrom, oFrom, off, prob, zilch } = g;
    for (let t = top; t >= 0; t--) {
      const base = t * N;
      for (let n = 1; n <= N; n++) {
        let v = zilch[n]! * z;
        const gEnd = gFrom[n + 1]!;
        for (let k = gFrom[n]!; k < gEnd; k++) {
          let best = -1;
          let bo = 0;
          const oEnd = oFrom[k + 1]!;
          for (let j = oFrom[k]!; j < oEnd; j++) {
            const o = off[j]!;
            const w = D[base + o]!;
            if (w > best) {
              best = w;
              bo = o;
            }
          }
          choice[t * G + k] = bo;
          v += prob[k]! * best;
        }
        const i = base + n - 1;
        R[i] = v;
        const bank = B[i]!;
        if (bank >= v) {
          D[i] = bank;
          banks[i] = 1;
        } else {
          D[i] = v;
          banks[i] = 0;
        }
      }
    }
    this.z = z;
    this.f = R[N - 1]!;
    this.gap = 0;
    sol.states += (top + 1) * N;
    sol.sweeps += 1;
  }

  /**
   * Under the last `sweepRecord`'s decisions, from a fresh turn: adds the chance of banking
   * each total t = lo..T−a−1 (lo the smallest bank) into out[at + t − lo], sets `pz`, and
   * returns the chance-weighted value of the banks at or above the target (constants).
   */
  outcomes(out: Float64Array, at: number): number {
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const G = g.prob.length;
    const hi = this.top + g.maxGain;
    const choice = this.choice!;
    const banks = this.banks!;
    const M = (this.mass ??= new Float64Array(this.D.length));
    M.fill(0, 0, (hi + 1) * N);
    M[N - 1] = 1;
    const lead = sol.T - this.a;
    const lo = Math.max(sol.minFor(this.a), 1);
    const { gFrom, prob, zilch } = g;
    const B = this.B;
    let c = 0;
    let pz = 0;
    // Every keep adds points, so mass only flows to higher totals.
    for (let t = 0; t <= hi; t++) {
      const base = t * N;
      for (let n = 1; n <= N; n++) {
        const i = base + n - 1;
        const m = M[i]!;
        if (m === 0) continue;
        if (banks[i]) {
          if (t < lead) out[at + t - lo] = out[at + t - lo]! + m;
          else c += m * B[i]!;
          continue;
        }
        pz += m * zilch[n]!;
        const gEnd = gFrom[n + 1]!;
        for (let k = gFrom[n]!; k < gEnd; k++) {
          const d = base + choice[t * G + k]!;
          M[d] = M[d]! + m * prob[k]!;
        }
      }
    }
    this.pz = pz;
    return c;
  }
}
