// Load test of the game server: N concurrent tables, each with two scripted socket.io players
// on loopback, against a server child process on SQLite and on PostgreSQL. Reports actions per
// second and the latency from sending an intent to receiving its `update`. Figures, never pass/fail.
//
//   npm run loadtest -- [--tables 1000] [--duration 30] [--think 1000] [--db sqlite,postgres] [--bots]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { legalActions, preset, type Action, type GameState } from '@zilch/engine';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '30' },
    think: { type: 'string', default: '1000' },
    db: { type: 'string', default: 'sqlite,postgres' },
    bots: { type: 'boolean', default: false },
    /** Drive an already running server instead of starting one (for profiling it). */
    url: { type: 'string' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const TABLES = Number(args.tables);
const DURATION_MS = Number(args.duration) * 1000;
const THINK_MS = Number(args.think);
// Every table plays this preset; one shared object keeps the engine's per-rules scoring table cached.
const RULES = preset('serendipity-creak');
const main = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));

interface View {
  status: string;
  seq: number;
  you: number | null;
  state: GameState;
}
interface Update {
  gameId: string;
  seq: number;
  view: View;
}

/** Starts the server as a child process and waits for its URL. */
async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ZILCH_RATE_LIMIT: '1000000',
      ZILCH_SOCKET_ACTIONS_PER_SECOND: '1000',
      ZILCH_BOT_DELAY_MS: String(THINK_MS),
      ZILCH_WEB_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /served on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url };
}

async function post(base: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
}

/** Runs `fn` over items with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

/** A scripted player: acts on its turn after a think time, measuring intent → update. */
class Player {
  socket!: Socket;
  private pending: { at: number; seq: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private n = 0;

  constructor(
    readonly gameId: string,
    readonly token: string,
    readonly stats: { latencies: number[]; errors: number; measuring: boolean },
  ) {}

  async connect(base: string): Promise<void> {
    this.socket = io(base, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((res, rej) => {
      this.socket.once('connect', () => res());
      this.socket.once('connect_error', rej);
    });
    this.socket.on('update', (u: Update) => this.onView(u.view));
    const ack = (await this.socket.emitWithAck('join', {
      gameId: this.gameId,
      token: this.token,
    })) as {
      ok: boolean;
      view: View;
    };
    if (!ack.ok) throw new Error('join failed');
    this.onView(ack.view);
  }

  private onView(v: View): void {
    if (this.pending && v.seq >= this.pending.seq) {
      if (this.stats.measuring) this.stats.latencies.push(performance.now() - this.pending.at);
      this.pending = null;
    }
    if (v.status !== 'playing' || v.state.current !== v.you || this.pending || this.timer) return;
    const think = THINK_MS * (0.5 + Math.random());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.act(v);
    }, think);
  }

  private act(v: View): void {
    const legal = legalActions({ ...v.state, rules: RULES });
    const pick: Action | undefined =
      legal.find((a) => a.type === 'keep' && a.then === 'bank') ??
      legal.find((a) => a.type === 'keep') ??
      legal.find((a) => a.type === 'fresh') ??
      legal[0];
    if (!pick) return;
    const { seat: _seat, ...move } = pick;
    this.pending = { at: performance.now(), seq: v.seq + 1 };
    this.n += 1;
    this.socket
      .timeout(10_000)
      .emitWithAck('action', {
        gameId: this.gameId,
        clientId: `${this.token.slice(0, 8)}-${this.n}`,
        action: move,
      })
      .then((ack: { ok: boolean }) => {
        if (!ack.ok) {
          this.stats.errors += 1;
          this.pending = null;
        }
      })
      .catch(() => {
        this.stats.errors += 1;
        this.pending = null;
      });
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket.close();
  }
}

/** Server-side time per action from its Prometheus histogram: the bucket bound holding percentile p. */
async function serverPercentiles(
  base: string,
): Promise<{ p50: number; p99: number; count: number }> {
  const text = await fetch(`${base}/metrics`).then((r) => r.text());
  const buckets = [
    ...text.matchAll(/^zilch_action_duration_seconds_bucket\{le="([^"]+)"\} (\d+)/gm),
  ].map((m) => ({ le: m[1] === '+Inf' ? Infinity : Number(m[1]) * 1000, n: Number(m[2]) }));
  const count = buckets[buckets.length - 1]?.n ?? 0;
  const at = (p: number) => buckets.find((b) => b.n >= (p / 100) * count)?.le ?? NaN;
  return { p50: at(50), p99: at(99), count };
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function run(store: 'sqlite' | 'postgres'): Promise<Record<string, unknown> | null> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zilch-load-'));
  const schema = `zilch_load_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> =
    store === 'sqlite'
      ? { ZILCH_DATA_DIR: dataDir }
      : { DATABASE_URL: args['database-url'] as string, ZILCH_PG_SCHEMA: schema };
  if (store === 'postgres') {
    const c = new pg.Client({
      connectionString: args['database-url'] as string,
      connectionTimeoutMillis: 2000,
    });
    try {
      await c.connect();
      await c.end();
    } catch {
      console.log(`  PostgreSQL at ${args['database-url']} does not answer: skipped`);
      return null;
    }
  }
  const { child, url } = args.url ? { child: null, url: args.url } : await startServer(env);
  const stats = { latencies: [] as number[], errors: 0, measuring: false };
  const players: Player[] = [];
  try {
    const setupStart = performance.now();
    const seats = args.bots
      ? [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }]
      : [{ kind: 'human' }, { kind: 'human' }];
    await pool(
      Array.from({ length: TABLES }, (_, i) => i),
      50,
      async () => {
        const t = (await post(url, '/api/games', { rules: 'serendipity-creak', seats })) as {
          gameId: string;
          seats: { token?: string }[];
        };
        for (const s of t.seats) if (s.token) players.push(new Player(t.gameId, s.token, stats));
      },
    );
    await pool(players, 50, (p) => p.connect(url));
    await pool(players, 50, async (p) => {
      await post(url, `/api/games/${p.gameId}/claim`, { token: p.token, name: 'Load' });
    });
    console.log(
      `  ${store}: ${TABLES} tables, ${players.length} sockets ready in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; warming up…`,
    );
    await new Promise((r) => setTimeout(r, Math.min(5000, THINK_MS * 3)));
    stats.measuring = true;
    const load = loadavg()[0] as number;
    const started = performance.now();
    await new Promise((r) => setTimeout(r, DURATION_MS));
    stats.measuring = false;
    const seconds = (performance.now() - started) / 1000;
    const sorted = stats.latencies.slice().sort((a, b) => a - b);
    const result = {
      store,
      tables: TABLES,
      sockets: players.length,
      seconds: Number(seconds.toFixed(1)),
      actions: sorted.length,
      actionsPerSecond: Number((sorted.length / seconds).toFixed(0)),
      p50ms: Number(pct(sorted, 50).toFixed(1)),
      p90ms: Number(pct(sorted, 90).toFixed(1)),
      p99ms: Number(pct(sorted, 99).toFixed(1)),
      maxms: Number((sorted[sorted.length - 1] ?? NaN).toFixed(1)),
      errors: stats.errors,
      serverP50ms: 0,
      serverP99ms: 0,
      loadAverage: Number(((load + (loadavg()[0] as number)) / 2).toFixed(1)),
    };
    const server = await serverPercentiles(url);
    result.serverP50ms = server.p50;
    result.serverP99ms = server.p99;
    console.log(
      `  ${store}: ${result.actions} actions in ${result.seconds} s = ${result.actionsPerSecond}/s; latency p50 ${result.p50ms} ms, p90 ${result.p90ms} ms, p99 ${result.p99ms} ms, max ${result.maxms} ms; ${result.errors} errors; inside the server p50 ≤ ${result.serverP50ms} ms, p99 ≤ ${result.serverP99ms} ms; load average ${result.loadAverage}`,
    );
    return result;
  } finally {
    for (const p of players) p.close();
    if (child) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (store === 'postgres') {
      const c = new pg.Client({ connectionString: args['database-url'] as string });
      c.on('error', () => undefined);
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    }
  }
}

console.log(
  `Zilch load test: ${TABLES} tables × ${args.bots ? '1 scripted player + 1 bot' : '2 scripted players'}, think ${THINK_MS} ms (±50%), ${DURATION_MS / 1000} s measured per store`,
);
const results = [];
for (const store of String(args.db).split(',') as ('sqlite' | 'postgres')[]) {
  const r = await run(store);
  if (r) results.push(r);
}
console.log(JSON.stringify({ loadtest: results }));
process.exit(0);
