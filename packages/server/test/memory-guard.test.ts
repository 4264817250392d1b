// The memory-pressure guard (issue 23, item 4): past 80 % of the ceiling costly routes answer
// BUSY before any work and the strategy pool takes no new job; below 70 % they are served again.
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createGame as engineGame, preset } from '@zilch/engine';
import { StrategyPool } from '@zilch/strategy/node';
import { tempDir } from '@zilch/testkit';
import { MemoryGuard } from '../src/memory-guard.ts';
import type { RunningServer } from '../src/server.ts';
import { api, startTestServer } from './helpers.ts';

const MB = 1024 * 1024;
const quiet = pino({ level: 'silent' });

describe('MemoryGuard', () => {
  it('sheds past 80 % of the ceiling and takes work again below 70 %', () => {
    let rss = 500 * MB;
    let relieved = 0;
    const g = new MemoryGuard(
      1000,
      quiet,
      () => rss,
      () => relieved++,
      60_000,
    );
    g.check();
    expect(g.pressed).toBe(false);
    expect(relieved).toBe(0);
    rss = 810 * MB;
    g.check();
    expect(g.pressed).toBe(true);
    // Entering pressure frees what can be freed (the strategy threads), once, not at every sample.
    expect(relieved).toBe(1);
    g.check();
    expect(relieved).toBe(1);
    // Between the two marks it stays as it was: no flapping around one line.
    rss = 750 * MB;
    g.check();
    expect(g.pressed).toBe(true);
    rss = 690 * MB;
    g.check();
    expect(g.pressed).toBe(false);
    g.stop();
  });
});

describe('the strategy pool under memory pressure', () => {
  it('refuses new jobs BUSY while the guard sheds, and takes them again after', async () => {
    const cache = tempDir('zilch-guard-cache-');
    let shed = true;
    const pool = new StrategyPool({
      workers: 1,
      queue: 4,
      budgetMs: 20_000,
      ceilingMb: 1024,
      dir: cache.dir,
      shed: () => shed,
    });
    try {
      const g = engineGame({ ...preset('classic'), firstPlayer: 'seat-1' }, 2, {
        roll: (n) => Array.from({ length: n }, () => 2),
      });
      if (!g.ok) throw new Error(g.error.message);
      const refused = await pool.advise(g.state, 'points');
      expect(refused).toMatchObject({ ok: false, code: 'BUSY' });
      shed = false;
      expect((await pool.advise(g.state, 'points')).ok).toBe(true);
    } finally {
      await pool.close();
      cache.cleanup();
    }
  });
});

describe('costly routes under memory pressure', () => {
  const tmp = tempDir();
  let server: RunningServer;
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it('a server past 80 % of its ceiling refuses new tables and advice BUSY, and still serves the rest', async () => {
    let rss = 100 * MB;
    server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir }, { rss: () => rss });
    const bots = {
      rules: 'classic',
      seats: [
        { kind: 'bot', bot: 'optimal' },
        { kind: 'bot', bot: 'expected' },
      ],
    };
    expect((await api(server.url, 'POST', '/api/games', bots)).status).toBe(201);
    // 900 of the default 1,024 MiB: past the 80 % mark once the guard samples (every 250 ms).
    rss = 900 * MB;
    await new Promise((r) => setTimeout(r, 400));
    const created = await api(server.url, 'POST', '/api/games', bots);
    expect(created.status).toBe(503);
    expect(created.body).toMatchObject({ code: 'BUSY' });
    const advice = await api(server.url, 'POST', '/api/advice', {
      state: { rules: preset('classic') },
    });
    expect(advice.status).toBe(503);
    // Cheap reads go on.
    expect((await api(server.url, 'GET', '/healthz')).status).toBe(200);
    // Once memory is back under 70 %, tables are made again.
    rss = 600 * MB;
    await new Promise((r) => setTimeout(r, 400));
    expect((await api(server.url, 'POST', '/api/games', bots)).status).toBe(201);
  });
});
