import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preset, seededDice, type Action } from '@zilch/engine';
import { createBot } from '../../src/bots/index.ts';
import type { Bot } from '../../src/bots/types.ts';
import {
  playGame,
  simulateInThread,
  wilson,
  type SimulationResult,
} from '../../src/simulate/index.ts';
import { seatOrder } from '../../src/simulate/chunk.ts';
import { simulate } from '../../src/simulate/threaded.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'zilch-simulate-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const rules = { ...preset('serendipity-creak'), target: 2000 };

/** A result without its timing and worker count, which are allowed to differ. */
function figures(r: SimulationResult): unknown {
  const { seconds: _s, workers: _w, ...rest } = r;
  return rest;
}

describe('simulate', () => {
  it('is reproducible from the seed whatever the worker count', async () => {
    const opts = {
      rules,
      bots: ['cautious', 'random', 'bold'] as const,
      games: 900,
      seed: 42,
      cacheDir,
    };
    const one = await simulate({ ...opts, bots: [...opts.bots], workers: 1 });
    // The pure in-thread simulation plays the very same games.
    expect(figures(simulateInThread({ ...opts, bots: [...opts.bots] }))).toEqual(figures(one));
    // Only worker threads, so the chunks surely run there; then this thread with a worker.
    const two = await simulate({ ...opts, bots: [...opts.bots], workers: 2, ownThread: false });
    const mixed = await simulate({ ...opts, bots: [...opts.bots], workers: 2 });
    const again = await simulate({ ...opts, bots: [...opts.bots], workers: 1 });
    expect(two.workers).toBe(2);
    expect(figures(two)).toEqual(figures(one));
    expect(figures(mixed)).toEqual(figures(one));
    expect(figures(again)).toEqual(figures(one));
    const other = simulateInThread({ ...opts, bots: [...opts.bots], seed: 43 });
    expect(figures(other)).not.toEqual(figures(one));
  });

  it('rotates seats and shares out every win', () => {
    const r = simulateInThread({
      rules,
      bots: ['bold', 'bold', 'cautious'],
      games: 600,
      seed: 5,
    });
    expect(r.seats.map((s) => s.starts)).toEqual([200, 200, 200]);
    expect(r.seats.reduce((a, s) => a + s.wins, 0)).toBeCloseTo(600, 9);
    expect(r.firstPlayerWinRate).toBeGreaterThan(0);
    expect(r.firstPlayerWinRate).toBeLessThan(1);
    expect(r.firstPlayerCi95[0]).toBeLessThanOrEqual(r.firstPlayerWinRate);
    for (const s of r.seats) {
      expect(s.soleWins + s.sharedWins).toBeGreaterThanOrEqual(s.wins - 1e-9);
      expect(s.ci95[0]).toBeLessThanOrEqual(s.winRate);
      expect(s.ci95[1]).toBeGreaterThanOrEqual(s.winRate);
    }
  });

  it('cautious beats random clearly', () => {
    const r = simulateInThread({
      rules: preset('serendipity-creak'),
      bots: ['cautious', 'random'],
      games: 400,
      seed: 9,
    });
    expect(r.seats[0]!.ci95[0]).toBeGreaterThan(0.5);
    expect(r.seats[0]!.zilchRate).toBeLessThan(r.seats[1]!.zilchRate);
  });

  it('reports progress up to the number of games', () => {
    const seen: number[] = [];
    simulateInThread({
      rules,
      bots: ['random', 'random'],
      games: 450,
      seed: 1,
      onProgress: (d) => seen.push(d),
    });
    expect(seen.at(-1)).toBe(450);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});

describe('playGame', () => {
  it('stops a bot that makes an illegal move', () => {
    const cheat: Bot = { id: 'random', decide: (s): Action => ({ type: 'bank', seat: s.current }) };
    const fair = createBot('random', rules, 1);
    expect(() => playGame(rules, [cheat, fair], seededDice(1), 0)).toThrow(/illegal move/);
  });
});

describe('wilson', () => {
  it('matches a textbook value and narrows with more trials', () => {
    const [lo, hi] = wilson(50, 100);
    expect(lo).toBeCloseTo(0.4038, 3);
    expect(hi).toBeCloseTo(0.5962, 3);
    const [lo2, hi2] = wilson(500, 1000);
    expect(hi2 - lo2).toBeLessThan(hi - lo);
  });
});

describe('seatOrder', () => {
  it('gives every start once per k games and every turn order once per k! games', () => {
    const k = 3;
    const orders = Array.from({ length: 6 }, (_, g) => seatOrder(g, k));
    expect(orders.slice(0, 3).map((o) => o[0])).toEqual([0, 1, 2]);
    expect(orders.slice(3, 6).map((o) => o[0])).toEqual([0, 1, 2]);
    expect(new Set(orders.map((o) => o.join())).size).toBe(6);
    for (const o of orders) expect([...o].sort()).toEqual([0, 1, 2]);
    // Two seats: plain alternation.
    expect([0, 1, 2, 3].map((g) => seatOrder(g, 2))).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
  });
});
