// Load test of the game server: N concurrent tables, each with two scripted socket.io players
// on loopback, against a server child process on SQLite and on PostgreSQL. Reports actions per
// second and the latency from sending an intent to receiving its `update`. Figures, never pass/fail.
//
//   npm run loadtest -- [--tables 1000] [--duration 30] [--runs 3] [--think 1000] [--db sqlite,postgres] [--bots]
//                       [--compiled] [--url http://127.0.0.1:PORT] [--database-url postgres://…]
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { legalActions, preset, type Action, type GameState } from '@zilch/engine';
import type { Move, SeatSpec } from '@zilch/protocol';
import {
  median,
  newStats,
  openTables,
  pgAnswers,
  sleep,
  startCluster,
  summarize,
  type Cluster,
  type Player,
} from '@zilch/testkit';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '30' },
    think: { type: 'string', default: '1000' },
    db: { type: 'string', default: 'sqlite,postgres' },
    bots: { type: 'boolean', default: false },
    /** Runs per store; the summary line gives the median of each figure. */
    runs: { type: 'string', default: '1' },
    /** Run the built server (packages/server/dist, after `npx tsc -b`) instead of its sources. */
    compiled: { type: 'boolean', default: false },
    /** Drive an already running server instead of starting one (for profiling it). */
    url: { type: 'string' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(
    'npm run loadtest -- [--tables 1000] [--duration 30 (s)] [--runs 1] [--think 1000 (ms)] [--db sqlite,postgres] [--bots] [--compiled] [--url <running server>] [--database-url <postgres url>]',
  );
  process.exit(0);
}
const TABLES = Number(args.tables);
const DURATION_MS = Number(args.duration) * 1000;
const THINK_MS = Number(args.think);
const DATABASE_URL = args['database-url'] as string;
const RUNS = Math.max(1, Number(args.runs));
// The load test reads the server's /metrics; a server it starts has them on.
const METRICS_HEADERS: Record<string, string> = {};
// Every table plays this preset; one shared object keeps the engine's per-rules scoring table cached.
const RULES = preset('serendipity-creak');

/** Short turns: keep and bank when allowed, else keep and roll on. */
function pick(state: GameState): Move | null {
  const legal = legalActions({ ...state, rules: RULES });
  const chosen: Action | undefined =
    legal.find((a) => a.type === 'keep' && a.then === 'bank') ??
    legal.find((a) => a.type === 'keep') ??
    legal.find((a) => a.type === 'fresh') ??
    legal[0];
  if (!chosen || chosen.type === 'timeout') return null;
  const { seat: _seat, ...move } = chosen;
  return move;
}

/** One scrape of the server's /metrics: every sample by its name and labels, as written. */
async function scrape(base: string): Promise<Map<string, number>> {
  const text = await fetch(`${base}/metrics`, { headers: METRICS_HEADERS }).then((r) => r.text());
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (\S+)$/gm)) {
    out.set(m[1] as string, Number(m[2]));
  }
  return out;
}

/**
 * Server-side time per action over the measured window (two scrapes, histogram buckets
 * subtracted): the bucket bound holding percentile p.
 */
function serverPercentiles(
  before: Map<string, number>,
  after: Map<string, number>,
): { p50: number; p99: number; count: number } {
  const buckets = [...after.entries()]
    .map(([k, n]) => ({
      m: /^zilch_action_duration_seconds_bucket\{le="([^"]+)"\}$/.exec(k),
      k,
      n,
    }))
    .filter((b) => b.m)
    .map((b) => ({
      le: b.m?.[1] === '+Inf' ? Infinity : Number(b.m?.[1]) * 1000,
      n: b.n - (before.get(b.k) ?? 0),
    }));
  const count = buckets[buckets.length - 1]?.n ?? 0;
  const at = (p: number) => buckets.find((b) => b.n >= (p / 100) * count)?.le ?? NaN;
  return { p50: at(50), p99: at(99), count };
}

/** Seconds the server spent in garbage collection between two scrapes, by kind. */
function gcSeconds(before: Map<string, number>, after: Map<string, number>): number {
  let s = 0;
  for (const [k, v] of after) {
    if (k.startsWith('nodejs_gc_duration_seconds_sum')) s += v - (before.get(k) ?? 0);
  }
  return Number(s.toFixed(2));
}

const ms = (seconds: number | undefined) => Number(((seconds ?? NaN) * 1000).toFixed(1));

async function run(store: 'sqlite' | 'postgres'): Promise<Record<string, unknown> | null> {
  if (store === 'postgres' && !args.url && !(await pgAnswers(DATABASE_URL))) {
    console.log(`  PostgreSQL at ${DATABASE_URL} does not answer: skipped`);
    return null;
  }
  const cluster: Cluster | null = args.url
    ? null
    : await startCluster({
        store,
        processes: 1,
        databaseUrl: DATABASE_URL,
        spawn: { compiled: args.compiled },
        env: {
          ZILCH_RATE_LIMIT: '1000000',
          ZILCH_SOCKET_ACTIONS_PER_SECOND: '1000',
          ZILCH_BOT_DELAY_MS: String(THINK_MS),
        },
      });
  const url = args.url ?? (cluster?.servers[0]?.url as string);
  const stats = newStats();
  stats.measuring = false;
  let players: Player[] = [];
  try {
    const setupStart = performance.now();
    const seats: SeatSpec[] = args.bots
      ? [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }]
      : [{ kind: 'human' }, { kind: 'human' }];
    ({ players } = await openTables({
      tables: TABLES,
      createOn: () => url,
      urlsFor: () => [url],
      rules: 'serendipity-creak',
      seats,
      think: () => THINK_MS * (0.5 + Math.random()),
      pick,
      stats,
      name: 'Load',
    }));
    console.log(
      `  ${store}: ${TABLES} tables, ${players.length} sockets ready in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; warming up…`,
    );
    await sleep(Math.min(5000, THINK_MS * 3));
    // The first scrape also resets the server's event-loop histogram (prom-client does on collect).
    const before = await scrape(url);
    const clientLag = monitorEventLoopDelay({ resolution: 10 });
    clientLag.enable();
    stats.measuring = true;
    const load = loadavg()[0] as number;
    const started = performance.now();
    await sleep(DURATION_MS);
    stats.measuring = false;
    clientLag.disable();
    const seconds = (performance.now() - started) / 1000;
    const l = summarize(stats.latencies);
    const after = await scrape(url);
    const server = serverPercentiles(before, after);
    const result = {
      store,
      tables: TABLES,
      sockets: players.length,
      seconds: Number(seconds.toFixed(1)),
      actions: l.n,
      actionsPerSecond: Number((l.n / seconds).toFixed(0)),
      p50ms: l.p50,
      p90ms: l.p90,
      p99ms: l.p99,
      maxms: l.max,
      // Every refused or unanswered intent (retried or not), by code in `refusals`.
      errors: Object.values(stats.errorCodes).reduce((a, b) => a + b, 0),
      refusals: { ...stats.errorCodes },
      serverP50ms: server.p50,
      serverP99ms: server.p99,
      // Event-loop delay over the window: the server's (from its metrics) and this load client's.
      serverLagP99ms: ms(after.get('nodejs_eventloop_lag_p99_seconds')),
      serverLagMaxms: ms(after.get('nodejs_eventloop_lag_max_seconds')),
      serverGcSeconds: gcSeconds(before, after),
      clientLagP99ms: Number((clientLag.percentile(99) / 1e6).toFixed(1)),
      clientLagMaxms: Number((clientLag.max / 1e6).toFixed(1)),
      loadAverage: Number(((load + (loadavg()[0] as number)) / 2).toFixed(1)),
    };
    console.log(
      `  ${store}: ${result.actions} actions in ${result.seconds} s = ${result.actionsPerSecond}/s; latency p50 ${result.p50ms} ms, p90 ${result.p90ms} ms, p99 ${result.p99ms} ms, max ${result.maxms} ms; ${result.errors} errors; inside the server p50 ≤ ${result.serverP50ms} ms, p99 ≤ ${result.serverP99ms} ms; event-loop delay p99/max: server ${result.serverLagP99ms}/${result.serverLagMaxms} ms (GC ${result.serverGcSeconds} s), load client ${result.clientLagP99ms}/${result.clientLagMaxms} ms; load average ${result.loadAverage}`,
    );
    return result;
  } finally {
    for (const p of players) p.close();
    await cluster?.close();
  }
}

console.log(
  `Zilch load test: ${TABLES} tables × ${args.bots ? '1 scripted player + 1 bot' : '2 scripted players'}, think ${THINK_MS} ms (±50%), ${DURATION_MS / 1000} s measured per store`,
);
const results: Record<string, unknown>[] = [];
const medians: Record<string, unknown>[] = [];
for (const store of String(args.db).split(',') as ('sqlite' | 'postgres')[]) {
  const runs: Record<string, unknown>[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await run(store);
    if (r) runs.push(r);
  }
  results.push(...runs);
  if (runs.length > 1) {
    const m: Record<string, unknown> = { store, runs: runs.length };
    for (const [k, v] of Object.entries(runs[0] ?? {})) {
      if (typeof v === 'number') m[k] = median(runs.map((r) => r[k] as number));
    }
    medians.push(m);
    console.log(
      `  ${store}, median of ${runs.length} runs: ${m.actionsPerSecond}/s; p50 ${m.p50ms} ms, p99 ${m.p99ms} ms, max ${m.maxms} ms; server event-loop p99 ${m.serverLagP99ms} ms; load client ${m.clientLagP99ms} ms`,
    );
  }
}
console.log(JSON.stringify({ loadtest: results, medians }));
process.exit(0);
