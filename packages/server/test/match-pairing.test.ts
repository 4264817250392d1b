// The pairing rule alone (match/pairing.ts): nobody twice, both sides accept the difference,
// the longest waiter takes the closest rating, and ranges widen with the wait up to the cap.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { pairPlayers, rangeAfter, type Waiting } from '../src/match/pairing.ts';

const rule = { base: 100, perSecond: 10, max: 600 };
const NOW = 1_000_000;

describe('pairPlayers', () => {
  it('widens the range by the second up to its cap', () => {
    expect(rangeAfter(rule, 0)).toBe(100);
    expect(rangeAfter(rule, 10_000)).toBe(200);
    expect(rangeAfter(rule, 3_600_000)).toBe(600);
  });

  it('gives the longest waiter the closest rating both accept', () => {
    const w = (id: string, rating: number, waitedS: number): Waiting => ({
      id,
      rating,
      joinedAt: NOW - waitedS * 1000,
    });
    // old (1500) may take 1560 or 1430; 1560 is closer. 1430 and 1900 stay: 470 apart.
    const pairs = pairPlayers(
      [w('new', 1560, 0), w('far', 1900, 0), w('old', 1500, 20), w('low', 1430, 0)],
      rule,
      NOW,
    );
    expect(pairs.map(([a, b]) => [a.id, b.id])).toEqual([['old', 'new']]);
  });

  it('pairs two far ratings only once both have waited long enough', () => {
    const a = { id: 'a', rating: 1500, joinedAt: NOW };
    const b = { id: 'b', rating: 1800, joinedAt: NOW - 60_000 };
    // b accepts 300 (waited 60 s), a only 100: no pair until a has waited 20 s.
    expect(pairPlayers([a, b], rule, NOW)).toEqual([]);
    expect(pairPlayers([a, b], rule, NOW + 19_000)).toEqual([]);
    expect(pairPlayers([a, b], rule, NOW + 20_000)).toHaveLength(1);
  });

  test.prop([
    fc.array(fc.record({ rating: fc.integer({ min: 800, max: 2400 }), waited: fc.nat(120_000) }), {
      maxLength: 200,
    }),
  ])('never seats a player twice, and both sides accept every pair', (players) => {
    const pool = players.map((p, i) => ({
      id: `p${i}`,
      rating: p.rating,
      joinedAt: NOW - p.waited,
    }));
    const pairs = pairPlayers(pool, rule, NOW);
    const ids = pairs.flat().map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [a, b] of pairs) {
      const diff = Math.abs(a.rating - b.rating);
      expect(diff).toBeLessThanOrEqual(rangeAfter(rule, NOW - a.joinedAt));
      expect(diff).toBeLessThanOrEqual(rangeAfter(rule, NOW - b.joinedAt));
    }
    // Nobody left over could have been paired with another leftover.
    const left = pool.filter((p) => !ids.includes(p.id));
    for (const x of left)
      for (const y of left)
        if (x !== y) {
          const diff = Math.abs(x.rating - y.rating);
          expect(
            diff > rangeAfter(rule, NOW - x.joinedAt) || diff > rangeAfter(rule, NOW - y.joinedAt),
          ).toBe(true);
        }
  });
});
