import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-entry.ts';
import { lean, scoringTable, type RuleSet } from '@zilch/engine';
import { createBot } from '../bots/index.ts';
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
  /** Threads to use, this one included (default: every core); 1 runs in this thread only. */
  readonly workers?: number;
  /**
   * Whether this thread plays chunks too (default true). With false every chunk goes to the
   * `workers` worker threads: slower to start, but it exercises them for sure.
   */
  readonly ownThread?: boolean;
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
  /** Share of the wins that went to the player who took the first turn, and its 95% interval. */
  readonly firstPlayerWinRate: number;
  readonly firstPlayerCi95: [number, number];
  /** Mean turns per game, all seats together. */
  readonly turnsPerGame: number;
  /** Share of all turns that ended in a zilch. */
  readonly zilchRate: number;
  readonly seconds: number;
}

/**
 * Lets each distinct bot make one decision here before any worker starts, so solutions a bot
 * needs are computed once (and cached on disk by the solver) rather than by every thread at once.
 */
function warmUp(plan: SimulationPlan): void {
  const rules = plan.rules;
  for (const id of new Set(plan.bots)) {
    const s = lean.initialState(rules, plan.bots.length, 0);
    const roll = [1, 5, 2, 2, 3, 3, 4, 4, 6, 6].slice(0, rules.dice);
    if (scoringTable(rules).lookup(roll).zilch) continue;
    s.phase = 'keep';
    s.turn.roll = roll;
    s.turn.rolls = 1;
    createBot(id, rules, 0).decide(s);
  }
}


type Answer =
  { ready: true } | { index: number; totals: ChunkTotals } | { index: number; error: string };

/**
 * Plays every chunk of a plan on `threads` threads: this one and `threads - 1` workers (or
 * `threads` workers when this one stays out), all taking the next chunk from one queue. This
 * thread starts at once, so a short run is done before the workers have even loaded (about a
 * second each), and a long one uses every core.
 */
async function runPool(
  plan: SimulationPlan,
  threads: number,
  ownThread: boolean,
  done: (index: number, t: ChunkTotals) => void,
): Promise<void> {
  const chunks = chunkCount(plan);
  let next = 0;
  let finished = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const signal = (): void => {
    const w = wake;
    wake = null;
    w?.();
  };
  const fail = (e: Error): void => {
    failure ??= e;
    signal();
  };
  const pool: Worker[] = [];
  for (let i = ownThread ? 1 : 0; i < threads; i++) {
    const entry = workerEntry(import.meta.url, 'worker', { workerData: plan });
    const w = new Worker(entry.url, entry.options);
    pool.push(w);
    let busy = false;
    const feed = (): void => {
      busy = next < chunks && !failure;
      if (busy) w.postMessage(next++);
    };
    w.on('message', (m: Answer) => {
      if ('error' in m) return fail(new Error(m.error));
      if ('totals' in m) {
        done(m.index, m.totals);
        finished += 1;
        signal();
      }
      feed();
    });
    w.on('error', fail);
    w.on('exit', (code) => {
      if (busy) fail(new Error(`simulation worker stopped (exit code ${code})`));
    });
  }
  try {
    while (ownThread && next < chunks && !failure) {
      const i = next++;
      done(i, runChunk(plan, i));
      finished += 1;
      // Let worker messages and timers (a progress bar) through between chunks.
      await new Promise((r) => setImmediate(r));
    }
    while (finished < chunks && !failure) await new Promise<void>((r) => (wake = r));
    if (failure) throw failure;
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
  if (workers > 1) warmUp(plan);
  await runPool(plan, workers, opts.ownThread ?? true, done);
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
  const firstWins = total.entries.reduce((a, e) => a + e.startWins, 0);
  return {
    games: total.games,
    seed: plan.seed,
    workers,
    seats,
    firstPlayerWinRate: firstWins / total.games,
    firstPlayerCi95: wilson(firstWins, total.games),
    turnsPerGame: total.turns / total.games,
    zilchRate: total.turns ? zilches / total.turns : 0,
    seconds: (performance.now() - started) / 1000,
  };
}
