// Issue 13, item 5: on a fresh install the build's presolve has filled the solution cache, so a
// server started on a fresh data directory reads the presets' solutions before it listens and
// the coach answers in win chances from the first decision of the first game, on every preset
// the two-player solver models.
import { defaultCacheDir, solutionCached, solvablePresets } from '@zilch/strategy/node';
import { api, spawnServer, tempDir, until, type ServerProcess } from '@zilch/testkit';
import { afterAll, describe, expect, it } from 'vitest';

// Test JSON is read loosely: the assertions check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

// The directory the build's presolve (`npm run presolve`, run by `npm ci`/`npm install`) fills.
const cacheDir = process.env.ZILCH_CACHE_DIR || defaultCacheDir();
const presets = solvablePresets();
const missing = presets.filter((p) => !solutionCached(p.rules, cacheDir)).map((p) => p.id);
// Under the test sandbox (scripts/test-sandbox.mjs) the cache is seeded from the developer's one.
const fix = `run \`npm run presolve\` (the last step of \`npm run build\`) to solve ${missing.join(', ')} into ${process.env.ZILCH_TEST_SEED_CACHE ?? cacheDir}`;
if (missing.length > 0) {
  if (process.env.ZILCH_REQUIRE_SERVICES === '1')
    throw new Error(
      `the presets' cached solutions are required (ZILCH_REQUIRE_SERVICES=1): ${fix}`,
    );
  console.warn(`!!! coach-ready tests SKIPPED: ${fix}`);
}

describe.skipIf(missing.length > 0)('coach ready from the first decision', () => {
  const data = tempDir('zilch-coach-data-');
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop('SIGTERM');
    data.cleanup();
  });

  it('a new server answers the first advice of a game on each solvable preset in win chances', async () => {
    const started = Date.now();
    server = await spawnServer({
      ZILCH_DATA_DIR: data.dir,
      ZILCH_CACHE_DIR: cacheDir,
      ZILCH_BOT_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
    });
    const url = server.url;
    const listening = Date.now() - started;
    const firstWin: Record<string, number> = {};
    for (const { id } of presets) {
      const made = await api<Loose>(url, 'POST', '/api/games', {
        rules: id,
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'bot', bot: 'optimal' },
        ],
      });
      expect(made.status).toBe(201);
      const { gameId } = made.body;
      // The bot may start; the first decision is Ann's first one.
      const view = await until(async () => {
        const v = (await api<Loose>(url, 'GET', `/api/games/${gameId}`)).body;
        return v.state.current === 0 ? v : null;
      });
      // The coach asks as the web app does: no mode, so 'auto' (win chances when at hand).
      const advice = await api<Loose>(url, 'POST', '/api/advice', { state: view.state });
      expect(advice.status).toBe(200);
      expect(advice.body.kind).toBe('win');
      expect(advice.body.winEtaSeconds).toBeUndefined();
      const best = advice.body.options[0].value as number;
      expect(best).toBeGreaterThan(0.3);
      expect(best).toBeLessThan(0.7);
      firstWin[id] = Date.now() - started;
    }
    expect(server.output()).not.toContain('no cached solution');
    console.log(
      `coach ready: listening after ${listening} ms, first win advice (ms from spawn) ${JSON.stringify(firstWin)}, RSS ${Math.round(server.rssMb())} MiB`,
    );
  }, 60_000);
});
