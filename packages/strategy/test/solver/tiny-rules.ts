import { preset, type RuleSet } from '@zilch/engine';

/** A small rule set: `dice` dice, singles 1 and 5, triples, nothing else unless overridden. */
export function tiny(dice: number, extra: Partial<RuleSet> = {}): RuleSet {
  const base = preset('farkle-2017');
  return {
    ...base,
    name: `tiny-${dice}`,
    dice,
    target: 1000,
    ofAKind: base.ofAKind.map((row) => row.slice(0, Math.max(0, dice - 2))),
    ...extra,
  };
}
