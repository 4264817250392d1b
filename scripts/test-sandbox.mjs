// The directories a test run may write: one temporary directory per run, never the clone's
// ./data (which `npm start` serves) nor the developer's solution cache (~/.cache/zilch or their
// ZILCH_CACHE_DIR). vitest.config.ts and playwright.config.ts open it before any test starts;
// their workers and every server or CLI a test spawns inherit it through the environment:
//   ZILCH_TEST_SANDBOX  the run's directory (removed when the process that made it exits)
//   ZILCH_DATA_DIR      <sandbox>/data, the default store of test servers
//   ZILCH_CACHE_DIR     <sandbox>/cache, the solution cache of test servers, CLIs and bots
//   ZILCH_TEST_SEED_CACHE  the developer's cache it was seeded from
// Solving the presets again would add minutes to every run, so the sandbox's cache starts with
// symbolic links to the solutions the developer's cache and packages/strategy/solutions hold:
// read, never written. Every writer of the cache writes a file beside its name and renames it into
// place (packages/strategy/src/solver/cache.ts, presolve.ts), which replaces the link in the
// sandbox and leaves its target alone; `npm test` checks that the developer's cache is unchanged.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHIPPED = fileURLToPath(new URL('../packages/strategy/solutions/', import.meta.url));
const SOLUTION = /^two-player-[0-9a-f]+\.(bin|json)$/;

/** The developer's solution cache: what the server and the CLI use outside tests. */
export function developerCacheDir() {
  const configured = process.env.ZILCH_TEST_SANDBOX ? undefined : process.env.ZILCH_CACHE_DIR;
  return configured ? resolve(configured) : join(homedir(), '.cache', 'zilch');
}

/**
 * Opens this run's sandbox (or joins the one a parent process opened) and points ZILCH_DATA_DIR
 * and ZILCH_CACHE_DIR at it; returns its directory.
 */
export function openSandbox() {
  const open = process.env.ZILCH_TEST_SANDBOX;
  if (open && existsSync(open)) return open;
  const seeds = [developerCacheDir(), SHIPPED];
  const root = mkdtempSync(join(tmpdir(), 'zilch-test-'));
  const cache = join(root, 'cache');
  const data = join(root, 'data');
  mkdirSync(cache);
  mkdirSync(data);
  for (const dir of seeds) {
    const names = existsSync(dir) ? readdirSync(dir) : [];
    for (const name of names.filter((n) => SOLUTION.test(n))) {
      if (!existsSync(join(cache, name))) symlinkSync(join(dir, name), join(cache, name));
    }
  }
  process.env.ZILCH_TEST_SANDBOX = root;
  // Where a missing solution belongs (`npm run presolve` there seeds the next run).
  process.env.ZILCH_TEST_SEED_CACHE = seeds[0];
  process.env.ZILCH_DATA_DIR = data;
  process.env.ZILCH_CACHE_DIR = cache;
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  return root;
}
