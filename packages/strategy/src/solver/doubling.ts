import type { RuleSet } from '@zilch/engine';
import { reachFrom, totalAfter, type DoublingGroups } from './doubling-groups.ts';
import { LastTurn } from './last-turn.ts';
import { turnKernel } from './turn-kernel.ts';

/** A DoublingFinal's solved values, as a saved solution keeps them (JSON). */
export interface DoublingFinalValues {
  readonly tie: readonly number[];
  readonly noTie: readonly (readonly [number, number])[];
}

/**
 * The opponent's last turn after a bank that reached the target, under Hot Dice doubling:
 * the chance they beat (or tie) a lead of `need` units when they must bank at least `min`.
 * Doubling makes a keep's points depend on the total, so each lead needs its own last-turn
 * table (`LastTurn`, exact); values are kept once computed.
 */
export class DoublingFinal {
  /** Values by winning total, with a tie possible (index win) and without (index −win − 1). */
  private tie = new Float64Array(0);
  private readonly noTie = new Map<number, number>();

  constructor(private readonly rules: RuleSet) {}

  /** Chance (a tie counts ½) that the last player wins from `need` units behind, fresh turn. */
  value(need: number, min: number): number {
    const tie = need >= min;
    const win = tie ? need + 1 : min;
    if (!tie) {
      let v = this.noTie.get(win);
      if (v === undefined) this.noTie.set(win, (v = this.solve(win, false, min)));
      return v;
    }
    if (win >= this.tie.length) {
      const grown = new Float64Array(Math.max(win + 1, 2 * this.tie.length)).fill(-1);
      grown.set(this.tie);
      this.tie = grown;
    }
    let v = this.tie[win]!;
    // With a tie possible the minimum never binds (need ≥ min), so one value per total.
    if (v < 0) this.tie[win] = v = this.solve(win, true, 0);
    return v;
  }

  /** The values solved so far (−1: not yet), to keep with a saved solution. */
  known(): DoublingFinalValues {
    return { tie: Array.from(this.tie), noTie: [...this.noTie] };
  }

  /**
   * Takes values this rule set's last turns were solved to before (a saved solution's): each
   * is one last-turn solve, and a fresh advisor would otherwise make hundreds of them (about
   * 80 s of CPU for `hot-dice`) before its first answer.
   */
  learn(values: DoublingFinalValues): void {
    if (values.tie.length > this.tie.length) {
      const grown = new Float64Array(values.tie.length).fill(-1);
      grown.set(this.tie);
      this.tie = grown;
    }
    values.tie.forEach((v, win) => {
      if (v >= 0 && this.tie[win]! < 0) this.tie[win] = v;
    });
    for (const [win, v] of values.noTie) if (!this.noTie.has(win)) this.noTie.set(win, v);
  }

  private solve(win: number, tie: boolean, min: number): number {
    const goal = { win, tieShare: tie ? 0.5 : 0, min, zilchShare: 0 };
    return new LastTurn(this.rules, goal, turnKernel(this.rules)).roll(0, this.rules.dice);
  }
}

/** Largest move of z trusted without a new sweep. */
const STEP = 1e-3;
const SAFE = 1e-13;
/** Slopes closer than this count as equal (the values then move together). */
const SLOPE_EPS = 1e-12;

/** The pieces of a two-player solution a doubling table reads. */
export interface DoublingHost {
  /** Ceiling on the score a bank reaches, in units (final round), else the target. */
  readonly ceiling: number;
  /** Decision states evaluated, and table sweeps made (for the figures). */
  states: number;
  sweeps: number;
  minFor(score: number): number;
  /** Value for the banker of banking total t at (a, b) (no offers). */
  bankValue(a: number, b: number, t: number, n: number): number;
}

/**
 * The decision table of one pair of scores under Hot Dice doubling: row t = running total,
 * column = kernel state (dice left, held sets). The rule set's running total has no bound
 * (each extension doubles it), so the model has a ceiling: once the score a + t reaches
 * `ceiling` the player banks (the opponent's last turn is still valued exactly at the real
 * total). Values carry their slope in the zilch value z for the Newton step, and each row
 * the room z has before a decision could change, so most steps move values along slopes.
 */
export class DoublingTable {
  a = 0;
  b = 0;
  top = 0;
  z = 0;
  f = 0;
  fp = 0;
  readonly D: Float64Array;
  readonly SD: Float64Array;
  readonly R: Float64Array;
  readonly SR: Float64Array;
  private readonly B: Float64Array;
  /** Bank values of the totals past the ceiling a keep can reach (index tp − top − 1). */
  private above = new Float64Array(0);

  constructor(
    private readonly host: DoublingHost,
    private readonly g: DoublingGroups,
    rows: number,
    private readonly slopes = true,
  ) {
    const S = g.S;
    this.D = new Float64Array(rows * S);
    this.R = new Float64Array(rows * S);
    this.SD = slopes ? new Float64Array(rows * S) : this.D;
    this.SR = slopes ? new Float64Array(rows * S) : this.R;
    this.B = new Float64Array(rows);
    this.rowCrit = new Float64Array(rows);
  }

  /** Per row: how far z may move before a decision in this row or above could change. */
  private readonly rowCrit: Float64Array;

  /** Prepares the table of (a, b): bank values, which do not depend on z. */
  setup(a: number, b: number): void {
    const h = this.host;
    this.a = a;
    this.b = b;
    // Rows 0..top are computed; from top + 1 on a bank wins at once (first to the target)
    // or the ceiling forces it (final round).
    this.top = Math.max(h.ceiling - a, h.minFor(a)) - 1;
    const min = h.minFor(a);
    for (let t = 0; t <= this.top; t++) this.B[t] = t < min ? -1 : h.bankValue(a, b, t, 0);
    const span = reachFrom(this.g, this.top) - this.top;
    if (this.above.length < span) this.above = new Float64Array(span);
    for (let k = 0; k < span; k++) this.above[k] = h.bankValue(a, b, this.top + 1 + k, 0);
  }

  /**
   * A full backward sweep at zilch value z. With slopes it also records how far z may move
   * before any decision of the table could change (`crit`): the smallest gap between the
   * chosen option and another, over the difference of their slopes.
   */
  sweep(z: number): void {
    this.sweepRows(z, this.top, STEP);
  }

  /** Sweeps rows `from` down to 0 at zilch value z (rows above are already at z). */
  private sweepRows(z: number, from: number, room: number): void {
    const g = this.g;
    const S = g.S;
    const { D, SD, R, SR, B, top, above, slopes, rowCrit } = this;
    const { gFrom, oFrom, next, gain, off, prob, zilch, spFrom, spBase, spMul } = g;
    // Running minimum from the top: rowCrit[t] is the smallest room of the rows ≥ t.
    let crit = slopes ? room : 0;
    for (let t = from; t >= 0; t--) {
      const base = t * S;
      for (let s = 0; s < S; s++) {
        let v = zilch[s]! * z;
        let sl = zilch[s]!;
        for (let k = gFrom[s]!; k < gFrom[s + 1]!; k++) {
          let best = -1;
          let second = -1;
          let bi = -1;
          const oEnd = oFrom[k + 1]!;
          for (let j = oFrom[k]!; j < oEnd; j++) {
            const fixed = gain[j]!;
            let tp = t + fixed;
            let i: number;
            if (fixed >= 0) i = tp > top ? -1 : base + off[j]!;
            else {
              // The engine's points: the largest split (usually there is one).
              tp = 0;
              for (let q = spFrom[j]!; q < spFrom[j + 1]!; q++) {
                const u = (t + spBase[q]!) * spMul[q]!;
                if (u > tp) tp = u;
              }
              i = tp > top ? -1 : tp * S + next[j]!;
            }
            const w = i < 0 ? above[tp - top - 1]! : D[i]!;
            if (w > best) {
              second = best;
              best = w;
              bi = i;
            } else if (w > second) second = w;
          }
          const sb = bi < 0 ? 0 : SD[bi]!;
          if (slopes && best - second < crit) crit = this.closest(k, t, best, sb, crit);
          const p = prob[k]!;
          v += p * best;
          sl += p * sb;
        }
        const i = base + s;
        R[i] = v;
        const bank = B[t]!;
        if (bank >= v) {
          D[i] = bank;
          if (slopes) SD[i] = 0;
        } else {
          D[i] = v;
          if (slopes) SD[i] = sl;
        }
        if (slopes) {
          SR[i] = sl;
          if (bank > -1 && sl > SLOPE_EPS) {
            const c = (bank > v ? bank - v : v - bank) / sl;
            if (c < crit) crit = c;
          }
        }
      }
      rowCrit[t] = crit;
    }
    this.host.states += (from + 1) * S;
    this.host.sweeps += (from + 1) / (top + 1);
    this.z = z;
    this.f = R[g.start]!;
    this.fp = slopes ? SR[g.start]! : 0;
  }

  /** How far z may move before another option of group k overtakes the best (a close call). */
  private closest(k: number, t: number, best: number, sb: number, crit: number): number {
    const g = this.g;
    const S = g.S;
    for (let j = g.oFrom[k]!; j < g.oFrom[k + 1]!; j++) {
      const tp = totalAfter(g, j, t);
      // Past the ceiling the player banks: a value with slope 0.
      const above = tp > this.top;
      const i = tp * S + g.next[j]!;
      const w = above ? this.above[tp - this.top - 1]! : this.D[i]!;
      const ds = Math.abs((above ? 0 : this.SD[i]!) - sb);
      if (ds > SLOPE_EPS && best - w < crit * ds) crit = (best - w) / ds;
    }
    return crit;
  }

  /**
   * Brings the table to zilch value z: rows whose decisions all stand over the move are moved
   * along their slopes (exact), and the rows from the highest one that could change down to
   * 0 are swept again.
   */
  settle(z: number): void {
    const dz = z - this.z;
    if (dz === 0) return;
    const m = Math.abs(dz) + SAFE;
    if (!this.slopes || m >= STEP) return this.sweep(z);
    const { D, SD, R, SR, rowCrit } = this;
    const S = this.g.S;
    let k = this.top;
    while (k >= 0 && rowCrit[k]! > m) k--;
    for (let i = (k + 1) * S; i < (this.top + 1) * S; i++) {
      D[i] = D[i]! + SD[i]! * dz;
      R[i] = R[i]! + SR[i]! * dz;
    }
    // Each move eats into the room the sweep measured for the rows it moved.
    const moved = Math.abs(dz);
    for (let t = k + 1; t <= this.top; t++) rowCrit[t] = rowCrit[t]! - moved;
    if (k >= 0) this.sweepRows(z, k, k < this.top ? rowCrit[k + 1]! : STEP);
    else {
      this.z = z;
      this.f = R[this.g.start]!;
    }
  }

  /** Roll value at total t ≤ top with n dice and nothing held (what the solve stores). */
  roll(t: number, n: number): number {
    return this.R[t * this.g.S + this.g.kernel.index(n, 0)]!;
  }

  /** A copy of the roll values of rows 0..top. */
  rolls(): Float64Array {
    return this.R.slice(0, (this.top + 1) * this.g.S);
  }
}
