// Load test of the game server: N concurrent tables, each with two scripted socket.io players
// on loopback, against a server child process on SQLite and on PostgreSQL. Reports actions per
// second and the latency from sending an intent to receiving its `update`. Figures, never pass/fail.
//
//   npm run loadtest -- [--tables 1000] [--duration 30] [--runs 3] [--think 1000] [--db sqlite,postgres] [--bots]
//                       [--compiled] [--url http://127.0.0.1:PORT] [--database-url postgres://…]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { median, pgAnswers, sleep, startCluster, summarize, type Cluster } from '@zilch/testkit';
import { workerEntry } from '@zilch/strategy/node';
import type { ClientReport, ClientShare } from './clients.ts';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '30' },
    think: { type: 'string', default: '1000' },
    db: { type: 'string', default: 'sqlite,postgres' },
    bots: { type: 'boolean', default: false },
    /** Worker threads the scripted players are spread over (each runs its own event loop). */
    clients: { type: 'string', default: '2' },
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
const CLIENTS = Math.max(1, Number(args.clients));
// The load test reads the server's /metrics; a server it starts has them on.
const METRICS_HEADERS: Record<string, string> = {};
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
  const shares = Array.from(
    { length: CLIENTS },
    (_, i) => Math.floor(TABLES / CLIENTS) + (i < TABLES % CLIENTS ? 1 : 0),
  );
  const workers: Worker[] = [];
  try {
    const setupStart = performance.now();
    // The tables of each share are opened by its own worker thread, and so are its sockets.
    const reports: ClientReport[] = [];
    let answer: ((r: ClientReport | 'ready') => void)[] = [];
    for (const tables of shares) {
      const entry = workerEntry(import.meta.url, 'clients', {
        workerData: { url, tables, thinkMs: THINK_MS, bots: args.bots } satisfies ClientShare,
      });
      const w = new Worker(entry.url, entry.options);
      w.on('message', (m: ClientReport | 'ready') => answer.shift()?.(m));
      w.on('error', (e) => console.error('  load client failed:', e));
      workers.push(w);
    }
    const all = async (msg?: 'start' | 'stop'): Promise<(ClientReport | 'ready')[]> => {
      const got = workers.map(() => new Promise<ClientReport | 'ready'>((r) => answer.push(r)));
      if (msg) for (const w of workers) w.postMessage(msg);
      return Promise.all(got);
    };
    await all();
    console.log(
      `  ${store}: ${TABLES} tables in ${CLIENTS} load-client threads ready in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; warming up…`,
    );
    await sleep(Math.min(5000, THINK_MS * 3));
    // The first scrape also resets the server's event-loop histogram (prom-client does on collect).
    const before = await scrape(url);
    for (const w of workers) w.postMessage('start');
    const load = loadavg()[0] as number;
    const started = performance.now();
    await sleep(DURATION_MS);
    reports.push(...((await all('stop')) as ClientReport[]));
    answer = [];
    const seconds = (performance.now() - started) / 1000;
    const l = summarize(reports.flatMap((r) => r.latencies));
    const errorCodes: Record<string, number> = {};
    for (const r of reports)
      for (const [k, n] of Object.entries(r.errorCodes) as [string, number][])
        errorCodes[k] = (errorCodes[k] ?? 0) + n;
    const after = await scrape(url);
    const server = serverPercentiles(before, after);
    const result = {
      store,
      tables: TABLES,
      sockets: reports.reduce((n, r) => n + r.sockets, 0),
      seconds: Number(seconds.toFixed(1)),
      actions: l.n,
      actionsPerSecond: Number((l.n / seconds).toFixed(0)),
      p50ms: l.p50,
      p90ms: l.p90,
      p99ms: l.p99,
      maxms: l.max,
      // Every refused or unanswered intent (retried or not), by code in `refusals`.
      errors: Object.values(errorCodes).reduce((a, b) => a + b, 0),
      refusals: errorCodes,
      serverP50ms: server.p50,
      serverP99ms: server.p99,
      // Event-loop delay over the window: the server's (from its metrics) and this load client's.
      serverLagP99ms: ms(after.get('nodejs_eventloop_lag_p99_seconds')),
      serverLagMaxms: ms(after.get('nodejs_eventloop_lag_max_seconds')),
      serverGcSeconds: gcSeconds(before, after),
      clientLagP99ms: Number(Math.max(...reports.map((r) => r.lagP99ms)).toFixed(1)),
      clientLagMaxms: Number(Math.max(...reports.map((r) => r.lagMaxms)).toFixed(1)),
      loadAverage: Number(((load + (loadavg()[0] as number)) / 2).toFixed(1)),
    };
    console.log(
      `  ${store}: ${result.actions} actions in ${result.seconds} s = ${result.actionsPerSecond}/s; latency p50 ${result.p50ms} ms, p90 ${result.p90ms} ms, p99 ${result.p99ms} ms, max ${result.maxms} ms; ${result.errors} errors; inside the server p50 ≤ ${result.serverP50ms} ms, p99 ≤ ${result.serverP99ms} ms; event-loop delay p99/max: server ${result.serverLagP99ms}/${result.serverLagMaxms} ms (GC ${result.serverGcSeconds} s), load client ${result.clientLagP99ms}/${result.clientLagMaxms} ms; load average ${result.loadAverage}`,
    );
    return result;
  } finally {
    for (const w of workers) w.postMessage('close');
    await Promise.all(workers.map((w) => w.terminate()));
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
