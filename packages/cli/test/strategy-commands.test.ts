/** `zilch ev`, `solve` and `simulate` as a user runs them: real processes, JSON shapes, exit codes. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'zilch-cli-cache-'));

/** Runs the CLI to completion with a private solution cache. */
const zilch = (...args: string[]) => runCli(args, { env: { ZILCH_CACHE_DIR: cacheDir } });

async function json<T>(...args: string[]): Promise<T> {
  const r = await zilch(...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

describe('zilch ev', () => {
  it('prints the expected turn and a bank threshold per dice count', async () => {
    const r = await json<{
      rules: string;
      expectedTurn: number;
      thresholds: { dice: number; bankAt: number }[];
    }>('ev', '--rules', 'farkle-2017', '--json');
    expect(r.rules).toBe('farkle-2017');
    expect(r.expectedTurn).toBeGreaterThan(300);
    expect(r.expectedTurn).toBeLessThan(700);
    expect(r.thresholds.map((t) => t.dice)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const t of r.thresholds) expect(t.bankAt % 50).toBe(0);
  });
});

describe('zilch solve', () => {
  it('a head start for the second player lowers the first player’s chance', async () => {
    type Solve = { rules: string; firstPlayerWins: number; states: number; seconds: number };
    const even = await json<Solve>('solve', '--rules', 'farkle-2017', '--target', '1000', '--json');
    const handicap = await json<Solve>(
      'solve',
      '--rules',
      'farkle-2017',
      '--target',
      '1000',
      '--start',
      '0,200',
      '--json',
    );
    expect(even.rules).toBe('farkle-2017');
    expect(even.firstPlayerWins).toBeGreaterThan(0.5);
    expect(even.firstPlayerWins).toBeLessThan(1);
    expect(even.states).toBeGreaterThan(0);
    expect(handicap.firstPlayerWins).toBeLessThan(even.firstPlayerWins);
  });

  it('says how long the solve took once, with the answer', async () => {
    const r = await zilch('solve', '--rules', 'farkle-2017', '--target', '1000', '--no-cache');
    expect(r.code, r.stderr).toBe(0);
    expect((r.stdout + r.stderr).match(/solved in/g)).toHaveLength(1);
    expect(r.stdout).toMatch(/states, solved in \d+\.\d s\n/);
  });

  it('solves over several threads to the same answer, and refuses --workers 0', async () => {
    type Solve = { firstPlayerWins: number; states: number };
    const on = (w: string) =>
      json<Solve>(
        'solve',
        '--rules',
        'serendipity-creak',
        '--target',
        '1500',
        '--workers',
        w,
        '--no-cache',
        '--json',
      );
    const [one, two] = [await on('1'), await on('2')];
    expect(two.firstPlayerWins).toBe(one.firstPlayerWins);
    expect(two.states).toBe(one.states);
    const r = await zilch('solve', '--rules', 'farkle-2017', '--workers', '0');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--workers must be between 1 and 256/);
  });

  it('refuses a malformed --start with exit code 2', async () => {
    const r = await zilch('solve', '--rules', 'farkle-2017', '--target', '1000', '--start', 'abc');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/start/i);
  });
});

describe('zilch simulate', () => {
  it('one game on one worker reads "1 game, … 1 worker"', async () => {
    const r = await zilch('simulate', '--games', '1', '--bots', 'random,random', '--workers', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/: 1 game, seed -?\d+, 1 worker, /);
  });

  it('reports every seat with a win rate inside its interval, reproducibly', async () => {
    type Sim = {
      games: number;
      seconds: number;
      seats: { bot: string; wins: number; winRate: number; ci95: [number, number] }[];
    };
    const args = [
      'simulate',
      '--rules',
      'classic',
      '--bots',
      'cautious,random',
      '--games',
      '200',
      '--seed',
      '5',
      '--json',
    ];
    const a = await json<Sim>(...args);
    const b = await json<Sim>(...args);
    // Everything but the wall-clock time must repeat for the same seed.
    expect({ ...a, seconds: 0 }).toEqual({ ...b, seconds: 0 });
    expect(a.games).toBe(200);
    expect(a.seats.map((s) => s.bot)).toEqual(['cautious', 'random']);
    expect(a.seats.reduce((n, s) => n + s.winRate, 0)).toBeCloseTo(1, 6);
    for (const s of a.seats) {
      expect(s.ci95[0]).toBeLessThanOrEqual(s.winRate);
      expect(s.ci95[1]).toBeGreaterThanOrEqual(s.winRate);
    }
    expect(a.seats[0]!.winRate).toBeGreaterThan(0.8);
  });

  it('names an unknown bot with exit code 2', async () => {
    const r = await zilch('simulate', '--bots', 'cautious,genius', '--games', '10');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/genius/);
  });
});
