// Bot API under load (issue 27, item 7): 200 API bots playing 100 games at once against each
// other, through @zilch/client (event stream, game streams, moves), against the compiled server
// as its own process on SQLite in a temporary directory. Figures per measured window: actions
// the server accepted per second, and the latency from a bot sending a move to the OPPONENT's
// game stream delivering that change (matched by its sequence number); then the median of the
// windows. Account setup is not measured. All bots run in this process (one event loop).
// About two minutes with the defaults (setup, then 3 windows of 20 s), past the README's minute:
// the issue asks for a median of 3 at this size.
//   ZILCH_BENCH_BOTS      bots (default 200: 100 games; even)
//   ZILCH_BENCH_SECONDS   length of each measured window (default 20)
//   ZILCH_BENCH_RUNS      measured windows (default 3); the summary is their median
//   ZILCH_BENCH_RULES     the preset the games are played to (default classic)
//   ZILCH_BENCH_THINK_MS  each bot waits 0.5–1.5 × this before each move (default 0: flat out)
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { median, sleep, startCluster, until } from '@zilch/testkit';
import { makeBots } from './botapi/accounts.ts';
import { BotFleet } from './botapi/bots.ts';
import { measureWindow, type WindowResult } from './botapi/measure.ts';

/**
 * Only the address-based limits of the account routes are raised, for the setup: 200 accounts
 * from one address. The bot API is limited per token (20 calls a second, 8 games, 12 streams),
 * which the bench leaves at its defaults.
 */
const SERVER_ENV = {
  ZILCH_RATE_LIMIT: '1000000',
  ZILCH_AUTH_RATE_LIMIT: '1000000',
};

const codes = (c: Record<string, number | string>) =>
  Object.entries(c)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';

/** One line of figures for a window (or the medians). */
function line(label: string, r: WindowResult): string {
  return (
    `  ${label}: ${r.actions} actions in ${r.seconds} s = ${r.actionsPerSecond}/s; ` +
    `move → opponent's stream p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, max ${r.maxms} ms ` +
    `(${r.samples} samples, ${r.unmatched} unmatched, ${r.early} before the opponent's stream opened); move answer p50 ${r.answerP50ms} ms, p99 ${r.answerP99ms} ms; ` +
    `${r.errors} errors (${codes(r.errorCodes)}); server refusals: ${codes(r.serverRefusals)}; ` +
    `${r.gamesInPlay} games in play, ${r.gamesFinished} finished; CPU per action: server ` +
    `${r.serverCpuMsPerAction} ms (one core's worth ≈ ${Math.round(1000 / r.serverCpuMsPerAction)} actions/s), ` +
    `bots ${r.clientCpuMsPerAction} ms; bots' event-loop p99 ${r.clientLagP99ms} ms; ` +
    `load average ${r.loadAverage}`
  );
}

/** Runs the windows and prints each and their median. */
export default async function bench(): Promise<void> {
  const n = Math.max(2, Number(process.env.ZILCH_BENCH_BOTS ?? 200) & ~1);
  const seconds = Number(process.env.ZILCH_BENCH_SECONDS ?? 20);
  const runs = Math.max(1, Number(process.env.ZILCH_BENCH_RUNS ?? 3));
  const rules = process.env.ZILCH_BENCH_RULES ?? 'classic';
  const thinkMs = Number(process.env.ZILCH_BENCH_THINK_MS ?? 0);
  const dist = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
  const compiled = existsSync(dist);
  console.log(
    `  ${n} API bots, ${n / 2} games at once (bot vs bot, ${rules}), think ${thinkMs} ms, ${runs} × ${seconds} s; ` +
      `server: ${compiled ? 'compiled (packages/server/dist)' : 'SOURCES (no dist: run `npx tsc -b` for the compiled figures)'}, ` +
      `SQLite, own process; raised for setup only: ${codes(SERVER_ENV)}; load average before: ` +
      loadavg()
        .map((x) => x.toFixed(2))
        .join(', '),
  );
  const cluster = await startCluster({
    store: 'sqlite',
    processes: 1,
    env: SERVER_ENV,
    spawn: { compiled },
  });
  const server = cluster.servers[0];
  if (!server) throw new Error('no server started');
  let fleet: BotFleet | null = null;
  try {
    const t0 = performance.now();
    const bots = await makeBots(server.url, n);
    const made = performance.now();
    fleet = new BotFleet(server.url, bots, rules, thinkMs);
    fleet.start();
    const f = fleet;
    await until(() => f.games >= n / 2, 30_000, 100);
    console.log(
      `  setup: ${n} bot accounts and tokens in ${((made - t0) / 1000).toFixed(1)} s; ` +
        `${n / 2} games in play ${((performance.now() - made) / 1000).toFixed(1)} s later; warming up…`,
    );
    // The first seconds run cold (JIT, caches): the first window came out at half the others.
    await sleep(5000);
    const results: WindowResult[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await measureWindow(fleet, server.url, server.child.pid, seconds * 1000);
      console.log(line(`run ${i + 1}`, r));
      results.push(r);
    }
    const med = (k: keyof WindowResult) =>
      Math.round(median(results.map((r) => r[k] as number)) * 100) / 100;
    const m = {
      actionsPerSecond: med('actionsPerSecond'),
      p50ms: med('p50ms'),
      p99ms: med('p99ms'),
      answerP99ms: med('answerP99ms'),
      errors: med('errors'),
      unmatched: med('unmatched'),
      loadAverage: med('loadAverage'),
    };
    console.log(
      `  median of ${runs}: ${m.actionsPerSecond} actions/s; move → opponent's stream p50 ${m.p50ms} ms, ` +
        `p99 ${m.p99ms} ms (runs: ${results.map((r) => r.p99ms).join(', ')}); move answer p99 ${m.answerP99ms} ms; ` +
        `${m.errors} errors, ${m.unmatched} unmatched; load average ${m.loadAverage}`,
    );
    console.log(
      JSON.stringify({
        botapi: { bots: n, rules, thinkMs, seconds, runs: results, median: m },
      }),
    );
  } finally {
    fleet?.stop();
    await cluster.close();
  }
}
