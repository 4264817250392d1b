import type { RuleSet } from '@zilch/engine';
import { LastTurn } from './last-turn.ts';
import { UNIT } from './outcomes.ts';
import { turnKernel, type TurnKernel } from './turn-kernel.ts';

/**
 * The turn kernel of a rule set with Hot Dice extensions in flat typed arrays, for the
 * two-player inner loops. Columns are the kernel's states (dice left and held sets); rolls
 * with the same list of options are grouped. An option either adds a fixed gain or, when it
 * extends a held set, takes the total t to max over its splits of (t + base) · 2^doublings.
 */
export interface DoublingGroups {
  /** Kernel states: column s is (dice, held) of `kernel.states[s]`. */
  readonly kernel: TurnKernel;
  readonly S: number;
  /** Column of the start of a turn (all dice, nothing held). */
  readonly start: number;
  /** Chance of a zilch from each column. */
  readonly zilch: Float64Array;
  /** Groups of column s are gFrom[s] .. gFrom[s+1]−1. */
  readonly gFrom: Int32Array;
  readonly prob: Float64Array;
  /** Options of group k are oFrom[k] .. oFrom[k+1]−1. */
  readonly oFrom: Int32Array;
  /** Column after the option. */
  readonly next: Int32Array;
  /** Fixed gain in units, or −1 when the splits spFrom[j] .. spFrom[j+1]−1 decide it. */
  readonly gain: Int32Array;
  /** For a fixed gain: gain · S + next, the cell after the option relative to row t. */
  readonly off: Int32Array;
  readonly spFrom: Int32Array;
  /** Base points (units) and factor 2^doublings of each split. */
  readonly spBase: Int32Array;
  readonly spMul: Int32Array;
}

const memo = new WeakMap<TurnKernel, DoublingGroups>();

/** The flat, grouped kernel of a rule set with Hot Dice extensions (memoised per kernel). */
export function doublingGroups(rules: RuleSet): DoublingGroups {
  const kernel = turnKernel(rules);
  const hit = memo.get(kernel);
  if (hit) return hit;
  const S = kernel.states.length;
  const zilch = new Float64Array(S);
  const gFrom = new Int32Array(S + 1);
  const prob: number[] = [];
  const oFrom: number[] = [];
  const next: number[] = [];
  const gain: number[] = [];
  const spFrom: number[] = [];
  const spBase: number[] = [];
  const spMul: number[] = [];
  kernel.states.forEach((st, s) => {
    zilch[s] = st.zilch;
    gFrom[s] = prob.length;
    // Rolls with the same options (same gains, splits and next states) are one group.
    const byList = new Map<string, { p: number; opts: (typeof st.outcomes)[number]['options'] }>();
    for (const out of st.outcomes) {
      const opts = out.options
        .map((o) => ({
          o,
          id: `${o.gain}/${o.next}/${o.splits?.map((x) => x.join(':')).join(';') ?? ''}`,
        }))
        .filter((x, i, all) => all.findIndex((y) => y.id === x.id) === i)
        .sort((x, y) => (x.id < y.id ? -1 : 1));
      const id = opts.map((x) => x.id).join(',');
      const g = byList.get(id);
      if (g) g.p += out.prob;
      else byList.set(id, { p: out.prob, opts: opts.map((x) => x.o) });
    }
    for (const { p, opts } of byList.values()) {
      prob.push(p);
      oFrom.push(next.length);
      for (const o of opts) {
        next.push(o.next);
        gain.push(o.gain);
        spFrom.push(spBase.length);
        if (o.gain < 0)
          for (const [b, e] of o.splits!) {
            spBase.push(b / UNIT);
            spMul.push(2 ** e);
          }
      }
    }
  });
  gFrom[S] = prob.length;
  oFrom.push(next.length);
  spFrom.push(spBase.length);
  const g: DoublingGroups = {
    kernel,
    S,
    start: kernel.index(rules.dice, 0),
    zilch,
    gFrom,
    prob: new Float64Array(prob),
    oFrom: new Int32Array(oFrom),
    next: new Int32Array(next),
    gain: new Int32Array(gain),
    off: new Int32Array(gain.map((x, j) => (x >= 0 ? x * S + next[j]! : 0))),
    spFrom: new Int32Array(spFrom),
    spBase: new Int32Array(spBase),
    spMul: new Int32Array(spMul),
  };
  memo.set(kernel, g);
  return g;
}

/** Total after option j from total t (units): the engine's largest split under doubling. */
export function totalAfter(g: DoublingGroups, j: number, t: number): number {
  const fixed = g.gain[j]!;
  if (fixed >= 0) return t + fixed;
  let best = 0;
  for (let k = g.spFrom[j]!; k < g.spFrom[j + 1]!; k++) {
    const v = (t + g.spBase[k]!) * g.spMul[k]!;
    if (v > best) best = v;
  }
  return best;
}

/**
 * The opponent's last turn after a bank that reached the target, under Hot Dice doubling:
 * the chance they beat (or tie) a lead of `need` units when they must bank at least `min`.
 * Doubling makes a keep's points depend on the total, so each lead needs its own last-turn
 * table (`LastTurn`, exact); values are kept once computed.
 */
export class DoublingFinal {
  private readonly memo = new Map<number, number>();

  constructor(private readonly rules: RuleSet) {}

  /** Chance (a tie counts ½) that the last player wins from `need` units behind, fresh turn. */
  value(need: number, min: number): number {
    const tie = need >= min;
    const win = tie ? need + 1 : min;
    const id = win * 2 + (tie ? 1 : 0);
    let v = this.memo.get(id);
    if (v === undefined) {
      const goal = { win, tieShare: tie ? 0.5 : 0, min, zilchShare: 0 };
      v = new LastTurn(this.rules, goal, turnKernel(this.rules)).roll(0, this.rules.dice);
      this.memo.set(id, v);
    }
    return v;
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
 * (each extension doubles it), so the model has a ceiling: a keep that takes the score
 * a + t past `ceiling` leaves it at the ceiling, where the player banks. Values carry their
 * slope in the zilch value z for the Newton step; every step sweeps the whole table.
 */
export class DoublingTable {
  a = 0;
  b = 0;
  top = 0;
  z = 0;
  f = 0;
  fp = 0;
  private ceil = 0;
  readonly D: Float64Array;
  readonly SD: Float64Array;
  readonly R: Float64Array;
  readonly SR: Float64Array;
  private readonly B: Float64Array;

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
    this.ceil = h.bankValue(a, b, this.top + 1, 0);
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
    const { D, SD, R, SR, B, top, ceil, slopes, rowCrit } = this;
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
            let i: number;
            if (fixed >= 0) i = t + fixed > top ? -1 : base + off[j]!;
            else {
              // The engine's points: the largest split (usually there is one).
              let tp = 0;
              for (let q = spFrom[j]!; q < spFrom[j + 1]!; q++) {
                const u = (t + spBase[q]!) * spMul[q]!;
                if (u > tp) tp = u;
              }
              i = tp > top ? -1 : tp * S + next[j]!;
            }
            const w = i < 0 ? ceil : D[i]!;
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
      if (tp > this.top) continue; // the ceiling's bank has slope 0, like any bank
      const i = tp * S + g.next[j]!;
      const ds = Math.abs(this.SD[i]! - sb);
      if (ds > SLOPE_EPS && best - this.D[i]! < crit * ds) crit = (best - this.D[i]!) / ds;
    }
    if (sb > SLOPE_EPS && best - this.ceil < crit * sb) {
      // An option past the ceiling (slope 0) against a best that moves with z.
      for (let j = g.oFrom[k]!; j < g.oFrom[k + 1]!; j++)
        if (totalAfter(g, j, t) > this.top) crit = Math.min(crit, (best - this.ceil) / sb);
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

  /** Roll value at total t from kernel column s (the ceiling's bank above the table). */
  rollAt(t: number, s: number): number {
    return t > this.top ? this.ceil : this.R[t * this.g.S + s]!;
  }

  /** Roll value at total t with n dice and nothing held (what the solve stores). */
  roll(t: number, n: number): number {
    return this.rollAt(t, this.g.kernel.index(n, 0));
  }

  /** A copy of the roll values of rows 0..top. */
  rolls(): Float64Array {
    return this.R.slice(0, (this.top + 1) * this.g.S);
  }
}
