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
