import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preset } from '@zilch/engine';
import { advise } from '../../src/advisor/index.ts';
import type { SolutionSource } from '../../src/solver/memory.ts';
import { solveTwoPlayer } from '../../src/solver/two-player.ts';
import { TwoPlayerSolution } from '../../src/solver/two-player-solution.ts';
import { randomScoredPosition } from './positions.ts';

// The cache keeps roll values as 32-bit floats (each within 2⁻²⁵ of the solve's) and the fresh
// values exact. Every advice value is a probability-weighted mix of stored values and exact
// ones (maxima, 1 − x and averages never widen an error), so it moves by at most 2⁻²⁵ too,
// and a best move chosen on the compact values loses at most twice that.
const BOUND = 2 ** -25;
const rules = { ...preset('serendipity-creak'), target: 1500 };
const exact = solveTwoPlayer(rules);
if (!(exact instanceof TwoPlayerSolution)) throw new Error(exact.message);
const compact = exact.compact();
const from = (sol: TwoPlayerSolution): SolutionSource => ({ solution: () => sol });

describe('compact solution (32-bit roll values)', () => {
  it('holds half the bytes, with the fresh values exact', () => {
    expect(compact.store).toBeInstanceOf(Float32Array);
    expect(compact.store.byteLength * 2).toBe(exact.store.byteLength);
    expect(compact.fresh(0, 0)).toBe(exact.fresh(0, 0));
    expect(compact.compact()).toBe(compact);
  });

  it('moves every advice value by at most 2⁻²⁵, and a best move costs at most 2⁻²⁴', () => {
    let worst = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 29 }),
        fc.integer({ min: 0, max: 29 }),
        (seed, steps, a, b) => {
          const s = randomScoredPosition(rules, seed, steps, a, b);
          const want = advise(s, 'win', { solutions: from(exact) });
          const got = advise(s, 'win', { solutions: from(compact) });
          expect(got.kind).toBe(want.kind);
          const exactValue = new Map(want.options.map((o) => [o.label, o.value]));
          for (const o of got.options) {
            const d = Math.abs(o.value - exactValue.get(o.label)!);
            worst = Math.max(worst, d);
            expect(d).toBeLessThanOrEqual(BOUND);
          }
          // A finished game has nothing to choose.
          if (got.options.length === 0) return;
          const chosen = exactValue.get(got.options[0]!.label)!;
          expect(want.options[0]!.value - chosen).toBeLessThanOrEqual(2 * BOUND);
        },
      ),
      { numRuns: 300 },
    );
    // The values do move (the comparison is not of a solution with itself).
    expect(worst).toBeGreaterThan(0);
  });
});
