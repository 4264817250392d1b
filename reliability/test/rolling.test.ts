// Rolling restart: two processes on PostgreSQL + Redis serve 100 tables; each process in turn is
// stopped with SIGTERM (it drains: refuses new actions, finishes those in flight, hands over its
// bot and timer leases, closes its sockets) and started again, as an upgrade does. Nothing
// acknowledged may be lost, no game may get stuck, and the longest wait a player sees is reported.
import { afterAll, describe, expect, it } from 'vitest';
import type { GameView as View } from '@zilch/protocol';
import {
  api,
  MIXED_SEATS,
  newStats,
  openTables,
  postgresUrl,
  redisUrl,
  shortRules,
  sleep,
  startCluster,
  summarize,
  until,
  type Cluster,
  type Player,
} from '@zilch/testkit';
import { checkGames } from '../lib/checks.ts';

const TABLES = 100;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const pg = await postgresUrl();
const redis = await redisUrl();

describe.skipIf(!pg || !redis)('rolling restart of two processes under load', () => {
  it(
    `${TABLES} tables play on while each process is restarted in turn: nothing lost, nothing stuck`,
    { timeout: 240_000 },
    async () => {
      const cluster: Cluster = await startCluster({
        store: 'postgres',
        processes: 2,
        databaseUrl: pg as string,
        redisUrl: redis as string,
        env: {
          ZILCH_BOT_DELAY_MS: '100',
          ZILCH_LEASE_MS: '3000',
          ZILCH_RATE_LIMIT: '1000000',
          ZILCH_SOCKET_ACTIONS_PER_SECOND: '10000',
        },
      });
      cleanups.push(() => cluster.close());
      const urls = () => cluster.servers.map((s) => s.url);
      const stats = newStats();
      const { players } = await openTables({
        tables: TABLES,
        createOn: (i) => urls()[i % 2] as string,
        // Each table has a player on each process, so every restart cuts half of every table.
        urlsFor: (i, h) => ((i + h) % 2 ? [...urls()].reverse() : urls()),
        rules: shortRules(3000),
        seats: MIXED_SEATS,
        think: () => 150 + Math.random() * 300,
        stats,
        games: 1,
      });
      cleanups.push(() => players.forEach((p) => p.close()));
      await sleep(2000);
      const acksBefore = stats.acked;
      const stops: number[] = [];
      for (const i of [0, 1]) {
        const t = performance.now();
        await cluster.restart(i, 'SIGTERM');
        stops.push(Math.round(performance.now() - t));
        // Play goes on between the two restarts, as it would between upgrading two machines.
        await sleep(1500);
      }
      const during = summarize(stats.latencies);
      expect(stats.acked).toBeGreaterThan(acksBefore);
      await until(() => players.every((p: Player) => p.done), 120_000, 200).catch(async () => {
        const stuck = players.filter((p) => !p.done);
        const lines = await Promise.all(
          stuck.slice(0, 10).map(async (p) => {
            const v = (await api<View>(urls()[0] as string, 'GET', `/api/games/${p.gameId}`)).body;
            return `${p.describe()} | server: ${v.status} seq ${v.seq} current ${v.state?.current} phase ${v.state?.phase}`;
          }),
        );
        throw new Error(`${stuck.length} players' games did not end:\n${lines.join('\n')}`);
      });
      const report = await checkGames(urls()[0] as string, players, { finished: true });
      console.log(
        `rolling restart: ${TABLES} tables, ${report.games} games, ${report.acked} acknowledged actions checked; ` +
          `SIGTERM → back up ${stops.join(' ms, ')} ms; ${stats.reconnects} reconnects; ` +
          `player wait p50 ${during.p50} ms, p99 ${during.p99} ms, longest ${during.max} ms; ` +
          `refusals ${JSON.stringify(stats.errorCodes)}`,
      );
      expect(report.problems).toEqual([]);
      expect(report.games).toBe(TABLES);
      expect(stats.reconnects).toBeGreaterThanOrEqual(TABLES);
      expect(stats.errors, JSON.stringify(stats.errorCodes)).toBe(0);
      // The longest a player waited for their own move to come back, across both restarts. The
      // target is 2 s (docs/reliability.md quotes the figure); here the cores may be slow or
      // shared, so the bound is what no reconnect-on-restart bug could pass: a lost ack costs the
      // client's 10 s timeout. A slow CI machine took 4.8 s to restart a process and 5.2 s here.
      expect(during.max).toBeLessThanOrEqual(8000);
    },
  );
});
