import type { RuleSet } from '@zilch/engine';
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

/** The largest total any keep can reach from a total up to t (units). */
export function reachFrom(g: DoublingGroups, t: number): number {
  let most = t;
  for (let j = 0; j < g.next.length; j++) most = Math.max(most, totalAfter(g, j, t));
  return most;
}
