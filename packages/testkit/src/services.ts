// PostgreSQL, Redis and temporary directories for tests: a service is found, or its cases are
// skipped with one loud line (and fail instead under ZILCH_REQUIRE_SERVICES=1).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

function missing(what: string, fix: string): null {
  if (process.env.ZILCH_REQUIRE_SERVICES === '1')
    throw new Error(`${what} is required (ZILCH_REQUIRE_SERVICES=1) but does not answer: ${fix}`);
  console.warn(`!!! ${what} tests SKIPPED: ${fix} to run them`);
  return null;
}

/** Whether PostgreSQL answers at `url`. */
export async function pgAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** The PostgreSQL URL for tests (ZILCH_TEST_DATABASE_URL or a local "test" database), or null. */
export async function postgresUrl(): Promise<string | null> {
  const candidates = process.env.ZILCH_TEST_DATABASE_URL
    ? [process.env.ZILCH_TEST_DATABASE_URL]
    : ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test'];
  for (const url of candidates) if (await pgAnswers(url)) return url;
  return missing(
    'PostgreSQL',
    'start PostgreSQL on 127.0.0.1:5432 with a database "test" (trust auth)',
  );
}

/** Whether Redis answers at `url`. */
export async function redisAnswers(url: string): Promise<boolean> {
  const r = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/** The Redis URL for tests (ZILCH_TEST_REDIS_URL or a local one), or null. */
export async function redisUrl(): Promise<string | null> {
  const url = process.env.ZILCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await redisAnswers(url)) return url;
  return missing('Redis', 'start Redis on 127.0.0.1:6379 (redis-server)');
}

/** A fresh PostgreSQL schema name, so runs never share tables. */
export function newSchema(prefix = 'zilch_test'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** Drops a run's schema. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  await c.connect();
  try {
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await c.end();
  }
}

/** A fresh temporary directory, removed by `cleanup`. */
export function tempDir(prefix = 'zilch-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// Made once per process when no sandbox is open (a suite run outside vitest.config.ts).
let ownDirs: { ZILCH_DATA_DIR: string; ZILCH_CACHE_DIR: string } | null = null;

/**
 * The store and solution cache directories of test servers: this run's sandbox, which
 * vitest.config.ts opens (scripts/test-sandbox.mjs), else temporary ones of this process.
 * Never ./data nor ~/.cache/zilch.
 */
export function testDirs(): { ZILCH_DATA_DIR: string; ZILCH_CACHE_DIR: string } {
  const { ZILCH_TEST_SANDBOX: sandbox, ZILCH_DATA_DIR: data, ZILCH_CACHE_DIR: cache } = process.env;
  if (sandbox && data && cache) return { ZILCH_DATA_DIR: data, ZILCH_CACHE_DIR: cache };
  if (!ownDirs) {
    const root = mkdtempSync(join(tmpdir(), 'zilch-test-'));
    ownDirs = { ZILCH_DATA_DIR: join(root, 'data'), ZILCH_CACHE_DIR: join(root, 'cache') };
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  }
  return ownDirs;
}
