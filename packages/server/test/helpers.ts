// Test JSON is read loosely: the assertions check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../src/config/config.ts';
import { startServer, type RunningServer } from '../src/server.ts';

/** A fresh temporary directory, removed by `cleanup`. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'zilch-server-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts a server in this process on a free port with test-friendly settings. */
export async function startTestServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const c = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ZILCH_TEST_DICE: '1',
    ZILCH_BOT_DELAY_MS: '0',
    ZILCH_WEB_DIR: '/nonexistent',
    ...env,
  });
  if (!c.ok) throw new Error(c.message);
  return startServer(c.config);
}

/** JSON over HTTP against a server. */
export async function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Loose }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed };
}

/** A socket.io client that records every `update` it receives. */
export interface TestClient {
  readonly socket: Socket;
  readonly updates: Loose[];
  ask(event: string, payload: unknown): Promise<Loose>;
  /** Resolves with the first update (already received or coming) that matches. */
  waitFor(pred: (u: Loose) => boolean, ms?: number): Promise<Loose>;
  close(): void;
}

/** Connects a client (websocket transport) to a server. */
export async function client(base: string): Promise<TestClient> {
  const socket = connect(base, { transports: ['websocket'], reconnection: false, forceNew: true });
  const updates: Loose[] = [];
  const waiters: { pred: (u: Loose) => boolean; resolve: (u: Loose) => void }[] = [];
  socket.on('update', (u) => {
    updates.push(u);
    for (const w of waiters.slice()) {
      if (w.pred(u)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(u);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    updates,
    ask: (event, payload) => socket.timeout(10_000).emitWithAck(event, payload),
    waitFor(pred, ms = 10_000) {
      const hit = updates.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('timed out waiting for an update')), ms);
        waiters.push({
          pred,
          resolve: (u) => {
            clearTimeout(t);
            resolve(u);
          },
        });
      });
    },
    close: () => void socket.close(),
  };
}

/** Polls until `fn` returns a truthy value (one helper for the server and reliability suites). */
export { until } from '../../../reliability/lib/http.ts';
import { until } from '../../../reliability/lib/http.ts';

const mainFile = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** Spawns the server as a child process; resolves once it listens. */
export async function spawnServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // Node itself with the tsx loader (not the tsx wrapper), so a signal reaches the server process.
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ZILCH_WEB_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const url = await until(
    () => /served on (http:\/\/\S+)/.exec(out)?.[1] ?? (child.exitCode !== null ? 'exit' : null),
    30_000,
  );
  if (url === 'exit') throw new Error(`server exited: ${out}`);
  return { child, url, output: () => out };
}

/** A free TCP port. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const required = process.env.ZILCH_REQUIRE_SERVICES === '1';

/** The PostgreSQL URL for tests, or null (with one loud line) when no server answers. */
export async function postgresUrl(): Promise<string | null> {
  for (const user of ['postgres', 'root']) {
    const url = process.env.ZILCH_TEST_DATABASE_URL ?? `postgres://${user}@127.0.0.1:5432/test`;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      await c.end();
      return url;
    } catch {
      await c.end().catch(() => undefined);
    }
  }
  if (required)
    throw new Error(
      'PostgreSQL is required (ZILCH_REQUIRE_SERVICES=1) but 127.0.0.1:5432/test does not answer',
    );
  console.warn(
    '!!! PostgreSQL tests SKIPPED: start PostgreSQL on 127.0.0.1:5432 with a database "test" (trust auth) to run them',
  );
  return null;
}

/** The Redis URL for tests, or null (with one loud line) when none answers. */
export async function redisUrl(): Promise<string | null> {
  const url = process.env.ZILCH_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const r = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await r.connect();
    await r.ping();
    r.disconnect();
    return url;
  } catch {
    r.disconnect();
    if (required)
      throw new Error(
        'Redis is required (ZILCH_REQUIRE_SERVICES=1) but 127.0.0.1:6379 does not answer',
      );
    console.warn(
      '!!! Redis tests SKIPPED: start Redis on 127.0.0.1:6379 (redis-server) to run them',
    );
    return null;
  }
}

/** Drops a test schema from PostgreSQL. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await c.end();
}
