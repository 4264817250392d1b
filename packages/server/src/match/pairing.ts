// Who plays whom: a pure function of the waiting players, their ratings and how long each has
// waited. No I/O, so the bench and the tests run it alone.

/** How the accepted rating difference grows with the wait. */
export interface RangeRule {
  /** Difference accepted at once. */
  readonly base: number;
  /** Added per second of waiting. */
  readonly perSecond: number;
  /** Never wider than this. */
  readonly max: number;
}

/** One waiting player as pairing sees them. */
export interface Waiting {
  readonly id: string;
  readonly rating: number;
  readonly joinedAt: number;
}

/** The largest rating difference a player who has waited `waitedMs` accepts. */
export function rangeAfter(rule: RangeRule, waitedMs: number): number {
  return Math.min(rule.max, rule.base + (rule.perSecond * Math.max(0, waitedMs)) / 1000);
}

/**
 * Pairs players of one pool (a preset, rated or not). The longest waiter goes first and takes
 * the closest rating that both sides accept (each side's range after its own wait); nobody is
 * in two pairs. Sorted by rating, with unpaired neighbours linked, a player looks only at
 * ratings within their own range.
 */
export function pairPlayers(
  pool: readonly Waiting[],
  rule: RangeRule,
  now: number,
): [Waiting, Waiting][] {
  const byRating = pool.slice().sort((a, b) => a.rating - b.rating || a.joinedAt - b.joinedAt);
  const n = byRating.length;
  const range = byRating.map((w) => rangeAfter(rule, now - w.joinedAt));
  // A doubly linked list over the rating order: a paired player is unlinked in O(1).
  const prev = Int32Array.from({ length: n }, (_, i) => i - 1);
  const next = Int32Array.from({ length: n }, (_, i) => (i + 1 < n ? i + 1 : -1));
  const taken = new Uint8Array(n);
  const unlink = (i: number) => {
    taken[i] = 1;
    if (prev[i]! >= 0) next[prev[i]!] = next[i]!;
    if (next[i]! >= 0) prev[next[i]!] = prev[i]!;
  };
  const order = byRating
    .map((_, i) => i)
    .sort((a, b) => byRating[a]!.joinedAt - byRating[b]!.joinedAt || a - b);
  const pairs: [Waiting, Waiting][] = [];
  for (const i of order) {
    if (taken[i]) continue;
    const me = byRating[i]!;
    let best = -1;
    let bestDiff = Infinity;
    for (const step of [prev, next]) {
      for (let j = step[i]!; j >= 0; j = step[j]!) {
        const diff = Math.abs(byRating[j]!.rating - me.rating);
        if (diff > range[i]! || diff >= bestDiff) break;
        if (diff <= range[j]!) {
          best = j;
          bestDiff = diff;
          break;
        }
      }
    }
    if (best < 0) continue;
    unlink(i);
    unlink(best);
    pairs.push([me, byRating[best]!]);
  }
  return pairs;
}
