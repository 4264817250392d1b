import type { RuleSet } from './schema.ts';

/**
 * The rule set as strategy sees it: fields that change no decision (its name, who starts, the
 * turn timer) set to fixed values. How ties end stays: a shared win and a play-off are worth
 * different things, and so change the best play near the end and every object's keys in one order.
 * Two rule sets that play the same get the same canonical form, so a renamed copy of a rule set
 * hits every cache (solutions in memory, on disk, the pool's) instead of forcing a new solve.
 */
export function canonicalRules(rules: RuleSet): RuleSet {
  return sortKeys({
    ...rules,
    name: 'canonical',
    firstPlayer: 'seat-1',
    turnTimerSeconds: null,
  }) as RuleSet;
}

/** A string that identifies a rule set for strategy caches (the JSON of its canonical form). */
export function ruleKey(rules: RuleSet): string {
  return JSON.stringify(canonicalRules(rules));
}

/** A value with every object's keys in one order, for a stable JSON text. */
export function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, sortKeys(o[k])]),
  );
}
