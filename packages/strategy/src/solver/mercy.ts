import type { RuleSet } from '@zilch/engine';

/**
 * The value of a fresh turn's first roll under first-roll mercy: `roll(t)` values rolling
 * every die from running total t (its zilch worth `zilchValue`, what a turn that ends in a
 * zilch is worth). A first-roll zilch instead adds the mercy points and rolls every die once
 * more, and it is no zilch of its own, so its `zilchValue` is replaced by that roll's value.
 * Without the rule, just `roll(0)`. Any scale works (points, units, shares of a win) as long
 * as `roll`, the mercy points passed through it and `zilchValue` agree.
 */
export function mercyRoll(
  rules: RuleSet,
  roll: (total: number) => number,
  zilch: number,
  zilchValue: number,
  unit = 1,
): number {
  const first = roll(0);
  const mercy = rules.firstRollMercy;
  if (!mercy || zilch === 0) return first;
  return first + zilch * (roll(mercy.points / unit) - zilchValue);
}
