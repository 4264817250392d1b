import type { RuleSet } from '../rules/schema.ts';
import { combinationsOf, type Combination } from './combinations.ts';
import { KEY_SPACE, keyOfCounts } from './multiset.ts';

/**
 * A way to score a selection under Hot Dice extensions: `base` points are added to the
 * running total, then the total doubles `ext` times.
 */
export type Split = readonly [base: number, ext: number];

/** Keeps only splits that no other split beats on both base and doublings. */
export function pareto(splits: Split[]): Split[] {
  const sorted = splits.slice().sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const out: Split[] = [];
  let bestBase = -1;
  for (const s of sorted) {
    if (s[0] > bestBase) {
      out.push(s);
      bestBase = s[0];
    }
  }
  return out;
}

/**
 * A way to score a selection under set doubling: `base` points, plus for each face (index 0 is
 * face 1) the dice that double its held set (`ext`) and the points of a set it forms (`forms`).
 */
export interface Grow {
  readonly base: number;
  readonly ext: readonly number[];
  readonly forms: readonly number[];
}

/** Held set values per face when nothing is held. */
export const NO_SETS: readonly number[] = Object.freeze([0, 0, 0, 0, 0, 0]);

/** Faces (bit f-1) whose set is held, from the held sets' points. */
export function heldOf(sets: readonly number[]): number {
  let m = 0;
  for (let f = 0; f < 6; f++) if ((sets[f] as number) > 0) m |= 1 << f;
  return m;
}

/** Points a grow adds, given the held sets' values: each extending die doubles its set. */
export function growGain(g: Grow, sets: readonly number[]): number {
  let gain = g.base;
  for (let f = 0; f < 6; f++) {
    const e = g.ext[f] as number;
    if (e > 0) gain += (sets[f] as number) * (2 ** e - 1);
  }
  return gain;
}

/** The held sets after a grow: extended sets doubled, new sets added. */
export function grownSets(g: Grow, sets: readonly number[]): number[] {
  const out = new Array<number>(6);
  for (let f = 0; f < 6; f++)
    out[f] = (sets[f] as number) * 2 ** (g.ext[f] as number) + (g.forms[f] as number);
  return out;
}

/**
 * The grow a selection is scored by: the most points (SPEC's maximum rule); among equal
 * points, the one that leaves the larger sets; then the first listed.
 */
export function pickGrow(grows: readonly Grow[], sets: readonly number[]): Grow {
  let best = grows[0] as Grow;
  let bestGain = -Infinity;
  let bestSets = -Infinity;
  for (const g of grows) {
    const gain = growGain(g, sets);
    if (gain < bestGain) continue;
    const after = grownSets(g, sets).reduce((a, b) => a + b, 0);
    if (gain > bestGain || after > bestSets) [best, bestGain, bestSets] = [g, gain, after];
  }
  return best;
}

const IMPOSSIBLE = -1;

/**
 * Finds the points of a selection: the maximum over the ways of splitting all its dice
 * into combinations (SPEC.md). Memoised per rule set; a selection is only split once.
 */
export class Splitter {
  /** Combinations that use at least one die of face f, indexed by f - 1. */
  private readonly withFace: Combination[][];
  private readonly best = new Map<number, number>();
  private readonly paretoMemo = new Map<number, Split[]>();
  private readonly growMemo = new Map<number, Grow[]>();

  constructor(private readonly rules: RuleSet) {
    const all = combinationsOf(rules);
    this.withFace = [0, 1, 2, 3, 4, 5].map((f) => all.filter((c) => (c.counts[f] as number) > 0));
  }

  /** Best points of a selection, or -1 when its dice cannot all be scored. */
  points(counts: number[]): number {
    const key = keyOfCounts(counts);
    const memo = this.best.get(key);
    if (memo !== undefined) return memo;
    const f = counts.findIndex((c) => c > 0);
    let best = f < 0 ? 0 : IMPOSSIBLE;
    if (f >= 0) {
      for (const c of this.withFace[f] as Combination[]) {
        if (!fits(c.counts, counts)) continue;
        subtract(counts, c.counts);
        const rest = this.points(counts);
        add(counts, c.counts);
        if (rest !== IMPOSSIBLE && rest + c.points > best) best = rest + c.points;
      }
    }
    this.best.set(key, best);
    return best;
  }

  /**
   * Hot Dice extension splits of a selection kept while the faces in `held` (bit f-1) are
   * held sets: a triple formed in this selection also lets its further dice extend.
   */
  splits(counts: number[], held: number): Split[] {
    const found: Split[] = [];
    const formable = [0, 1, 2, 3, 4, 5].filter(
      (f) =>
        (counts[f] as number) >= 3 &&
        !(held & (1 << f)) &&
        ((this.rules.ofAKind[f] as number[])[0] as number) > 0,
    );
    for (let t = 0; t < 1 << formable.length; t++) {
      const rest = counts.slice();
      let base = 0;
      let mask = held;
      formable.forEach((f, i) => {
        if (t & (1 << i)) {
          rest[f]! -= 3;
          base += (this.rules.ofAKind[f] as number[])[0] as number;
          mask |= 1 << f;
        }
      });
      for (const [b, e] of this.paretoSplits(rest, mask)) found.push([b + base, e]);
    }
    return pareto(found);
  }

  /**
   * Set doubling: every way to score all the dice of a selection kept while the faces in
   * `held` (bit f-1) are held sets. A die of a held face may double its set instead of
   * joining a combination; an n of a kind of a face not held forms a set worth its points.
   * Ways that differ only in base points keep the larger; empty when the dice cannot score.
   */
  grows(counts: number[], held: number): Grow[] {
    const key = keyOfCounts(counts) + KEY_SPACE * held;
    const memo = this.growMemo.get(key);
    if (memo) return memo;
    const f = counts.findIndex((c) => c > 0);
    let out: Grow[];
    if (f < 0) out = [{ base: 0, ext: NO_SETS, forms: NO_SETS }];
    else {
      const byShape = new Map<string, Grow>();
      const addGrow = (g: Grow): void => {
        const id = `${g.ext.join()}/${g.forms.join()}`;
        const had = byShape.get(id);
        if (!had || had.base < g.base) byShape.set(id, g);
      };
      const isHeld = (held & (1 << f)) !== 0;
      for (const c of this.withFace[f] as Combination[]) {
        if (!fits(c.counts, counts)) continue;
        subtract(counts, c.counts);
        const forms = c.kind === 'of-a-kind' && !isHeld;
        for (const g of this.grows(counts, held)) {
          let fm = g.forms;
          if (forms) {
            fm = fm.slice();
            (fm as number[])[f]! += c.points;
          }
          addGrow({ base: g.base + c.points, ext: g.ext, forms: fm });
        }
        add(counts, c.counts);
      }
      if (isHeld) {
        counts[f]! -= 1;
        for (const g of this.grows(counts, held)) {
          const ext = g.ext.slice();
          ext[f]! += 1;
          addGrow({ base: g.base, ext, forms: g.forms });
        }
        counts[f]! += 1;
      }
      out = [...byShape.values()];
    }
    this.growMemo.set(key, out);
    return out;
  }

  private paretoSplits(counts: number[], mask: number): Split[] {
    const key = keyOfCounts(counts) + KEY_SPACE * mask;
    const memo = this.paretoMemo.get(key);
    if (memo) return memo;
    const f = counts.findIndex((c) => c > 0);
    let out: Split[];
    if (f < 0) out = [[0, 0]];
    else {
      const found: Split[] = [];
      for (const c of this.withFace[f] as Combination[]) {
        if (!fits(c.counts, counts)) continue;
        subtract(counts, c.counts);
        for (const [b, e] of this.paretoSplits(counts, mask)) found.push([b + c.points, e]);
        add(counts, c.counts);
      }
      if (mask & (1 << f)) {
        counts[f]! -= 1;
        for (const [b, e] of this.paretoSplits(counts, mask)) found.push([b, e + 1]);
        counts[f]! += 1;
      }
      out = pareto(found);
    }
    this.paretoMemo.set(key, out);
    return out;
  }
}

/** Points gained by a split from a running total: (total + base) × 2^ext − total. */
export function splitGain(splits: readonly Split[], total: number): number {
  let best = -Infinity;
  for (const [b, e] of splits) {
    const g = (total + b) * 2 ** e - total;
    if (g > best) best = g;
  }
  return best;
}

function fits(part: readonly number[], whole: readonly number[]): boolean {
  for (let f = 0; f < 6; f++) if ((part[f] as number) > (whole[f] as number)) return false;
  return true;
}
function subtract(whole: number[], part: readonly number[]): void {
  for (let f = 0; f < 6; f++) whole[f]! -= part[f] as number;
}
function add(whole: number[], part: readonly number[]): void {
  for (let f = 0; f < 6; f++) whole[f]! += part[f] as number;
}
