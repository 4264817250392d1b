import type { RuleSet } from '../rules/schema.ts';
import { arrangements, keyOfCounts, multisetsOfSize } from './multiset.ts';
import { scoringTable } from './table.ts';

/** An exact probability as a reduced fraction. */
export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** Exact chance that a roll of n dice (no held sets) is a zilch. */
export function zilchChance(rules: RuleSet, n: number): Fraction {
  const table = scoringTable(rules);
  let zilch = 0;
  for (const c of multisetsOfSize(n))
    if (table.byKey(keyOfCounts(c)).zilch) zilch += arrangements(c);
  const num = BigInt(zilch);
  const den = 6n ** BigInt(n);
  const g = gcd(num, den) || 1n;
  return { numerator: num / g, denominator: den / g };
}

/** A fraction as "a/b". */
export function formatFraction(f: Fraction): string {
  return `${f.numerator}/${f.denominator}`;
}
