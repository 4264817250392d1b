// One measured window of the bot-API bench over bots already playing: actions the server
// accepted per second, latency from a move sent to the opponent's stream delivering it, the
// server's refusals by code (from its /metrics), CPU of both processes and the load average.
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuSecondsOf, scrapeMetrics, sleep, summarize } from '@zilch/testkit';
import type { BotFleet } from './bots.ts';

/** What one window measured. */
export interface WindowResult {
  seconds: number;
  actions: number;
  actionsPerSecond: number;
  p50ms: number;
  p99ms: number;
  maxms: number;
  /** Move sent → its own answer (ms). */
  answerP50ms: number;
  answerP99ms: number;
  /** Calls refused or failed as the bots saw them, by code. */
  errors: number;
  errorCodes: Record<string, number>;
  /** Refusals the server counted over the window and its grace, by code (the client waits 429s out silently). */
  serverRefusals: Record<string, number>;
  /** Moves of the window whose change never reached the opponent's stream within the grace. */
  unmatched: number;
  /** Moves made before the opponent's stream opened (no change line to time). */
  early: number;
  /** Latency samples for accepted moves (equals `actions` when every one was matched). */
  samples: number;
  gamesInPlay: number;
  gamesFinished: number;
  serverCpuMsPerAction: number;
  clientCpuMsPerAction: number;
  clientLagP99ms: number;
  loadAverage: number;
}

/** Refusals by code so far, from the server's `zilch_refusals_total` counter. */
async function refusals(url: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const [sample, n] of await scrapeMetrics(url)) {
    const code = /^zilch_refusals_total\{[^}]*code="([^"]+)"/.exec(sample)?.[1];
    if (code) out.set(code, (out.get(code) ?? 0) + n);
  }
  return out;
}

const round = (x: number, digits = 1) => Number(x.toFixed(digits));

/** Measures `ms` of play; waits up to `graceMs` after it for the window's moves to be delivered. */
export async function measureWindow(
  fleet: BotFleet,
  url: string,
  serverPid: number | undefined,
  ms: number,
  graceMs = 3000,
): Promise<WindowResult> {
  const s = fleet.stats;
  const refused0 = await refusals(url);
  const finished0 = s.finished;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const serverCpu0 = cpuSecondsOf(serverPid);
  const clientCpu0 = process.cpuUsage();
  const load0 = loadavg()[0] as number;
  s.reset();
  lag.enable();
  s.measuring = true;
  const started = performance.now();
  await sleep(ms);
  s.measuring = false;
  const seconds = (performance.now() - started) / 1000;
  const gamesInPlay = fleet.games;
  const serverCpu = cpuSecondsOf(serverPid) - serverCpu0;
  const cpu = process.cpuUsage(clientCpu0);
  lag.disable();
  const end = performance.now() + graceMs;
  while (s.open > 0 && performance.now() < end) await sleep(50);
  const refused = await refusals(url);
  // The client waits a 429 out instead of throwing it: only the server's count shows those.
  const serverRefusals: Record<string, number> = {};
  for (const [code, n] of refused) {
    const d = n - (refused0.get(code) ?? 0);
    if (d > 0) serverRefusals[code] = d;
  }
  const l = summarize(s.latencies);
  const a = summarize(s.answers);
  return {
    seconds: round(seconds),
    actions: s.actions,
    actionsPerSecond: Math.round(s.actions / seconds),
    p50ms: l.p50,
    p99ms: l.p99,
    maxms: l.max,
    answerP50ms: a.p50,
    answerP99ms: a.p99,
    errors: Object.values(s.errors).reduce((x, y) => x + y, 0),
    errorCodes: { ...s.errors },
    serverRefusals,
    unmatched: s.open,
    early: s.early,
    samples: l.n,
    gamesInPlay,
    gamesFinished: s.finished - finished0,
    serverCpuMsPerAction: round((serverCpu * 1000) / s.actions, 2),
    clientCpuMsPerAction: round((cpu.user + cpu.system) / 1000 / s.actions, 2),
    clientLagP99ms: round(lag.percentile(99) / 1e6),
    loadAverage: round((load0 + (loadavg()[0] as number)) / 2, 2),
  };
}
