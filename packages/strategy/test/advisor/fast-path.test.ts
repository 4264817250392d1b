import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { preset, type RuleSet } from '@zilch/engine';
import { advise } from '../../src/advisor/index.ts';
import { diskSolutions, loadTwoPlayer, twoPlayerSolution } from '../../src/solver/cache.ts';
import { TwoPlayerSolution } from '../../src/solver/two-player-solution.ts';
import { randomScoredPosition } from './positions.ts';

const dir = mkdtempSync(join(tmpdir(), 'zilch-fast-path-'));
const solutions = diskSolutions(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Small targets, one of each shape: final round with offers after hot dice (the stationary
// tail), final round without offers, first to the target with an opening minimum.
const RULES: Record<string, RuleSet> = {
  sc: { ...preset('serendipity-creak'), target: 1500 },
  classic: { ...preset('classic'), target: 1500 },
  farkle: { ...preset('farkle-2017'), target: 1500, openingMinimum: 300 },
};

function solution(rules: RuleSet): TwoPlayerSolution {
  const s = twoPlayerSolution(rules, { dir });
  if (!(s instanceof TwoPlayerSolution)) throw new Error(s.message);
  return s;
}

describe('advisor fast path', () => {
  it('gives the same advice values, to the bit, as full table sweeps', () => {
    const sols = Object.fromEntries(Object.entries(RULES).map(([k, r]) => [k, solution(r)]));
    // A small cache, so evictions and re-sweeps of evicted pairs are exercised too.
    for (const s of Object.values(sols)) s.rollCacheBytes = 40 * 1024;
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(RULES)),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 29 }),
        fc.integer({ min: 0, max: 29 }),
        (id, seed, steps, a, b) => {
          const sol = sols[id]!;
          const s = randomScoredPosition(RULES[id]!, seed, steps, a, b);
          sol.referenceTables = true;
          const slow = advise(s, 'win', { solutions });
          sol.referenceTables = false;
          const fast = advise(s, 'win', { solutions });
          const again = advise(s, 'win', { solutions });
          expect(fast).toEqual(slow);
          expect(again).toEqual(slow);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cached pair roll values equal a full sweep at every total and dice count', () => {
    const sol = solution(RULES.sc!);
    sol.rollCacheBytes = 64 * 1024 * 1024;
    for (const [a, b] of [
      [0, 0],
      [5, 17],
      [17, 5],
      [29, 0],
      [12, 28],
    ] as const) {
      const full = sol.table(a, b);
      const fast = sol.rolls(a, b);
      expect(fast.top).toBe(full.top);
      for (let t = 0; t <= full.top + sol.groups.maxGain; t++)
        for (let n = 1; n <= sol.N; n++) expect(fast.roll(t, n)).toBe(full.roll(t, n));
    }
  });

  it('looks a known rule set up without hashing it again', () => {
    const rules = RULES.sc!;
    const sol = solution(rules);
    expect(loadTwoPlayer(rules, dir)).toBe(sol);
    // A copy of the rule set is a new object but the same key: the same solution.
    expect(loadTwoPlayer({ ...rules }, dir)).toBe(sol);
  });
});
