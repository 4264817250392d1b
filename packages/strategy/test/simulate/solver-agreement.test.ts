import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preset } from '@zilch/engine';
import { TwoPlayerSolution } from '../../src/solver/index.ts';
import { twoPlayerSolution } from '../../src/solver/cache.ts';
import { simulate } from '../../src/simulate/threaded.ts';
import { botRegret } from '../../src/card/measure.ts';
import { createBot } from '../../src/bots/index.ts';
import { diskSolutions } from '../../src/solver/cache.ts';

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

  // The edge the solution says `optimal` has over `expected` (½ + expected's decision losses,
  // exact in expectation) must be what the games give: a bot that misread the solution (seats,
  // ties, the floor, penalty streaks) would fall short of it.
  it.each([
    ['serendipity-creak', 1000],
    ['farkle-2017', 1500],
  ] as const)(
    '%s to %i: optimal v expected wins the edge the solution predicts',
    async (id, target) => {
      const rules = { ...preset(id), target };
      const solutions = diskSolutions(dir);
      const edge = botRegret(rules, createBot('expected', rules, 0, { solutions }), {
        games: 1000,
        seed: 5,
        solutions,
      });
      expect(edge.loss).toBeGreaterThan(0);
      const games = 8000;
      const r = await simulate({
        rules,
        bots: ['optimal', 'expected'],
        games,
        seed: 19,
        workers: 1,
        cacheDir: dir,
      });
      const measured = r.seats[0]!.winRate;
      const predicted = 0.5 + edge.loss;
      const se = Math.hypot(Math.sqrt((measured * (1 - measured)) / games), edge.se);
      expect(Math.abs(measured - predicted)).toBeLessThan(3.29 * se);
    },
  );
});
