// Helpers of the tournament tests: accounts and rate limits off (tables are played out by
// forced-play.ts); the stores they run on (SQLite, PostgreSQL, two processes on PostgreSQL + Redis).
import { dropSchema, newSchema, postgresUrl, redisUrl, tempDir } from '@zilch/testkit';
import { expect } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { startTestServer } from './helpers.ts';

/** Rate limits off: the tests make many accounts and calls from one address. */
const NO_LIMITS = {
  ZILCH_AUTH_RATE_LIMIT: '100000',
  ZILCH_RATE_LIMIT: '100000',
  ZILCH_COSTLY_RATE_LIMIT: '100000',
};

let n = 0;
/** A signed-in account with a unique name on the server at `base`. */
export async function account(base: string): Promise<{ d: Device; id: string; name: string }> {
  const d = new Device(base);
  const made = await d.call('POST', '/api/account/seats', { seats: [] });
  expect((await register(d, new SoftPasskey(base))).status).toBe(201);
  const name = `Tk${++n}x${Math.floor(Math.random() * 1e6)}`;
  expect((await d.call('POST', '/api/account/profile', { name })).status).toBe(200);
  return { d, id: made.body.user.id as string, name };
}

const pgUrl = await postgresUrl();
const redis = pgUrl ? await redisUrl() : null;

/** A store the tournament tests run on, and how many server processes share it. */
export interface StoreKind {
  readonly name: string;
  readonly processes: number;
  readonly pg: boolean;
}

/** SQLite always; PostgreSQL, and two processes on PostgreSQL + Redis, when they answer. */
export const STORES: StoreKind[] = [
  { name: 'SQLite', processes: 1, pg: false },
  ...(pgUrl ? [{ name: 'PostgreSQL', processes: 1, pg: true }] : []),
  ...(pgUrl && redis
    ? [{ name: 'two processes on PostgreSQL + Redis', processes: 2, pg: true }]
    : []),
];

/** Running servers on one fresh store (a new schema on PostgreSQL), and how to stop them. */
export interface Stack {
  readonly urls: string[];
  close(): Promise<void>;
}

/** Starts `kind.processes` servers sharing one fresh store, with `env` added. */
export async function startStack(
  kind: StoreKind,
  env: Record<string, string> = {},
): Promise<Stack> {
  const tmp = tempDir();
  const schema = newSchema('zilch_tk');
  const base = {
    ZILCH_DATA_DIR: tmp.dir,
    ...NO_LIMITS,
    ...(kind.pg ? { DATABASE_URL: pgUrl!, ZILCH_PG_SCHEMA: schema } : {}),
    ...(kind.processes > 1 ? { REDIS_URL: redis! } : {}),
    ...env,
  };
  const servers: RunningServer[] = [];
  // One after the other: the first runs the migrations the second then finds done.
  for (let i = 0; i < kind.processes; i++) servers.push(await startTestServer(base));
  return {
    urls: servers.map((s) => s.url),
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
      if (kind.pg) await dropSchema(pgUrl!, schema);
      tmp.cleanup();
    },
  };
}
