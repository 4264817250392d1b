// One share of the load test's scripted players, run in a worker thread: with 2,000 sockets in one
// event loop, the load client's own delay showed up in the latencies it measured.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { legalActions, preset, type Action, type GameState } from '@zilch/engine';
import type { Move, SeatSpec } from '@zilch/protocol';
import { newStats, openTables } from '@zilch/testkit';

/** What the main thread gives each worker. */
export interface ClientShare {
  /** The server processes. */
  urls: string[];
  /** The first table of this share, counted over all shares. */
  first: number;
  tables: number;
  thinkMs: number;
  bots: boolean;
}

/** What a worker reports at the end of the measured window. */
export interface ClientReport {
  latencies: number[];
  errorCodes: Record<string, number>;
  sockets: number;
  lagP99ms: number;
  lagMaxms: number;
}

// Every table plays this preset; one shared object keeps the engine's per-rules scoring table cached.
const RULES = preset('serendipity-creak');

/**
 * Which process player `h` of table `i` connects to first: with two processes half the tables have
 * their players on different processes (as a balancer spreading sockets at random would), so
 * their updates cross Redis. Tables are created on their first player's process.
 */
function homeOf(i: number, h: number, processes: number): number {
  return (h === 0 ? i : Math.floor(i / processes)) % processes;
}

/** Short turns: keep and bank when allowed, else keep and roll on. */
function pick(state: GameState): Move | null {
  const legal = legalActions({ ...state, rules: RULES });
  const chosen: Action | undefined =
    legal.find((a) => a.type === 'keep' && a.then === 'bank') ??
    legal.find((a) => a.type === 'keep') ??
    legal.find((a) => a.type === 'fresh') ??
    legal[0];
  // Server-only actions never come from legalActions; the check only narrows the type.
  if (!chosen || chosen.type === 'timeout' || chosen.type === 'forfeit' || chosen.type === 'abort')
    return null;
  const { seat: _seat, ...move } = chosen;
  return move;
}

if (parentPort) {
  const port = parentPort;
  const share = workerData as ClientShare;
  const stats = newStats();
  stats.measuring = false;
  const seats: SeatSpec[] = share.bots
    ? [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }]
    : [{ kind: 'human' }, { kind: 'human' }];
  const { players } = await openTables({
    tables: share.tables,
    createOn: (i) => share.urls[homeOf(share.first + i, 0, share.urls.length)] as string,
    urlsFor: (i, h) => {
      const home = homeOf(share.first + i, h, share.urls.length);
      return [share.urls[home] as string, ...share.urls.filter((_, k) => k !== home)];
    },
    rules: 'serendipity-creak',
    seats,
    think: () => share.thinkMs * (0.5 + Math.random()),
    pick,
    stats,
    name: 'Load',
  });
  const lag = monitorEventLoopDelay({ resolution: 10 });
  port.on('message', (m: 'start' | 'stop' | 'close') => {
    if (m === 'start') {
      stats.latencies.length = 0;
      for (const k of Object.keys(stats.errorCodes)) delete stats.errorCodes[k];
      lag.reset();
      lag.enable();
      stats.measuring = true;
    } else if (m === 'stop') {
      stats.measuring = false;
      lag.disable();
      const report: ClientReport = {
        latencies: stats.latencies,
        errorCodes: { ...stats.errorCodes },
        sockets: players.length,
        lagP99ms: lag.percentile(99) / 1e6,
        lagMaxms: lag.max / 1e6,
      };
      port.postMessage(report);
    } else {
      for (const p of players) p.close();
      port.close();
    }
  });
  port.postMessage('ready');
}
