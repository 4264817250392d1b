import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preset, canonicalRules } from '@zilch/engine';
import { loadTwoPlayer, solutionCached } from '../../src/solver/cache.ts';
import { solutionInMemory } from '../../src/solver/memory.ts';
import type { TwoPlayerSolution } from '../../src/solver/two-player-solution.ts';
import {
  presolve,
  sharedPresets,
  solvablePresetBytes,
  solvablePresets,
  solutionShipped,
  type SolvablePreset,
} from '../../src/solver/presolve.ts';

const dirs: string[] = [];
const fresh = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'zilch-presolve-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Copies a shipped preset solution with the build's step (no solve) and loads it. */
async function copiedShipped(id: 'hot-dice' | 'zilch-online'): Promise<TwoPlayerSolution> {
  const rules = canonicalRules(preset(id));
  // Current: made by this solver version from these rules (the key says both).
  expect(solutionShipped(rules)).toBe(true);
  const dir = fresh();
  const [r] = await presolve([{ id, rules }], { dir, threads: 1 });
  expect(r).toMatchObject({ id, solved: false, copied: true });
  expect(solutionCached(rules, dir)).toBe(true);
  return loadTwoPlayer(rules, dir)!;
}

/**
 * Each fresh value (scores in units, streaks) must be what one turn is worth when every other
 * position is valued by the file: rolling all the dice from nothing, one turn solved here. A
 * stale, damaged or foreign file fails this at almost any point.
 */
function expectFixedPoint(sol: TwoPlayerSolution, points: readonly (readonly number[])[]): void {
  for (const [a = 0, b = 0, sa = 0, sb = 0] of points)
    expect(Math.abs(sol.fresh(a, b, sa, sb) - sol.roll(a, b, 0, sol.N, 0, sa, sb))).toBeLessThan(
      1e-9,
    );
}

// The build's step on small targets (the real presets take about 70 s of CPU).
const small: SolvablePreset[] = [
  {
    id: 'serendipity-creak',
    rules: canonicalRules({ ...preset('serendipity-creak'), target: 1000 }),
  },
  { id: 'classic', rules: canonicalRules({ ...preset('classic'), target: 1000 }) },
  { id: 'farkle-2017', rules: canonicalRules({ ...preset('farkle-2017'), target: 1000 }) },
];

describe('presolve (the build step)', () => {
  it('names the presets the two-player solver models and what they hold', () => {
    expect(solvablePresets().map((p) => p.id)).toEqual([
      'serendipity-creak',
      'classic',
      'hot-dice',
      'zilch-online',
      'farkle-2017',
    ]);
    // 200·(200·201/2)·6 roll values at 4 bytes plus 200² exact fresh values per preset; zilch-online
    // keeps only its exact fresh values: 260² score pairs (floor −3,000) × 3² zilch streaks.
    expect(solvablePresetBytes()).toBe(
      200 * 20_100 * 6 * 4 + 4 * 200 * 200 * 8 + 260 * 260 * 9 * 8,
    );
  });

  it('solves what is missing into the directory in worker threads, then only checks files', async () => {
    const dir = fresh();
    const done: string[] = [];
    const first = await presolve(small, { dir, threads: 2, onDone: (r) => done.push(r.id) });
    expect(first.every((r) => r.solved)).toBe(true);
    expect(done.sort()).toEqual(small.map((p) => p.id).sort());
    for (const p of small) expect(solutionCached(p.rules, dir)).toBe(true);
    // This thread holds none of them: the workers saved and handed nothing back.
    for (const p of small) expect(solutionInMemory(p.rules)).toBeNull();
    const again = await presolve(small, { dir, threads: 2 });
    expect(again.map((r) => r.solved)).toEqual([false, false, false]);
    const sol = loadTwoPlayer(small[0]!.rules, dir)!;
    expect(sol.store).toBeInstanceOf(Float32Array);
    expect(sol.fresh(0, 0)).toBeGreaterThan(0.5);
  });

  it('solves again over a damaged file, and lists presets missing from a directory', async () => {
    const dir = fresh();
    await presolve(small.slice(2), { dir, threads: 1 });
    const data = readdirSync(dir).find((f) => f.endsWith('.bin'))!;
    writeFileSync(join(dir, data), 'truncated');
    expect(solutionCached(small[2]!.rules, dir)).toBe(false);
    const [r] = await presolve(small.slice(2), { dir, threads: 1 });
    expect(r).toMatchObject({ id: 'farkle-2017', solved: true });
    expect(solutionCached(small[2]!.rules, dir)).toBe(true);
    const shared = await sharedPresets(fresh());
    expect(shared.loaded).toEqual([]);
    expect(shared.missing).toEqual([
      'serendipity-creak',
      'classic',
      'hot-dice',
      'zilch-online',
      'farkle-2017',
    ]);
  });

  it('copies the shipped Hot Dice solution instead of solving, and it is a fixed point of its rules', async () => {
    const sol = await copiedShipped('hot-dice');
    expect(sol.doubling).toBe(true);
    expectFixedPoint(sol, [
      [0, 0],
      [0, 199],
      [199, 0],
      [60, 60],
      [150, 20],
      [20, 150],
      [120, 180],
      [190, 195],
    ]);
  });

  it('copies the shipped zilch-online solution (zilch penalty), a fixed point of its rules with streaks and scores below zero', async () => {
    const sol = await copiedShipped('zilch-online');
    expect(sol.pen).toMatchObject({ Z: 3, P: 10, L: 60 });
    // Scores from the floor (−60 units: −3,000) to the target, and every pair of streaks.
    expectFixedPoint(sol, [
      [0, 0, 0, 0],
      [0, 199, 2, 0],
      [199, 0, 0, 2],
      [60, 60, 1, 1],
      [-20, 150, 2, 2],
      [150, -20, 0, 1],
      [-60, -60, 2, 0],
      [190, 195, 1, 2],
    ]);
    // Level scores with no streaks: the first player is ahead (they roll first).
    expect(sol.fresh(0, 0)).toBeGreaterThan(0.5);
  });
});
