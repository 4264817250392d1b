// The services under the server go away and come back while tables play:
//   1. PostgreSQL restarts (pg_ctlcluster restart) under one server process;
//   2. Redis shuts down and restarts under two server processes.
// Afterwards every acknowledged action must be in the log exactly once, every game must end and
// replay. Restarts shared local services, so it is not part of `vitest run`:
//   npm run reliability:services [-- --only postgres|redis]
import { execFileSync, execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  api,
  newStats,
  openTables,
  pgAnswers,
  postgresUrl,
  redisAnswers,
  redisUrl,
  shortRules,
  sleep,
  startCluster,
  type Cluster,
  type Player,
} from '@zilch/testkit';
import { checkGames } from '../lib/checks.ts';

const { values: a } = parseArgs({ options: { only: { type: 'string' } } });
const FAST = {
  ZILCH_BOT_DELAY_MS: '15',
  ZILCH_LEASE_MS: '2000',
  ZILCH_RATE_LIMIT: '1000000',
  ZILCH_SOCKET_ACTIONS_PER_SECOND: '10000',
};

/**
 * Waits for every game to end. A game with no progress for `stallMs` gets its players refreshed
 * (a page reload); a process that died is started again on its port (a supervisor). Both counted.
 */
async function playOut(
  cluster: Cluster,
  players: Player[],
  ms = 90_000,
  stallMs = 5000,
): Promise<{ ended: boolean; refreshes: number; restarts: number }> {
  const end = Date.now() + ms;
  let refreshes = 0;
  let restarts = 0;
  const last = new Map<Player, { seq: number; at: number }>();
  while (Date.now() < end) {
    if (players.every((p) => p.done)) return { ended: true, refreshes, restarts };
    for (const [i, s] of cluster.servers.entries()) {
      if (s.child.exitCode !== null || s.child.signalCode !== null) {
        console.log(`  process ${i} died; its last output:\n${s.output().slice(-1500)}`);
        await cluster.restart(i);
        restarts += 1;
      }
    }
    for (const p of players.filter((x) => !x.done)) {
      const l = last.get(p);
      if (!l || l.seq !== p.seq) last.set(p, { seq: p.seq, at: Date.now() });
      else if (Date.now() - l.at > stallMs) {
        p.refresh();
        refreshes += 1;
        last.set(p, { seq: p.seq, at: Date.now() });
      }
    }
    await sleep(200);
  }
  return { ended: false, refreshes, restarts };
}

/** Plays tables on `cluster` while `disturb` runs, then checks the games. */
async function scenario(
  name: string,
  cluster: Cluster,
  disturb: () => Promise<string>,
): Promise<boolean> {
  const urls = cluster.servers.map((s) => s.url);
  const stats = newStats();
  const { players } = await openTables({
    tables: 6,
    createOn: (i) => urls[i % urls.length] as string,
    urlsFor: (i, h) => [urls[(i + h) % urls.length] as string, ...urls],
    rules: shortRules(6000),
    think: () => 20 + Math.random() * 60,
    stats,
    games: 1,
  });
  await sleep(1500);
  const what = await disturb();
  const out = await playOut(cluster, players);
  const ready = await Promise.all(
    cluster.servers
      .map((x) => x.url)
      .map(async (u) => (await api(u, 'GET', '/readyz').catch(() => ({ status: 0 }))).status),
  );
  const report = await checkGames(cluster.servers[0]?.url as string, players, {
    finished: out.ended,
  });
  for (const p of players) p.close();
  // A crash that needed a supervisor is a failure even when nothing was lost.
  const ok = out.ended && report.problems.length === 0 && out.restarts === 0;
  console.log(
    `${ok ? 'PASS' : 'FAIL'} ${name}: ${what}; process crashes restarted by the supervisor ${out.restarts}; /readyz ${ready.join(',')}; games ended ${out.ended}; ${report.games} games, ${report.acked} acknowledged actions checked (${report.retriedAfter} retried); transient refusals ${JSON.stringify(stats.errorCodes)}; errors ${stats.errors}; reconnects ${stats.reconnects}; stalled players refreshed ${out.refreshes}`,
  );
  for (const p of report.problems.slice(0, 20)) console.log(`  problem: ${p}`);
  if (!out.ended)
    for (const p of players.filter((x) => !x.done)) console.log(`  stuck: ${p.describe()}`);
  return ok;
}

const pg = await postgresUrl();
const redis = await redisUrl();
let failed = false;

if (pg && a.only !== 'redis') {
  const version = readdirSync('/etc/postgresql')[0] as string;
  const cluster = await startCluster({
    store: 'postgres',
    processes: 1,
    databaseUrl: pg,
    env: FAST,
  });
  try {
    const ok = await scenario('PostgreSQL restart under one process', cluster, async () => {
      const t = performance.now();
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], {
        stdio: 'inherit',
      });
      return `pg_ctlcluster ${version} main restart took ${Math.round(performance.now() - t)} ms`;
    });
    failed ||= !ok;
  } finally {
    if (!(await pgAnswers(pg)))
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
    await cluster.close().catch((e) => console.log(`cleanup: ${String(e)}`));
  }
}

if (pg && redis && a.only !== 'postgres') {
  const startRedis = () =>
    execSync(
      'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
    );
  const cluster = await startCluster({
    store: 'postgres',
    processes: 2,
    databaseUrl: pg,
    redisUrl: redis,
    env: FAST,
  });
  try {
    const ok = await scenario('Redis down and back under two processes', cluster, async () => {
      execSync('redis-cli shutdown nosave');
      const t = performance.now();
      await sleep(3000);
      startRedis();
      while (!(await redisAnswers(redis))) await sleep(100);
      return `Redis away for ${Math.round(performance.now() - t)} ms`;
    });
    failed ||= !ok;
  } finally {
    if (!(await redisAnswers(redis))) startRedis();
    await cluster.close().catch((e) => console.log(`cleanup: ${String(e)}`));
  }
}

console.log(
  `services: PostgreSQL ${pg && (await pgAnswers(pg)) ? 'up' : 'DOWN'}, Redis ${redis && (await redisAnswers(redis)) ? 'up' : 'DOWN'}`,
);
process.exit(failed ? 1 : 0);
