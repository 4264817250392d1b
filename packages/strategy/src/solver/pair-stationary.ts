import type { FlatGroups } from './groups-flat.ts';

/** Slopes closer than this count as equal (the values then move together). */
export const SLOPE_EPS = 1e-12;

/**
 * The stationary rows of a pair's table: totals so far above the target that the values no
 * longer depend on the total (`TwoPlayerSolution.stationaryFrom`), only on the dice count.
 * Solved by policy iteration, with each value's slope in the zilch value z.
 */
export class StationaryRows {
  /** Bank value with n dice (index n), set by the table's `setup`. */
  readonly bankC: Float64Array;
  /** Values and their slopes in z, per dice count. */
  readonly v: Float64Array;
  readonly sv: Float64Array;
  /** Roll values and their slopes in z, per dice count. */
  readonly rInf: Float64Array;
  readonly srInf: Float64Array;
  private readonly rollPol: Uint8Array;
  private pick: Int32Array | null = null;
  private rowsM: Float64Array[] | null = null;

  constructor(
    private readonly g: FlatGroups,
    private readonly N: number,
  ) {
    this.bankC = new Float64Array(N + 1);
    this.v = new Float64Array(N + 1);
    this.sv = new Float64Array(N + 1);
    this.rInf = new Float64Array(N + 1);
    this.srInf = new Float64Array(N + 1);
    this.rollPol = new Uint8Array(N + 1);
  }

  /**
   * Values of the stationary rows at zilch value z by policy iteration over the dice count
   * (gains no longer matter there); returns the smallest gap of its decisions.
   */
  values(z: number): number {
    const g = this.g;
    const N = this.N;
    const { v, sv, bankC, rollPol } = this;
    for (let n = 1; n <= N; n++) {
      v[n] = bankC[n]!;
      sv[n] = 0;
      rollPol[n] = 0;
    }
    let gap = Infinity;
    // Each group's choice of next dice count, re-chosen at every improvement step.
    const pick = (this.pick ??= new Int32Array(g.prob.length));
    pick.fill(0);
    for (let iter = 0; iter < 100; iter++) {
      let changed = false;
      gap = Infinity;
      for (let n = 1; n <= N; n++) {
        let r = g.zilch[n]! * z;
        for (let k = g.gFrom[n]!; k < g.gFrom[n + 1]!; k++) {
          let best = -1;
          let bn = 0;
          for (let j = g.oFrom[k]!; j < g.oFrom[k + 1]!; j++) {
            const nx = g.next[j]!;
            const w = v[nx]!;
            if (w > best) {
              best = w;
              bn = nx;
            }
          }
          for (let j = g.oFrom[k]!; j < g.oFrom[k + 1]!; j++) {
            const nx = g.next[j]!;
            const ds = Math.abs(sv[nx]! - sv[bn]!);
            if (ds > SLOPE_EPS) gap = Math.min(gap, (best - v[nx]!) / ds);
          }
          if (pick[k] !== bn && v[bn]! > v[pick[k]!]! + 1e-15) changed = true;
          if (v[bn]! > v[pick[k]!]! + 1e-15 || pick[k] === 0) pick[k] = bn;
          r += g.prob[k]! * best;
        }
        const roll = r > bankC[n]! + 1e-15 ? 1 : 0;
        if (roll !== rollPol[n]) changed = true;
        rollPol[n] = roll;
        let sr = g.zilch[n]!;
        for (let k = g.gFrom[n]!; k < g.gFrom[n + 1]!; k++) sr += g.prob[k]! * sv[pick[k]!]!;
        if (sr > SLOPE_EPS) gap = Math.min(gap, Math.abs(r - bankC[n]!) / sr);
      }
      if (!changed && iter > 0) break;
      this.evaluate(z, pick);
    }
    for (let n = 1; n <= N; n++) {
      let r = g.zilch[n]! * z;
      let sr = g.zilch[n]!;
      for (let k = g.gFrom[n]!; k < g.gFrom[n + 1]!; k++) {
        r += g.prob[k]! * v[pick[k]!]!;
        sr += g.prob[k]! * sv[pick[k]!]!;
      }
      this.rInf[n] = r;
      this.srInf[n] = sr;
    }
    return gap;
  }

  /** Solves the linear system of a fixed stationary policy for values and slopes. */
  private evaluate(z: number, pick: Int32Array): void {
    const g = this.g;
    const N = this.N;
    // Rows: v_n − Σ p v_next = zilch·z (roll) or v_n = bank; two right-hand sides.
    // Reused rows (swapped by reference), so a stationary solve allocates nothing.
    const rows = (this.rowsM ??= Array.from({ length: N }, () => new Float64Array(N + 2)));
    const M: Float64Array[] = [];
    for (let n = 1; n <= N; n++) {
      const row = rows[n - 1]!.fill(0);
      row[n - 1] = 1;
      if (this.rollPol[n]) {
        for (let k = g.gFrom[n]!; k < g.gFrom[n + 1]!; k++) row[pick[k]! - 1]! -= g.prob[k]!;
        row[N] = g.zilch[n]! * z;
        row[N + 1] = g.zilch[n]!;
      } else row[N] = this.bankC[n]!;
      M.push(row);
    }
    for (let c = 0; c < N; c++) {
      let p = c;
      for (let r = c + 1; r < N; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
      [M[c], M[p]] = [M[p]!, M[c]!];
      for (let r = 0; r < N; r++) {
        if (r === c) continue;
        const f = M[r]![c]! / M[c]![c]!;
        if (f !== 0) for (let k = c; k < N + 2; k++) M[r]![k]! -= f * M[c]![k]!;
      }
    }
    for (let n = 1; n <= N; n++) {
      this.v[n] = M[n - 1]![N]! / M[n - 1]![n - 1]!;
      this.sv[n] = M[n - 1]![N + 1]! / M[n - 1]![n - 1]!;
    }
  }
}
