// Load test of the game server: N concurrent tables, each with two scripted socket.io players
// on loopback, against server child processes. Reports actions per second, the latency from
// sending an intent to receiving its `update`, and the server's own event-loop delay and CPU.
// Figures, never pass/fail.
//
//   npm run loadtest -- [--tables 1000] [--duration 30] [--runs 3] [--db sqlite,postgres] …
//   npm run loadtest -- --sweep [--steps 1000,2000,4000,8000] [--configs sqlite:1,postgres:1,postgres:2]
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { median, pgAnswers, redisAnswers } from '@zilch/testkit';
import { runOnce, type RunOptions, type RunResult } from './run.ts';

const { values: args } = parseArgs({
  options: {
    tables: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '30' },
    think: { type: 'string', default: '1000' },
    db: { type: 'string', default: 'sqlite,postgres' },
    bots: { type: 'boolean', default: false },
    /** Worker threads the scripted players are spread over (each runs its own event loop). */
    clients: { type: 'string', default: '2' },
    /** Runs per store (per step with --sweep); the summary gives the median of each figure. */
    runs: { type: 'string', default: '1' },
    /** Run the built server (packages/server/dist, after `npx tsc -b`) instead of its sources. */
    compiled: { type: 'boolean', default: false },
    /** Drive an already running server instead of starting one (for profiling it). */
    url: { type: 'string' },
    /** Extra flags for each server's node, space-separated. */
    'node-args': { type: 'string', default: '' },
    /** Keep the server's CPU profile and GC trace of each run in this folder (summarized after it). */
    profile: { type: 'string' },
    /** Grow the tables step by step (`--steps`) for each of `--configs`, and print the capacity. */
    sweep: { type: 'boolean', default: false },
    steps: { type: 'string', default: '1000,2000,4000,8000' },
    /** Configurations of a sweep: store:processes (two processes share PostgreSQL and Redis). */
    configs: { type: 'string', default: 'sqlite:1,postgres:1,postgres:2' },
    /** The latency target a sweep measures capacity against (client-observed p99, ms). */
    'target-ms': { type: 'string', default: '50' },
    /** Keep stepping after a step misses the target. */
    full: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run loadtest -- [--tables 1000] [--duration 30 (s)] [--runs 1] [--think 1000 (ms)] [--db sqlite,postgres]
  [--bots] [--clients 2] [--compiled] [--url <running server>] [--node-args "<flags>"] [--profile <dir>]
  [--database-url <postgres url>] [--redis-url <redis url>]
npm run loadtest -- --sweep [--steps 1000,2000,4000,8000] [--configs sqlite:1,postgres:1,postgres:2] [--target-ms 50] [--full] [--runs 1] …`);
  process.exit(0);
}
const DURATION_MS = Number(args.duration) * 1000;
const THINK_MS = Number(args.think);
const RUNS = Math.max(1, Number(args.runs));
const TARGET_MS = Number(args['target-ms']);
const DATABASE_URL = args['database-url'] as string;
const REDIS_URL = args['redis-url'] as string;

interface Config {
  store: 'sqlite' | 'postgres';
  processes: number;
}
const label = (c: Config) => `${c.store} × ${c.processes}${c.processes > 1 ? ' + Redis' : ''}`;

/** Whether the services a configuration needs answer; says which is missing otherwise. */
async function missing(c: Config): Promise<string | null> {
  if (args.url) return null;
  if (c.store === 'postgres' && !(await pgAnswers(DATABASE_URL)))
    return `PostgreSQL at ${DATABASE_URL} does not answer`;
  if (c.processes > 1 && (c.store !== 'postgres' || !(await redisAnswers(REDIS_URL))))
    return c.store !== 'postgres'
      ? 'several processes need PostgreSQL'
      : `Redis at ${REDIS_URL} does not answer`;
  return null;
}

/** `dir/name-N` for the first N not taken yet (runs never write into an earlier run's folder). */
function freshDir(dir: string, name: string): string {
  for (let n = 1; ; n++) {
    const d = resolve(dir, `${name}-${n}`);
    if (!existsSync(d)) return d;
  }
}

/** `RUNS` runs of one configuration at `tables`; the median of each figure (the runs' p99s too). */
async function measure(c: Config, tables: number): Promise<RunResult & { p99s: number[] }> {
  const runs: RunResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const o: RunOptions = {
      ...c,
      tables,
      durationMs: DURATION_MS,
      thinkMs: THINK_MS,
      bots: args.bots,
      clients: Math.max(1, Number(args.clients)),
      compiled: args.compiled,
      databaseUrl: DATABASE_URL,
      redisUrl: c.processes > 1 ? REDIS_URL : null,
      ...(args.url ? { url: args.url } : {}),
      nodeArgs: String(args['node-args']).split(' ').filter(Boolean),
      profileDir: args.profile
        ? freshDir(args.profile, `${c.store}-${c.processes}-${tables}`)
        : null,
    };
    const r = await runOnce(o);
    console.log(
      `  ${label(c)}, ${tables} tables: ${r.actions} actions in ${r.seconds} s = ${r.actionsPerSecond}/s; latency p50 ${r.p50ms} ms, p90 ${r.p90ms} ms, p99 ${r.p99ms} ms, max ${r.maxms} ms; ${r.errors} errors; inside the server p50 ≤ ${r.serverP50ms} ms, p99 ≤ ${r.serverP99ms} ms; event-loop delay p99/max: server ${r.serverLagP99ms}/${r.serverLagMaxms} ms (GC ${r.serverGcSeconds} s), load client ${r.clientLagP99ms}/${r.clientLagMaxms} ms; CPU per action: server ${r.serverCpuMsPerAction} ms, load client ${r.clientCpuMsPerAction} ms${Number.isNaN(r.databaseCpuMsPerAction) ? '' : `, PostgreSQL ${r.databaseCpuMsPerAction} ms`}; server RSS ${r.serverRssMb} MiB; load average ${r.loadAverage}`,
    );
    console.log(JSON.stringify({ loadtest: { ...c, ...r } }));
    runs.push(r);
  }
  const m = { ...(runs[0] as RunResult) };
  for (const k of Object.keys(m) as (keyof RunResult)[]) m[k] = median(runs.map((r) => r[k]));
  return { ...m, p99s: runs.map((r) => r.p99ms) };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const header = `| ${['config', 'tables', 'actions/s', 'p50 ms', 'p99 ms', 'server loop p99 ms', 'errors', 'CPU/action server + client (+ PostgreSQL) ms', 'server RSS MiB', 'load avg'].join(' | ')} |`;
const row = (c: Config, r: RunResult & { p99s: number[] }) =>
  `| ${[
    label(c),
    pad(r.tables, 6),
    pad(r.actionsPerSecond, 9),
    pad(r.p50ms, 6),
    pad(r.p99s.length > 1 ? `${r.p99ms} (${r.p99s.join(', ')})` : r.p99ms, 6),
    pad(r.serverLagP99ms, 18),
    pad(r.errors, 6),
    `${r.serverCpuMsPerAction} + ${r.clientCpuMsPerAction}${Number.isNaN(r.databaseCpuMsPerAction) ? '' : ` (+ ${r.databaseCpuMsPerAction})`}`,
    r.serverRssMb,
    r.loadAverage,
  ].join(' | ')} |`;

const configs: Config[] = args.sweep
  ? String(args.configs)
      .split(',')
      .map((s) => {
        const [store, n] = s.split(':');
        if (store !== 'sqlite' && store !== 'postgres') throw new Error(`unknown store in ${s}`);
        return { store, processes: Math.max(1, Number(n ?? 1)) };
      })
  : (String(args.db).split(',') as Config['store'][]).map((store) => ({ store, processes: 1 }));
const steps = args.sweep ? String(args.steps).split(',').map(Number) : [Number(args.tables)];

console.log(
  `Zilch load test: ${steps.join(', ')} tables × ${args.bots ? '1 scripted player + 1 bot' : '2 scripted players'}, think ${THINK_MS} ms (±50%: about one action per table per second), ${DURATION_MS / 1000} s measured, ${RUNS} run(s) each; load average before: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')}`,
);
const rows: string[] = [];
const capacities: { c: Config; tables: number; perSecond: number; firstCpuMs: number }[] = [];
for (const c of configs) {
  const why = await missing(c);
  if (why) {
    console.log(`  ${label(c)}: skipped (${why})`);
    continue;
  }
  let best = { tables: 0, perSecond: 0 };
  let firstCpuMs = NaN;
  for (const tables of steps) {
    const r = await measure(c, tables);
    rows.push(row(c, r));
    if (tables === steps[0]) firstCpuMs = r.serverCpuMsPerAction;
    const met = r.p99ms < TARGET_MS && r.errors === 0;
    if (met && tables > best.tables) best = { tables, perSecond: r.actionsPerSecond };
    if (!met && !args.full && args.sweep) break;
  }
  capacities.push({ c, ...best, firstCpuMs });
}

console.log(`\n${header}\n|${header.slice(1, -1).replace(/[^|]/g, '-')}|\n${rows.join('\n')}\n`);
if (args.sweep) {
  for (const k of capacities) {
    console.log(
      `capacity at p99 < ${TARGET_MS} ms, ${label(k.c)}: ${k.tables > 0 ? `${k.tables} tables (${k.perSecond} actions/s)` : `below ${steps[0]} tables`}`,
    );
  }
  const one = capacities.find((k) => k.c.store === 'postgres' && k.c.processes === 1);
  const two = capacities.find((k) => k.c.store === 'postgres' && k.c.processes === 2);
  if (one && two) {
    const ratio = one.tables > 0 ? ` (×${(two.tables / one.tables).toFixed(2)})` : '';
    const gain = two.tables - one.tables;
    const said = (k: typeof one): string => (k.tables > 0 ? `${k.tables}` : `below ${steps[0]}`);
    // Both processes share the machine's cores with each other and the load generator, and every
    // update crosses Redis: the server CPU per action says what the second process costs.
    const cpu = `server CPU per action at ${steps[0]} tables ${two.firstCpuMs} ms against ${one.firstCpuMs} ms`;
    console.log(
      gain > 0
        ? `the second process (PostgreSQL + Redis) adds ${gain} tables${ratio}: ${two.tables} against ${one.tables} on one process (${cpu})`
        : `the second process (PostgreSQL + Redis) adds nothing on this machine: ${said(two)} tables against ${said(one)} on one process (${cpu})`,
    );
  }
  console.log(
    `steps of the sweep: ${steps.join(', ')}; capacity is the largest step that met the target with no errors`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')}`,
);
process.exit(0);
