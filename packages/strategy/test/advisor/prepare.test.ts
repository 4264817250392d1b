import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lean, preset, type RuleSet } from '@zilch/engine';
import { advise } from '../../src/advisor/index.ts';
import { prepareWinSolution, winSolutionReady } from '../../src/advisor/prepare.ts';
import { loadTwoPlayer } from '../../src/solver/cache.ts';
import { clearSolutionMemory, memorySolutions } from '../../src/solver/memory.ts';
import { solveTwoPlayer } from '../../src/solver/two-player.ts';
import { TwoPlayerSolution } from '../../src/solver/two-player-solution.ts';

const dir = mkdtempSync(join(tmpdir(), 'zilch-prepare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const opts = { solutionDir: dir };

describe('win solution warm-up', () => {
  it('solves in a worker thread while this thread keeps running, then answers from memory', async () => {
    const rules: RuleSet = { ...preset('serendipity-creak'), target: 1200 };
    expect(winSolutionReady(rules, opts)).toBe(false);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const progress: number[] = [];
    const both = [
      prepareWinSolution(rules, { ...opts, onProgress: (d) => progress.push(d) }),
      prepareWinSolution(rules, opts),
    ];
    await Promise.all(both);
    clearInterval(timer);
    // The solve ran elsewhere: this thread's timers kept firing meanwhile.
    expect(ticks).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
    expect(winSolutionReady(rules, opts)).toBe(true);
    expect(winSolutionReady({ ...rules }, opts)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    const sol = loadTwoPlayer(rules, dir)!;
    const here = solveTwoPlayer(rules);
    if (!(here instanceof TwoPlayerSolution)) throw new Error(here.message);
    // What the worker kept is the compact form of the solve (32-bit roll values, exact fresh ones).
    expect(Array.from(sol.store)).toEqual(Array.from(here.compact().store));
    expect(sol.fresh(0, 0)).toBe(here.fresh(0, 0));
    // advise('win') uses that very solution from memory, with no disk source: no second solve.
    expect(memorySolutions.solution(rules, false)).toBe(sol);
    expect(advise(lean.initialState(rules, 2, 0), 'win').kind).toBe('win');
    expect(loadTwoPlayer(rules, dir)).toBe(sol);
  });

  it('loads a solution from disk without solving again', async () => {
    const rules: RuleSet = { ...preset('farkle-2017'), target: 1000 };
    await prepareWinSolution(rules, opts);
    const first = loadTwoPlayer(rules, dir)!;
    clearSolutionMemory();
    expect(winSolutionReady(rules, opts)).toBe(true);
    const progress: number[] = [];
    await prepareWinSolution(rules, { ...opts, onProgress: (d) => progress.push(d) });
    expect(progress).toEqual([]);
    const again = loadTwoPlayer(rules, dir)!;
    expect(again).not.toBe(first);
    expect(Array.from(again.store)).toEqual(Array.from(first.store));
  });

  it('is never ready for rule sets the two-player solver does not model', async () => {
    const rules = preset('ten-dice');
    expect(winSolutionReady(rules, opts)).toBe(false);
    await prepareWinSolution(rules, opts);
    expect(winSolutionReady(rules, opts)).toBe(false);
  });
});
