// Load, knee and soak: N concurrent tables (two scripted socket.io players and one bot each) on
// SQLite or PostgreSQL, one process or two with Redis. Prints figures; never passes or fails.
//
//   npm run reliability:load -- --tables 200 --store sqlite --processes 1 [--duration 20] [--think 1000]
//   npm run reliability:load -- --tables 100 --knee [--factor 2] [--max-tables 3200]
//   npm run reliability:load -- --tables 300 --soak-minutes 10
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  newStats,
  openTables,
  postgresUrl,
  redisUrl,
  sleep,
  startCluster,
  summarize,
  type StoreKind,
} from '@zilch/testkit';

const { values: a } = parseArgs({
  options: {
    tables: { type: 'string', default: '100' },
    store: { type: 'string', default: 'sqlite' },
    processes: { type: 'string', default: '1' },
    duration: { type: 'string', default: '20' },
    think: { type: 'string', default: '1000' },
    knee: { type: 'boolean', default: false },
    // Keep stepping past the knee (up to --max-tables) to see throughput beyond it.
    full: { type: 'boolean', default: false },
    factor: { type: 'string', default: '2' },
    'max-tables': { type: 'string', default: '3200' },
    'knee-ms': { type: 'string', default: '100' },
    soak: { type: 'boolean', default: false },
    'soak-minutes': { type: 'string' },
  },
});

const store = a.store as StoreKind;
const processes = Number(a.processes);
const think = Number(a.think);
if (!['sqlite', 'postgres'].includes(store) || ![1, 2].includes(processes) || !(think >= 0)) {
  console.error('usage: --store sqlite|postgres --processes 1|2 --think <ms ≥ 0>');
  process.exit(2);
}
const soakMinutes = a['soak-minutes'] !== undefined || a.soak ? Number(a['soak-minutes'] ?? 30) : 0;
if (!(soakMinutes >= 0 && soakMinutes <= 120)) {
  console.error('--soak-minutes must be between 1 and 120');
  process.exit(2);
}
const databaseUrl = store === 'postgres' ? await postgresUrl() : null;
const redis = processes > 1 ? await redisUrl() : null;
if ((store === 'postgres' && !databaseUrl) || (processes > 1 && !redis)) process.exit(1);

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

/** One measured run at `tables` tables; `minutes` > 0 makes it a soak with a sample each minute. */
async function run(tables: number, seconds: number, minutes = 0) {
  const cluster = await startCluster({
    store,
    processes,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(redis ? { redisUrl: redis } : {}),
    env: {
      ZILCH_RATE_LIMIT: '1000000',
      ZILCH_SOCKET_ACTIONS_PER_SECOND: '10000',
      ZILCH_BOT_DELAY_MS: String(think),
    },
  });
  const urls = cluster.servers.map((s) => s.url);
  const stats = newStats();
  stats.measuring = false;
  const t0 = performance.now();
  const { players } = await openTables({
    tables,
    createOn: (i) => urls[i % urls.length] as string,
    urlsFor: (i, h) => [urls[(i + h) % urls.length] as string, ...urls],
    rules: 'serendipity-creak',
    think: () => think * (0.5 + Math.random()),
    stats,
    rematch: true,
  });
  const setup = (performance.now() - t0) / 1000;
  const rss = () => cluster.servers.map((s) => Math.round(s.rssMb()));
  const cpu0 = cluster.servers.map((s) => cpuSeconds(s.child.pid));
  await sleep(Math.min(5000, think * 3 + 500));
  stats.measuring = true;
  const acked0 = stats.acked;
  const start = performance.now();
  let maxRss = rss();
  const samples: { minute: number; rssMb: number[]; actionsPerSecond: number; p99: number }[] = [];
  if (minutes > 0) {
    for (let m = 1; m <= minutes; m++) {
      const from = stats.latencies.length;
      const ackFrom = stats.acked;
      await sleep(60_000);
      const window = summarize(stats.latencies.slice(from));
      const s = {
        minute: m,
        rssMb: rss(),
        actionsPerSecond: Math.round((stats.acked - ackFrom) / 60),
        p99: window.p99,
      };
      samples.push(s);
      console.log(
        `    soak minute ${m}: RSS ${s.rssMb.join(' + ')} MiB, ${s.actionsPerSecond} actions/s, p99 ${s.p99} ms`,
      );
    }
  } else {
    const end = start + seconds * 1000;
    while (performance.now() < end) {
      await sleep(Math.min(2000, end - performance.now()));
      maxRss = rss().map((r, i) => Math.max(r, maxRss[i] ?? 0));
    }
  }
  stats.measuring = false;
  const elapsed = (performance.now() - start) / 1000;
  const cpu = cluster.servers.map((s, i) =>
    Math.round(((cpuSeconds(s.child.pid) - (cpu0[i] ?? 0)) / elapsed) * 100),
  );
  const lat = summarize(stats.latencies);
  const result = {
    store,
    processes,
    tables,
    sockets: players.length,
    thinkMs: think,
    setupSeconds: Math.round(setup * 10) / 10,
    seconds: Math.round(elapsed),
    actionsPerSecond: Math.round((stats.acked - acked0) / elapsed),
    latencyMs: lat,
    errors: stats.errors,
    refusals: stats.errorCodes,
    reconnects: stats.reconnects,
    rssMb: minutes > 0 ? rss() : maxRss,
    serverCpuPercent: cpu,
    // Other work on the machine skews every figure: the 1-minute load average at the end says how much.
    loadAverage: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    ...(minutes > 0 ? { soak: samples } : {}),
  };
  for (const p of players) p.close();
  await cluster.close();
  return result;
}

const line = (r: Awaited<ReturnType<typeof run>>) =>
  `  ${r.tables} tables (${r.sockets} sockets): ${r.actionsPerSecond} player actions/s; p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms; errors ${r.errors} ${JSON.stringify(r.refusals)}; RSS ${r.rssMb.join(' + ')} MiB; server CPU ${r.serverCpuPercent.join(' + ')} %; load avg ${r.loadAverage}`;

console.log(
  `reliability load: ${store}, ${processes} process(es)${redis ? ' + Redis' : ''}, 2 scripted players + 1 bot per table, think ${think} ms ±50 %, Node ${process.version}`,
);
const results = [];
if (soakMinutes > 0) {
  const r = await run(Number(a.tables), 0, soakMinutes);
  console.log(line(r));
  const first = r.soak?.[0]?.rssMb ?? [];
  const last = r.soak?.[r.soak.length - 1]?.rssMb ?? [];
  console.log(
    `  soak: RSS first minute ${first.join(' + ')} MiB, last minute ${last.join(' + ')} MiB`,
  );
  results.push(r);
} else if (a.knee) {
  const limit = Number(a['knee-ms']);
  let kneeAt = 0;
  for (
    let n = Number(a.tables);
    n <= Number(a['max-tables']);
    n = Math.round(n * Number(a.factor))
  ) {
    const r = await run(n, Number(a.duration));
    console.log(line(r));
    results.push(r);
    if ((r.latencyMs.p99 > limit || r.errors > 0) && !kneeAt) {
      kneeAt = n;
      console.log(`  knee: p99 passes ${limit} ms at ${n} tables`);
      if (!a.full) break;
    }
  }
} else {
  const r = await run(Number(a.tables), Number(a.duration));
  console.log(line(r));
  results.push(r);
}
console.log(JSON.stringify({ reliabilityLoad: results }));
process.exit(0);
