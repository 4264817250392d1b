import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preset } from '@zilch/engine';
import { TwoPlayerSolution } from '../../src/solver/index.ts';
import { twoPlayerSolution } from '../../src/solver/cache.ts';
import { simulate } from '../../src/simulate/threaded.ts';

// Solve afresh, away from the user's solution cache.
const dir = mkdtempSync(join(tmpdir(), 'zilch-agree-'));

describe('simulation agrees with the two-player solver', () => {
  it.each([
    ['serendipity-creak', 1000],
    ['farkle-2017', 1500],
  ] as const)(
    '%s to %i: optimal v optimal, first player wins as often as predicted',
    async (id, target) => {
      const rules = { ...preset(id), target };
      const sol = twoPlayerSolution(rules, { dir });
      expect(sol).toBeInstanceOf(TwoPlayerSolution);
      const predicted = (sol as TwoPlayerSolution).fresh(0, 0);
      const games = 3000;
      const r = await simulate({
        rules,
        bots: ['optimal', 'optimal'],
        games,
        seed: 17,
        workers: 1,
        cacheDir: dir,
      });
      // 99.9% normal band around the prediction: a real disagreement shows, noise does not.
      const band = 3.29 * Math.sqrt((predicted * (1 - predicted)) / games);
      expect(Math.abs(r.firstPlayerWinRate - predicted)).toBeLessThan(band);
    },
  );
});
