import { createGame, preset, type GameState, type RuleSet } from '@zilch/engine';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { advise } from '../../src/advisor/index.ts';
import {
  canonicalRules,
  estimatedStates,
  readSharedSolution,
  ruleKey,
  StrategyPool,
  twoPlayerSolution,
  TwoPlayerSolution,
  type SharedSolution,
  threadBudget,
  twoPlayerBytes,
  twoPlayerPeakBytes,
} from '../../src/node.ts';

const dir = mkdtempSync(join(tmpdir(), 'zilch-pool-'));
const made: string[] = [dir];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the tests. */
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'zilch-pool-'));
  made.push(d);
  return d;
}

function stateOf(rules: RuleSet): GameState {
  const g = createGame({ ...rules, firstPlayer: 'seat-1' }, 2, {
    roll: (n) => Array.from({ length: n }, () => 2),
  });
  if (!g.ok) throw new Error(g.error.message);
  return g.state;
}

/** Seconds of expected-points work: ten dice with a zilch penalty. */
function costly(points: number): RuleSet {
  return { ...preset('ten-dice'), zilchPenalty: { zilches: 10, points } };
}

describe('canonical rule key', () => {
  it('ignores what changes no decision, and nothing else', () => {
    const r = preset('classic');
    const renamed = {
      ...r,
      name: 'Something else',
      turnTimerSeconds: 60,
      firstPlayer: 'roll-off' as const,
    };
    expect(ruleKey(renamed)).toBe(ruleKey(r));
    // Key order does not matter either.
    const reordered = Object.fromEntries(Object.entries(r).reverse()) as RuleSet;
    expect(ruleKey(reordered)).toBe(ruleKey(r));
    expect(ruleKey({ ...r, target: r.target + 50 })).not.toBe(ruleKey(r));
    expect(ruleKey({ ...r, bankMinimum: r.bankMinimum + 50 })).not.toBe(ruleKey(r));
    expect(canonicalRules(renamed)).toEqual(canonicalRules(r));
  });
});

describe('memory budget', () => {
  it('sizes a two-player table from the rules, and splits the ceiling between threads', () => {
    const big = { ...preset('serendipity-creak'), target: 20_000 };
    // 400 scores a side, totals up to the other score, 6 dice counts, 32-bit, and the exact
    // fresh values: 0.77 GB held; the solve fills a 64-bit store first.
    expect(twoPlayerBytes(big)).toBe(400 * ((400 * 401) / 2) * 6 * 4 + 400 * 400 * 8);
    expect(twoPlayerPeakBytes(big)).toBeGreaterThan(400 * ((400 * 401) / 2) * 6 * 8);
    expect(twoPlayerBytes(preset('classic'))).toBe(200 * 200 * 8);
    expect(twoPlayerBytes(costly(500))).toBe(0);
    const one = threadBudget(1024, 1);
    const two = threadBudget(1024, 2);
    expect(one.solutionBytes).toBeGreaterThan(two.solutionBytes);
    expect(one.heapMb * 2 ** 20 + one.solutionBytes).toBeLessThan((1024 - 320) * 2 ** 20);
    expect(twoPlayerBytes(big)).toBeGreaterThan(one.solutionBytes);
  });
});

describe('strategy pool', () => {
  /** The nice value of each thread of this process, from /proc (Linux). */
  function threadNices(): number[] {
    return readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the command name (in parentheses, which may hold spaces): nice is field 19.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[16]);
    });
  }

  it.runIf(process.platform === 'linux')(
    'lowers only its own threads: a solve yields a shared core to the event loop',
    async () => {
      const own = threadNices().filter((n) => n === 7).length;
      const pool = new StrategyPool({
        workers: 2,
        queue: 4,
        budgetMs: 60_000,
        ceilingMb: 1024,
        dir,
        nice: 7,
      });
      try {
        const r = await pool.advise(stateOf(preset('classic')), 'points');
        expect(r.ok).toBe(true);
        // Both pool threads, and not the main thread (this one) nor the rest of the process. The
        // thread that took no job lowers itself as it starts: on busy cores, a moment later.
        await vi.waitFor(() => expect(threadNices().filter((n) => n === 7).length).toBe(own + 2), {
          timeout: 10_000,
        });
        expect(getPriority()).toBe(0);
      } finally {
        await pool.close();
      }
    },
    30_000,
  );

  it('refuses with BUSY beyond its queue instead of waiting', async () => {
    const pool = new StrategyPool({ workers: 1, queue: 1, budgetMs: 60_000, ceilingMb: 1024, dir });
    try {
      const answers = await Promise.race([
        Promise.all([600, 650, 700].map((p) => pool.advise(stateOf(costly(p)), 'points'))),
        new Promise<null>((r) => setTimeout(() => r(null), 100)),
      ]);
      // Two of three cannot even wait: they are refused at once, the first still runs.
      expect(answers).toBeNull();
      const r = await pool.advise(stateOf(costly(750)), 'points');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.code).toBe('BUSY');
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('stops a job over its time budget, then gives those rules less', async () => {
    const pool = new StrategyPool({ workers: 1, queue: 4, budgetMs: 2_000, ceilingMb: 1024, dir });
    try {
      const rules = costly(800);
      const t = Date.now();
      const r = await pool.advise(stateOf(rules), 'points');
      expect(Date.now() - t).toBeLessThan(5_000);
      expect(r).toMatchObject({ ok: false, code: 'BUSY' });
      expect(pool.levelOf({ ...rules, name: 'renamed' })).toBe('none');
      // A bot on those rules is told at once to play a simpler move.
      const d = await pool.decide(stateOf(rules), 'expected', 5_000);
      expect(d).toMatchObject({ ok: false, code: 'BUSY' });
      // Other rules still get answers (the stopped thread was replaced).
      // (Its first job also boots the thread, which on a loaded machine can take the budget
      // and demote those rules: each try uses other rules.)
      const other = (i: number) => stateOf({ ...preset('classic'), target: 10_000 + 50 * i });
      let ok = await pool.advise(other(0), 'points');
      for (let i = 1; i < 4 && !ok.ok; i++) ok = await pool.advise(other(i), 'points');
      expect(ok).toMatchObject({ ok: true, value: { kind: 'points' } });
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('restarts its threads when the process nears the memory ceiling, and keeps answering', async () => {
    const events: string[] = [];
    // A ceiling below what this test process already uses: the watch must fire.
    const pool = new StrategyPool({
      workers: 1,
      queue: 4,
      budgetMs: 20_000,
      ceilingMb: 64,
      dir,
      onEvent: (e) => events.push(e.kind),
    });
    try {
      await new Promise((r) => setTimeout(r, 600));
      expect(events).toContain('memory-ceiling');
      // With a 64 MB ceiling no exact solve fits: win advice comes in points and says why.
      const r = await pool.advise(stateOf({ ...preset('classic'), target: 1_000 }), 'win');
      expect(r).toMatchObject({ ok: true, value: { kind: 'points' } });
      if (r.ok) expect(r.note).toMatch(/budget/);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('says when the win analysis it is preparing should be ready, then answers in win %', async () => {
    const pool = new StrategyPool({ workers: 1, queue: 8, budgetMs: 60_000, ceilingMb: 1024, dir });
    try {
      // Too big to solve on the spot in 'auto' (just over the quick-solve size) and not on disk
      // yet (a fresh cache dir): the first answer is in points and gives an ETA.
      const state = stateOf({ ...preset('farkle-2017'), target: 5_000 });
      const first = await pool.advise(state, 'auto');
      expect(first).toMatchObject({ ok: true, value: { kind: 'points' } });
      if (!first.ok) return;
      expect(first.winEtaSeconds).toBeGreaterThanOrEqual(1);
      let later: Awaited<ReturnType<StrategyPool['advise']>> = first;
      const until = Date.now() + 30_000;
      while (later.ok && later.value.kind === 'points' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 200));
        later = await pool.advise(state, 'auto');
      }
      expect(later).toMatchObject({ ok: true, value: { kind: 'win' } });
      if (later.ok) expect(later.winEtaSeconds).toBeUndefined();
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('lends a solution read once into shared memory to every thread: win advice with nothing on disk', async () => {
    // Just over the size 'auto' solves on the spot (estimatedStates > 3 M): only a solution at
    // hand gives win chances.
    const rules = canonicalRules({ ...preset('serendipity-creak'), target: 3600 });
    expect(estimatedStates(rules)).toBeGreaterThan(3_000_000);
    const source = tempDir();
    const solved = twoPlayerSolution(rules, { dir: source });
    if (!(solved instanceof TwoPlayerSolution)) throw new Error(solved.message);
    const shared = await readSharedSolution(rules, source);
    expect(shared?.data).toBeInstanceOf(SharedArrayBuffer);
    let release: (list: SharedSolution[]) => void = () => undefined;
    const solutions = new Promise<SharedSolution[]>((r) => (release = r));
    // Its own cache directory is empty: a thread could only solve, and in 'auto' it would not.
    const pool = new StrategyPool({
      workers: 2,
      queue: 16,
      budgetMs: 60_000,
      ceilingMb: 1024,
      dir: tempDir(),
      shared: { bytes: shared!.data.byteLength, solutions },
    });
    try {
      const state = stateOf(rules);
      // Asked before the read is done, the jobs wait for it rather than answer in points.
      const asked = Array.from({ length: 6 }, () => pool.advise(state, 'auto'));
      release([shared!]);
      const want = advise(state, 'win', { solutions: { solution: () => solved } });
      for (const a of await Promise.all(asked)) {
        expect(a).toMatchObject({ ok: true, value: { kind: 'win' } });
        if (a.ok) expect(a.value).toEqual(want);
      }
    } finally {
      await pool.close();
    }
  }, 30_000);
});
