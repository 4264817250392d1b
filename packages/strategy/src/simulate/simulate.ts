import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RuleSet } from '@zilch/engine';
import type { BotId } from '../bots/types.ts';
import {
  addTotals,
  chunkCount,
  emptyTotals,
  runChunk,
  type ChunkTotals,
  type SimulationPlan,
} from './chunk.ts';
import { wilson } from './stats.ts';

/** What to simulate. */
export interface SimulateOptions {
  readonly rules: RuleSet;
  /** One entry per seat; the same bot may appear more than once. */
  readonly bots: readonly BotId[];
  readonly games: number;
  readonly seed: number;
  /** Worker threads (default: every core); 1 runs in this thread. */
  readonly workers?: number;
  /** Called as games finish, with games done so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Results of one entry of the bot list. */
export interface SeatResult {
  readonly bot: BotId;
  /** A win shared by t tied players counts 1/t, so the entries' wins add up to the games. */
  readonly wins: number;
  readonly winRate: number;
  /** Wilson 95% interval of the win rate. */
  readonly ci95: [number, number];
  /** Games this entry won alone and games it shared. */
  readonly soleWins: number;
  readonly sharedWins: number;
  /** Games this entry took the first turn (seats rotate, so this is games / entries ± 1). */
  readonly starts: number;
  readonly meanScore: number;
  /** Mean turns this entry played per game. */
  readonly turnsPerGame: number;
  /** Share of this entry's turns that ended in a zilch. */
  readonly zilchRate: number;
}

/** Results of a simulation. */
export interface SimulationResult {
  readonly games: number;
  readonly seed: number;
  readonly workers: number;
  readonly seats: SeatResult[];
  /** Mean turns per game, all seats together. */
  readonly turnsPerGame: number;
  /** Share of all turns that ended in a zilch. */
  readonly zilchRate: number;
  readonly seconds: number;
}

const WORKER_URL = new URL('../../workers/simulate.mjs', import.meta.url);

type Answer = { index: number; totals: ChunkTotals } | { index: number; error: string };

async function runInWorkers(
  plan: SimulationPlan,
  workers: number,
  done: (index: number, t: ChunkTotals) => void,
): Promise<void> {
  const chunks = chunkCount(plan);
  let next = 0;
  let finished = 0;
  const pool: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const feed = (w: Worker): void => {
        if (next < chunks) w.postMessage(next++);
      };
      for (let i = 0; i < workers; i++) {
        const w = new Worker(WORKER_URL, { workerData: plan });
        pool.push(w);
        w.on('message', (m: Answer) => {
          if ('error' in m) return reject(new Error(m.error));
          done(m.index, m.totals);
          finished += 1;
          if (finished === chunks) resolve();
          else feed(w);
        });
        w.on('error', reject);
        w.on('exit', (code) => {
          if (finished < chunks) reject(new Error(`simulation worker stopped (exit code ${code})`));
        });
        feed(w);
      }
    });
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}

/**
 * Plays `games` games between the bots and sums up each entry's results. The games are cut
 * into fixed chunks seeded from (seed, chunk index) and summed in chunk order, so the result
 * depends on the seed only, never on the number of workers.
 */
export async function simulate(opts: SimulateOptions): Promise<SimulationResult> {
  if (opts.bots.length < 2) throw new Error('A simulation needs at least 2 bots.');
  if (!Number.isInteger(opts.games) || opts.games < 1)
    throw new Error('games must be a positive integer');
  const started = performance.now();
  const plan: SimulationPlan = {
    rules: opts.rules,
    bots: opts.bots.slice(),
    games: opts.games,
    seed: opts.seed | 0,
  };
  const chunks = chunkCount(plan);
  const workers = Math.max(1, Math.min(opts.workers ?? availableParallelism(), chunks));
  const results = new Array<ChunkTotals | undefined>(chunks);
  let gamesDone = 0;
  const done = (index: number, t: ChunkTotals): void => {
    results[index] = t;
    gamesDone += t.games;
    opts.onProgress?.(gamesDone, plan.games);
  };
  if (workers === 1) {
    for (let i = 0; i < chunks; i++) {
      done(i, runChunk(plan, i));
      // Let timers (a progress bar) run between chunks.
      await new Promise((r) => setImmediate(r));
    }
  } else await runInWorkers(plan, workers, done);
  const total = emptyTotals(plan.bots.length);
  for (const t of results) addTotals(total, t as ChunkTotals);
  const seats = total.entries.map((e, i): SeatResult => ({
    bot: plan.bots[i] as BotId,
    wins: e.wins,
    winRate: e.wins / total.games,
    ci95: wilson(e.wins, total.games),
    soleWins: e.soleWins,
    sharedWins: e.sharedWins,
    starts: e.starts,
    meanScore: e.scoreSum / total.games,
    turnsPerGame: e.turns / total.games,
    zilchRate: e.turns ? e.zilches / e.turns : 0,
  }));
  const zilches = total.entries.reduce((a, e) => a + e.zilches, 0);
  return {
    games: total.games,
    seed: plan.seed,
    workers,
    seats,
    turnsPerGame: total.turns / total.games,
    zilchRate: total.turns ? zilches / total.turns : 0,
    seconds: (performance.now() - started) / 1000,
  };
}
