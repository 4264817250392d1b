// Load test of the game server: N concurrent tables, each with two scripted socket.io players
// on loopback, against a server child process on SQLite and on PostgreSQL. Reports actions per
// second and the latency from sending an intent to receiving its `update`. Figures, never pass/fail.
//
//   npm run loadtest -- [--tables 1000] [--duration 30] [--think 1000] [--db sqlite,postgres] [--bots]
//                       [--compiled] [--url http://127.0.0.1:PORT] [--database-url postgres://…]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { legalActions, preset, type Action, type GameState } from '@zilch/engine';
import type { Move, SeatSpec } from '@zilch/protocol';
import {
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
    'npm run loadtest -- [--tables 1000] [--duration 30 (s)] [--think 1000 (ms)] [--db sqlite,postgres] [--bots] [--compiled] [--url <running server>] [--database-url <postgres url>]',
  );
  process.exit(0);
}
const TABLES = Number(args.tables);
const DURATION_MS = Number(args.duration) * 1000;
const THINK_MS = Number(args.think);
const DATABASE_URL = args['database-url'] as string;
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
    stats.measuring = true;
    const load = loadavg()[0] as number;
    const started = performance.now();
    await sleep(DURATION_MS);
    stats.measuring = false;
    const seconds = (performance.now() - started) / 1000;
    const l = summarize(stats.latencies);
    const server = await serverPercentiles(url);
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
      loadAverage: Number(((load + (loadavg()[0] as number)) / 2).toFixed(1)),
    };
    console.log(
      `  ${store}: ${result.actions} actions in ${result.seconds} s = ${result.actionsPerSecond}/s; latency p50 ${result.p50ms} ms, p90 ${result.p90ms} ms, p99 ${result.p99ms} ms, max ${result.maxms} ms; ${result.errors} errors; inside the server p50 ≤ ${result.serverP50ms} ms, p99 ≤ ${result.serverP99ms} ms; load average ${result.loadAverage}`,
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
const results = [];
for (const store of String(args.db).split(',') as ('sqlite' | 'postgres')[]) {
  const r = await run(store);
  if (r) results.push(r);
}
console.log(JSON.stringify({ loadtest: results }));
process.exit(0);
