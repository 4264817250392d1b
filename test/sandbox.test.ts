// Issue 23, item 6: tests leave a developer's data alone. vitest.config.ts opens one temporary
// directory per run (scripts/test-sandbox.mjs); test servers keep their games there and every
// solver reads its cache there, never in the clone's ./data or ~/.cache/zilch. `npm test` checks
// afterwards that ./data and the developer's cache are unchanged (scripts/test.mjs).
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, testDirs } from '@zilch/testkit';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../packages/server/test/helpers.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const inside = (dir: string, parent: string) => !relative(parent, dir).startsWith('..');

describe("a test run's directories", () => {
  const { ZILCH_TEST_SANDBOX: sandbox = '', ZILCH_DATA_DIR: data = '' } = process.env;
  const cache = process.env.ZILCH_CACHE_DIR ?? '';

  it('are one temporary directory, neither the clone nor the home directory', () => {
    expect(sandbox).not.toBe('');
    expect(inside(realpathSync(sandbox), realpathSync(tmpdir()))).toBe(true);
    expect(inside(resolve(sandbox), root)).toBe(false);
    // The default store: the sandbox's data directory, one directory per vitest worker in it
    // (scripts/test-worker-store.ts).
    expect(inside(resolve(data), join(sandbox, 'data'))).toBe(true);
    expect(dirname(cache)).toBe(sandbox);
    expect(resolve(data)).not.toBe(join(root, 'data'));
    expect(resolve(cache)).not.toBe(join(homedir(), '.cache', 'zilch'));
    expect(testDirs()).toEqual({ ZILCH_DATA_DIR: data, ZILCH_CACHE_DIR: cache });
  });

  it('hold the games of a test server started without a data directory', async () => {
    const server = await startTestServer();
    try {
      const made = await api(server.url, 'POST', '/api/games', {
        rules: 'classic',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      });
      expect(made.status).toBe(201);
      expect(existsSync(join(data, 'zilch.sqlite'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("seed the cache with links to solutions made before, never copies of the developer's files", () => {
    const solutions = readdirSync(cache).filter((n) => n.startsWith('two-player-'));
    // At least the solutions packages/strategy ships (the developer's cache may hold more).
    expect(solutions.length).toBeGreaterThanOrEqual(2);
    for (const name of solutions) {
      const path = join(cache, name);
      // A file a test wrote since (a solve saved there) is a plain file of the sandbox.
      if (!lstatSync(path).isSymbolicLink()) continue;
      const target = readlinkSync(path);
      expect(inside(target, sandbox)).toBe(false);
      expect(existsSync(target)).toBe(true);
    }
  });
});
