import {
  arrangements,
  keyOfCounts,
  multisetsOfSize,
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

/** rollStats, computed once per rule set. */
export function cachedRollStats(rules: RuleSet): RollStats[] {
  const id = JSON.stringify(rules);
  let s = cache.get(id);
  if (!s) {
    s = rollStats(rules);
    cache.set(id, s);
  }
  return s;
}
