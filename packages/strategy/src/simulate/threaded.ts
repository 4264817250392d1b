// Simulations spread over worker threads (Node only): the pure chunks of simulate.ts, played
// by this thread and a pool of workers that all take the next chunk from one queue.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { lean, scoringTable } from '@zilch/engine';
import { createBot } from '../bots/index.ts';
import type { BotOptions } from '../bots/types.ts';
import { diskSolutions } from '../solver/cache.ts';
import { workerEntry } from '../worker-entry.ts';
import { chunkCount, runChunk, type ChunkTotals, type SimulationPlan } from './chunk.ts';
import { planOf, summarize, type SimulateOptions, type SimulationResult } from './simulate.ts';

/** What to simulate, and on how many threads. */
export interface ThreadedSimulateOptions extends SimulateOptions {
  /** Threads to use, this one included (default: every core); 1 runs in this thread only. */
  readonly workers?: number;
  /**
   * Whether this thread plays chunks too (default true). With false every chunk goes to the
   * `workers` worker threads: slower to start, but it exercises them for sure.
   */
  readonly ownThread?: boolean;
  /** Directory of cached solutions, shared by every thread's advised bots. */
  readonly cacheDir: string;
}

/** A plan as a worker gets it: with the cache directory its bots read solutions from. */
export interface WorkerPlan extends SimulationPlan {
  readonly cacheDir: string;
}

/**
 * Lets each distinct bot make one decision here before any worker starts, so solutions a bot
 * needs are computed once (and cached on disk by the solver) rather than by every thread at once.
 */
function warmUp(plan: SimulationPlan, bot: BotOptions): void {
  const rules = plan.rules;
  for (const id of new Set(plan.bots)) {
    const s = lean.initialState(rules, plan.bots.length, 0);
    const roll = [1, 5, 2, 2, 3, 3, 4, 4, 6, 6].slice(0, rules.dice);
    if (scoringTable(rules).lookup(roll).zilch) continue;
    s.phase = 'keep';
    s.turn.roll = roll;
    s.turn.rolls = 1;
    createBot(id, rules, 0, bot).decide(s);
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
  plan: WorkerPlan,
  threads: number,
  ownThread: boolean,
  bot: BotOptions,
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
      done(i, runChunk(plan, i, bot));
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
 * Plays `games` games between the bots on `workers` threads and sums up each entry's results.
 * The games are cut into fixed chunks seeded from (seed, chunk index) and summed in chunk
 * order, so the result depends on the seed only, never on the number of workers.
 */
export async function simulate(opts: ThreadedSimulateOptions): Promise<SimulationResult> {
  const started = performance.now();
  const plan: WorkerPlan = { ...planOf(opts), cacheDir: opts.cacheDir };
  const chunks = chunkCount(plan);
  const workers = Math.max(1, Math.min(opts.workers ?? availableParallelism(), chunks));
  const bot: BotOptions = { solutions: diskSolutions(plan.cacheDir) };
  const results = new Array<ChunkTotals | undefined>(chunks);
  let gamesDone = 0;
  const done = (index: number, t: ChunkTotals): void => {
    results[index] = t;
    gamesDone += t.games;
    opts.onProgress?.(gamesDone, plan.games);
  };
  if (workers > 1) warmUp(plan, plan.card ? { ...bot, card: plan.card } : bot);
  await runPool(plan, workers, opts.ownThread ?? true, bot, done);
  return summarize(plan, results as ChunkTotals[], workers, started);
}
