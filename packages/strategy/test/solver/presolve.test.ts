import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preset } from '@zilch/engine';
import { canonicalRules } from '../../src/pool/canonical.ts';
import { loadTwoPlayer, solutionCached } from '../../src/solver/cache.ts';
import { solutionInMemory } from '../../src/solver/memory.ts';
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
    const hotDice: SolvablePreset = {
      id: 'hot-dice',
      rules: canonicalRules(preset('hot-dice')),
    };
    // Current: made by this solver version from these rules (the key says both).
    expect(solutionShipped(hotDice.rules)).toBe(true);
    const dir = fresh();
    const [r] = await presolve([hotDice], { dir, threads: 1 });
    expect(r).toMatchObject({ id: 'hot-dice', solved: false, copied: true });
    expect(solutionCached(hotDice.rules, dir)).toBe(true);
    const sol = loadTwoPlayer(hotDice.rules, dir)!;
    expect(sol.doubling).toBe(true);
    // Each fresh value must be what one turn is worth when every other position is valued by
    // the file: rolling all the dice from nothing (one turn solved here, with doubling).
    // A stale, damaged or foreign file fails this at almost any pair.
    const pairs = [
      [0, 0],
      [0, 199],
      [199, 0],
      [60, 60],
      [150, 20],
      [20, 150],
      [120, 180],
      [190, 195],
    ];
    for (const [a, b] of pairs)
      expect(Math.abs(sol.fresh(a!, b!) - sol.roll(a!, b!, 0, sol.N))).toBeLessThan(1e-9);
  });

  it('copies the shipped zilch-online solution (zilch penalty), a fixed point of its rules with streaks and scores below zero', async () => {
    const online: SolvablePreset = {
      id: 'zilch-online',
      rules: canonicalRules(preset('zilch-online')),
    };
    expect(solutionShipped(online.rules)).toBe(true);
    const dir = fresh();
    const [r] = await presolve([online], { dir, threads: 1 });
    expect(r).toMatchObject({ id: 'zilch-online', solved: false, copied: true });
    const sol = loadTwoPlayer(online.rules, dir)!;
    expect(sol.pen).toMatchObject({ Z: 3, P: 10, L: 60 });
    // As above: each fresh value is one turn solved here against the file's other values, at
    // scores from the floor (−60 units: −3,000) to the target and every pair of streaks.
    const points: [number, number, number, number][] = [
      [0, 0, 0, 0],
      [0, 199, 2, 0],
      [199, 0, 0, 2],
      [60, 60, 1, 1],
      [-20, 150, 2, 2],
      [150, -20, 0, 1],
      [-60, -60, 2, 0],
      [190, 195, 1, 2],
    ];
    for (const [a, b, sa, sb] of points)
      expect(Math.abs(sol.fresh(a, b, sa, sb) - sol.roll(a, b, 0, sol.N, 0, sa, sb))).toBeLessThan(
        1e-9,
      );
    // Level scores with no streaks: the first player is ahead (they roll first).
    expect(sol.fresh(0, 0)).toBeGreaterThan(0.5);
  });
});
