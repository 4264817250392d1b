// One measured run of the load test: start the server (one process, or several sharing PostgreSQL
// and Redis), open the tables from the load-client worker threads, measure a window, report.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  cpuSecondsOf,
  cpuSecondsOfCommand,
  scrapeMetrics,
  sleep,
  startCluster,
  summarize,
  type Cluster,
} from '@zilch/testkit';
import { workerEntry } from '@zilch/strategy/node';
import type { ClientReport, ClientShare } from './clients.ts';
import { summarizeRun } from './profile.ts';

/** What one run is asked to do. */
export interface RunOptions {
  store: 'sqlite' | 'postgres';
  /** Server processes; more than one share PostgreSQL and Redis. */
  processes: number;
  tables: number;
  durationMs: number;
  thinkMs: number;
  bots: boolean;
  /** Worker threads the scripted players are spread over. */
  clients: number;
  compiled: boolean;
  databaseUrl: string;
  redisUrl: string | null;
  /** Drive this running server instead of starting one. */
  url?: string;
  /** Extra flags for each server's node. */
  nodeArgs: string[];
  /** Keep the first server's CPU profile, GC trace and window here. */
  profileDir: string | null;
}

/** What one run measured (numbers only, so that runs can be summarized by their median). */
export interface RunResult {
  tables: number;
  processes: number;
  sockets: number;
  seconds: number;
  actions: number;
  actionsPerSecond: number;
  p50ms: number;
  p90ms: number;
  p99ms: number;
  maxms: number;
  /** Every refused or unanswered intent (retried or not); by code in `refusals`. */
  errors: number;
  serverP50ms: number;
  serverP99ms: number;
  /** The servers' event-loop delay over the window (the worst process). */
  serverLagP99ms: number;
  serverLagMaxms: number;
  serverGcSeconds: number;
  clientLagP99ms: number;
  clientLagMaxms: number;
  /** CPU per action (ms) of the server processes together and of this load-test process. */
  serverCpuMsPerAction: number;
  clientCpuMsPerAction: number;
  /** CPU per action (ms) of every PostgreSQL process on the machine (NaN on SQLite): its backends are no child of the server. */
  databaseCpuMsPerAction: number;
  /** Resident memory of the server processes together at the end of the window, MiB. */
  serverRssMb: number;
  loadAverage: number;
}

/**
 * Server-side time per action over the measured window (two scrapes of each process, histogram
 * buckets subtracted and added over processes): the bucket bound holding percentile p.
 */
function serverPercentiles(pairs: [Map<string, number>, Map<string, number>][]) {
  const counts = new Map<number, number>();
  for (const [before, after] of pairs) {
    for (const [k, n] of after) {
      const m = /^zilch_action_duration_seconds_bucket\{le="([^"]+)"\}$/.exec(k);
      if (!m) continue;
      const le = m[1] === '+Inf' ? Infinity : Number(m[1]) * 1000;
      counts.set(le, (counts.get(le) ?? 0) + n - (before.get(k) ?? 0));
    }
  }
  const buckets = [...counts.entries()].sort((a, b) => a[0] - b[0]);
  const count = buckets[buckets.length - 1]?.[1] ?? 0;
  const at = (p: number) => buckets.find(([, n]) => n >= (p / 100) * count)?.[0] ?? NaN;
  return { p50: at(50), p99: at(99) };
}

/** Seconds a server spent in garbage collection between two scrapes. */
function gcSeconds(before: Map<string, number>, after: Map<string, number>): number {
  let s = 0;
  for (const [k, v] of after) {
    if (k.startsWith('nodejs_gc_duration_seconds_sum')) s += v - (before.get(k) ?? 0);
  }
  return s;
}

const round = (x: number, digits = 1) => Number(x.toFixed(digits));
const ms = (seconds: number | undefined) => round((seconds ?? NaN) * 1000);
/** Microseconds on the monotonic clock V8's CPU profiler stamps its samples with. */
const monoUs = () => Number(process.hrtime.bigint() / 1000n);

/** Starts the servers, runs the measured window, and stops everything again. */
export async function runOnce(o: RunOptions): Promise<RunResult> {
  if (o.profileDir) mkdirSync(o.profileDir, { recursive: true });
  const cluster: Cluster | null = o.url
    ? null
    : await startCluster({
        store: o.store,
        processes: o.processes,
        databaseUrl: o.databaseUrl,
        ...(o.redisUrl ? { redisUrl: o.redisUrl } : {}),
        spawn: {
          compiled: o.compiled,
          nodeArgs: [
            ...o.nodeArgs,
            ...(o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`, '--trace-gc'] : []),
          ],
        },
        env: {
          ZILCH_RATE_LIMIT: '1000000',
          ZILCH_SOCKET_ACTIONS_PER_SECOND: '1000',
          ZILCH_BOT_DELAY_MS: String(o.thinkMs),
          // Every table's game stays in memory, as an operator would size it for this many tables
          // (past the default 2,000 each action would reload and replay its game).
          ZILCH_GAME_CACHE: String(Math.max(2000, o.tables + 500)),
        },
      });
  const urls = o.url ? [o.url] : (cluster?.servers.map((s) => s.url) ?? []);
  const shares = Array.from(
    { length: o.clients },
    (_, i) => Math.floor(o.tables / o.clients) + (i < o.tables % o.clients ? 1 : 0),
  );
  const workers: Worker[] = [];
  try {
    const setupStart = performance.now();
    // The tables of each share are opened by its own worker thread, and so are its sockets.
    let answer: ((r: ClientReport | 'ready') => void)[] = [];
    let first = 0;
    for (const tables of shares) {
      const share: ClientShare = { urls, first, tables, thinkMs: o.thinkMs, bots: o.bots };
      first += tables;
      const entry = workerEntry(import.meta.url, 'clients', { workerData: share });
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
      `  ${o.store} × ${o.processes}: ${o.tables} tables in ${o.clients} load-client threads ready in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; warming up…`,
    );
    await sleep(Math.min(5000, o.thinkMs * 3));
    // The first scrape also resets each server's event-loop histogram (prom-client does on collect).
    const before = await Promise.all(urls.map(scrapeMetrics));
    // --trace-gc writes to the server's stdout: keep the lines of the measured window.
    const gcLines: string[] = [];
    const keepGc = (d: unknown) => gcLines.push(String(d));
    const serverOut = cluster?.servers[0]?.child.stdout;
    if (o.profileDir) serverOut?.on('data', keepGc);
    const pids = cluster?.servers.map((s) => s.child.pid) ?? [];
    const serverCpu0 = pids.map(cpuSecondsOf);
    const clientCpu0 = process.cpuUsage();
    const onPg = o.store === 'postgres';
    const dbCpu0 = onPg ? cpuSecondsOfCommand('postgres') : NaN;
    const fromUs = monoUs();
    for (const w of workers) w.postMessage('start');
    const load = loadavg()[0] as number;
    const started = performance.now();
    await sleep(o.durationMs);
    const reports = (await all('stop')) as ClientReport[];
    answer = [];
    const toUs = monoUs();
    const serverCpu = pids.reduce<number>(
      (s, pid, i) => s + cpuSecondsOf(pid) - (serverCpu0[i] ?? 0),
      0,
    );
    const dbCpu = onPg ? cpuSecondsOfCommand('postgres') - dbCpu0 : NaN;
    const clientUsage = process.cpuUsage(clientCpu0);
    const clientCpu = (clientUsage.user + clientUsage.system) / 1e6;
    serverOut?.off('data', keepGc);
    const seconds = (performance.now() - started) / 1000;
    const l = summarize(reports.flatMap((r) => r.latencies));
    let errors = 0;
    for (const r of reports) for (const n of Object.values(r.errorCodes)) errors += n;
    const after = await Promise.all(urls.map(scrapeMetrics));
    const pairs = before.map((b, i): [Map<string, number>, Map<string, number>] => [
      b,
      after[i] as Map<string, number>,
    ]);
    const server = serverPercentiles(pairs);
    const worst = (name: string) => Math.max(...after.map((a) => a.get(name) ?? NaN));
    if (o.profileDir) {
      writeFileSync(
        join(o.profileDir, 'window.json'),
        JSON.stringify({ fromUs, toUs, actions: l.n }),
      );
      writeFileSync(join(o.profileDir, 'gc.log'), gcLines.join(''));
    }
    return {
      tables: o.tables,
      processes: o.processes,
      sockets: reports.reduce((n, r) => n + r.sockets, 0),
      seconds: round(seconds),
      actions: l.n,
      actionsPerSecond: Math.round(l.n / seconds),
      p50ms: l.p50,
      p90ms: l.p90,
      p99ms: l.p99,
      maxms: l.max,
      errors,
      serverP50ms: server.p50,
      serverP99ms: server.p99,
      serverLagP99ms: ms(worst('nodejs_eventloop_lag_p99_seconds')),
      serverLagMaxms: ms(worst('nodejs_eventloop_lag_max_seconds')),
      serverGcSeconds: round(
        pairs.reduce((s, [b, a]) => s + gcSeconds(b, a), 0),
        2,
      ),
      clientLagP99ms: round(Math.max(...reports.map((r) => r.lagP99ms))),
      clientLagMaxms: round(Math.max(...reports.map((r) => r.lagMaxms))),
      serverCpuMsPerAction: round((serverCpu * 1000) / l.n, 2),
      clientCpuMsPerAction: round((clientCpu * 1000) / l.n, 2),
      databaseCpuMsPerAction: round((dbCpu * 1000) / l.n, 2),
      serverRssMb: Math.round((cluster?.servers ?? []).reduce((s, p) => s + p.rssMb(), 0) || NaN),
      loadAverage: round((load + (loadavg()[0] as number)) / 2),
    };
  } finally {
    for (const w of workers) w.postMessage('close');
    await Promise.all(workers.map((w) => w.terminate()));
    await cluster?.close();
    // A server writes its profile as it exits, so only now is there one to read.
    if (o.profileDir) console.log(summarizeRun(o.profileDir, 25));
  }
}
