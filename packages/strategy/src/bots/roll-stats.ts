import {
  arrangements,
  keyOfCounts,
  multisetsOfSize,
  ruleKey,
  scoringTable,
  type RuleSet,
} from '@zilch/engine';

/** What one throw of n dice is worth at a glance, the figures a player's rules of thumb rest on. */
export interface RollStats {
  /** Chance the throw is a zilch. */
  readonly zilch: number;
  /** Mean points of the best selection, given the throw scores. */
  readonly gain: number;
  /** Chance the best selection uses every die (hot dice), given the throw scores. */
  readonly hot: number;
}

/** Per dice count (index n for n dice; index 0 unused) statistics of a rule set's throws. */
export function rollStats(rules: RuleSet): RollStats[] {
  const table = scoringTable(rules);
  const out: RollStats[] = [{ zilch: 1, gain: 0, hot: 0 }];
  for (let n = 1; n <= rules.dice; n++) {
    let zilch = 0;
    let scoring = 0;
    let gain = 0;
    let hot = 0;
    for (const counts of multisetsOfSize(n)) {
      const ways = arrangements(counts);
      const info = table.byKey(keyOfCounts(counts));
      if (!info.best) {
        zilch += ways;
        continue;
      }
      scoring += ways;
      gain += ways * info.best.points;
      if (info.best.dice === n) hot += ways;
    }
    const total = zilch + scoring;
    out.push({
      zilch: zilch / total,
      gain: scoring ? gain / scoring : 0,
      hot: scoring ? hot / scoring : 0,
    });
  }
  return out;
}

const cache = new Map<string, RollStats[]>();
/** By rule-set object too: a bot asks on every decision, and the key costs more than the lookup. */
const byObject = new WeakMap<RuleSet, RollStats[]>();

/** rollStats, computed once per rule set (a renamed copy included). */
export function cachedRollStats(rules: RuleSet): RollStats[] {
  const known = byObject.get(rules);
  if (known) return known;
  // Keyed by what plays, not by name: tables under fresh names must not recompute it on the
  // server's event loop; bounded, as distinct rule sets can be made at will.
  const id = ruleKey(rules);
  let s = cache.get(id);
  if (!s) {
    if (cache.size >= 64) cache.delete(cache.keys().next().value as string);
    s = rollStats(rules);
    cache.set(id, s);
  }
  byObject.set(rules, s);
  return s;
}
