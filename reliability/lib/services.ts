// PostgreSQL and Redis for the suites: found, or skipped with one loud line (failed under ZILCH_REQUIRE_SERVICES=1).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

const required = process.env.ZILCH_REQUIRE_SERVICES === '1';

function missing(what: string, fix: string): null {
  if (required) throw new Error(`${what} is required (ZILCH_REQUIRE_SERVICES=1): ${fix}`);
  console.warn(`!!! reliability: ${what} cases SKIPPED — ${fix}`);
  return null;
}

/** Whether PostgreSQL answers at `url`. */
export async function pgAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
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

/** The PostgreSQL URL to use, or null (with one loud line) when none answers. */
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
    connectTimeout: 1500,
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

/** The Redis URL to use, or null (with one loud line) when none answers. */
export async function redisUrl(): Promise<string | null> {
  const url = process.env.ZILCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await redisAnswers(url)) return url;
  return missing('Redis', 'start redis-server on 127.0.0.1:6379');
}

/** A fresh PostgreSQL schema name for one run. */
export function newSchema(prefix = 'zilch_rel'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** Drops a run's schema. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await c.end();
}
