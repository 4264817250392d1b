import {
  arrangements,
  keyOfCounts,
  multisetsOfSize,
  scoringTable,
  type RuleSet,
  type ScoringOption,
} from '@zilch/engine';

/** Points are multiples of 50; solvers count in these units. */
export const UNIT = 50;

/**
 * The distinct rolls of `n` dice, grouped by their list of distinct (points, dice) options.
 * Every option is kept (none is pruned as dominated), which keeps the solvers exact when
 * values are not monotone in the turn total (offers, final round, caps).
 */
export interface RollGroups {
  /** Dice rolled. */
  readonly dice: number;
  /** Chance that the roll is a zilch. */
  readonly zilch: number;
  /** Chance of each group. */
  readonly prob: Float64Array;
  /** Options of group g are `start[g]` .. `start[g+1]-1`. */
  readonly start: Int32Array;
  /** Points of each option, in units of 50. */
  readonly gain: Int32Array;
  /** Dice available after the option: n − kept, or all dice again after hot dice. */
  readonly next: Int32Array;
}

/** Groups the rolls of `n` dice with no held sets by their option lists. */
export function rollGroups(rules: RuleSet, n: number): RollGroups {
  const table = scoringTable(rules);
  const total = 6 ** n;
  const byList = new Map<string, { prob: number; opts: [number, number][] }>();
  let zilch = 0;
  for (const counts of multisetsOfSize(n)) {
    const p = arrangements(counts) / total;
    const info = table.byKey(keyOfCounts(counts));
    if (info.zilch) {
      zilch += p;
      continue;
    }
    const opts = distinctOptions(info.options, n, rules.dice);
    const id = opts.map((o) => `${o[0]}:${o[1]}`).join(',');
    const g = byList.get(id);
    if (g) g.prob += p;
    else byList.set(id, { prob: p, opts });
  }
  const groups = [...byList.values()];
  const prob = new Float64Array(groups.length);
  const start = new Int32Array(groups.length + 1);
  const size = groups.reduce((s, g) => s + g.opts.length, 0);
  const gain = new Int32Array(size);
  const next = new Int32Array(size);
  let k = 0;
  groups.forEach((g, i) => {
    prob[i] = g.prob;
    start[i] = k;
    for (const [pts, left] of g.opts) {
      gain[k] = pts;
      next[k] = left;
      k++;
    }
  });
  start[groups.length] = k;
  return { dice: n, zilch, prob, start, gain, next };
}

/**
 * The distinct (points in units, dice left) pairs of a roll's options, most points first:
 * the best option then usually comes first, which keeps the solvers' max loops predictable.
 */
function distinctOptions(
  options: readonly ScoringOption[],
  n: number,
  allDice: number,
): [number, number][] {
  const seen = new Set<number>();
  const out: [number, number][] = [];
  for (const o of options) {
    const left = n - o.dice === 0 ? allDice : n - o.dice;
    const pts = o.points / UNIT;
    const id = pts * 64 + left;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push([pts, left]);
  }
  return out.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
}

/** Roll groups for 1..dice dice (index n), memoised per rule set. */
export function allRollGroups(rules: RuleSet): RollGroups[] {
  const id = JSON.stringify(rules);
  let g = memo.get(id);
  if (!g) {
    g = [];
    for (let n = 1; n <= rules.dice; n++) g[n] = rollGroups(rules, n);
    if (memo.size > 16) memo.delete(memo.keys().next().value as string);
    memo.set(id, g);
  }
  return g;
}
const memo = new Map<string, RollGroups[]>();
