import type { RuleSet } from '@zilch/engine';

/**
 * Memoises a per-rule-set computation: by object first (two map lookups), then by content,
 * since rule sets rebuilt from JSON (a server's messages) are new objects with the same
 * rules; the last `keep` results by content are kept.
 */
export function memoByRules<T>(make: (rules: RuleSet) => T, keep: number): (rules: RuleSet) => T {
  const byObject = new WeakMap<RuleSet, T>();
  const byJson = new Map<string, T>();
  return (rules) => {
    let v = byObject.get(rules);
    if (v !== undefined) return v;
    const id = JSON.stringify(rules);
    v = byJson.get(id);
    if (v === undefined) {
      v = make(rules);
      if (byJson.size >= keep) byJson.delete(byJson.keys().next().value as string);
      byJson.set(id, v);
    }
    byObject.set(rules, v);
    return v;
  };
}
