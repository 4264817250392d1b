import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RuleSet } from '@zilch/engine';
import type { DoublingFinalValues } from './doubling.ts';
import { workerEntry } from '../worker-entry.ts';
import {
  newSolve,
  pairsOfSum,
  solvePair,
  solveTables,
  solveTwoPlayer,
  type SolveTable,
  type SolverError,
  type TwoPlayerOptions,
} from './two-player.ts';
import { TwoPlayerSolution } from './two-player-solution.ts';

/** Settings of a solve over several threads. */
export interface ThreadedSolveOptions extends TwoPlayerOptions {
  /** Threads in all, this one included (default: the cores Node reports). */
  readonly threads?: number;
}

/** What the main thread tells a pair worker. */
export type PairOrder = { readonly kind: 'sum'; readonly s: number } | { readonly kind: 'end' };

/** What a pair worker answers. */
export type PairReport =
  | { readonly kind: 'done' }
  | {
      readonly kind: 'counts';
      readonly states: number;
      readonly sweeps: number;
      readonly capped: number;
      readonly finals: DoublingFinalValues | null;
    };

/** What a pair worker starts from: the rules, the shared store and the shared pair counter. */
export interface PairWorkerData {
  readonly rules: RuleSet;
  readonly opts: TwoPlayerOptions;
  readonly store: SharedArrayBuffer;
  readonly next: SharedArrayBuffer;
}

/**
 * `solveTwoPlayer` over several threads, to the same bits. The pairs of one sum of scores need
 * only pairs of higher sums (`pairsOfSum`), so every thread takes pairs of the current sum from
 * a shared counter into one shared store, and the next sum starts when all have finished. A
 * pair's values depend only on what it reads, not on which thread solved it or when.
 * Zilch-penalty rules are solved in this thread (their passes are not split by sums).
 */
export async function solveTwoPlayerThreads(
  rules: RuleSet,
  opts: ThreadedSolveOptions = {},
): Promise<TwoPlayerSolution | SolverError> {
  const threads = Math.max(1, Math.floor(opts.threads ?? availableParallelism()));
  const { threads: _threads, onProgress, ...plain } = opts;
  const probe = newSolve(rules, plain, new Float64Array(0));
  if (!(probe instanceof TwoPlayerSolution) || probe.pen || threads === 1)
    return solveTwoPlayer(rules, opts);
  const started = performance.now();
  const store = new SharedArrayBuffer(probe.storeSize() * Float64Array.BYTES_PER_ELEMENT);
  const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const sol = newSolve(rules, plain, new Float64Array(store)) as TwoPlayerSolution;
  const counter = new Int32Array(next);
  const data: PairWorkerData = { rules, opts: plain, store, next };
  const workers = Array.from({ length: threads - 1 }, () => {
    const entry = workerEntry(import.meta.url, 'pair-worker', { workerData: data });
    return new Worker(entry.url, entry.options);
  });
  const crew = new Crew(workers);
  try {
    const [A, B] = solveTables(sol);
    const T = sol.T;
    let lastReport = 0;
    let donePairs = 0;
    for (let s = 2 * T - 2; s >= 0; s--) {
      const [lo, hi] = pairsOfSum(T, s);
      Atomics.store(counter, 0, 0);
      const finished = crew.order({ kind: 'sum', s });
      takePairs(sol, s, counter, A, B);
      await finished;
      donePairs += 2 * (hi - lo + 1) - (s % 2 === 0 ? 1 : 0);
      if (onProgress && donePairs - lastReport > (T * T) / 200) {
        lastReport = donePairs;
        onProgress(donePairs / (T * T));
      }
    }
    for (const c of await crew.counts()) {
      sol.states += c.states;
      sol.sweeps += c.sweeps;
      sol.capped += c.capped;
      if (c.finals) sol.dfinal?.learn(c.finals);
    }
  } finally {
    await crew.stop();
  }
  onProgress?.(1);
  sol.seconds = (performance.now() - started) / 1000;
  return sol;
}

/** Solves pairs of the sum `s`, each taken from the shared counter, until none is left. */
export function takePairs(
  sol: TwoPlayerSolution,
  s: number,
  counter: Int32Array,
  A: SolveTable,
  B: SolveTable,
): void {
  const [lo, hi] = pairsOfSum(sol.T, s);
  for (let i = Atomics.add(counter, 0, 1); lo + i <= hi; i = Atomics.add(counter, 0, 1))
    solvePair(sol, lo + i, s - lo - i, A, B);
}

/** The worker threads of one solve: orders out, answers in, the first failure for all. */
class Crew {
  private waiting: ((r: PairReport[]) => void) | null = null;
  private failed: Error | null = null;
  private fail: (e: Error) => void = () => undefined;
  private answers: PairReport[] = [];
  private stopping = false;

  constructor(private readonly workers: Worker[]) {
    for (const w of workers) {
      w.on('message', (m: PairReport) => {
        this.answers.push(m);
        if (this.answers.length === this.workers.length && this.waiting) {
          const got = this.answers;
          this.answers = [];
          this.waiting(got);
        }
      });
      const stop = (e: Error) => {
        this.failed ??= e;
        this.fail(e);
      };
      w.on('error', stop);
      w.on('exit', (code) => {
        if (!this.stopping) stop(new Error(`a solve thread stopped (exit code ${code})`));
      });
    }
  }

  /** Sends `o` to every worker; resolves with their answers once all have answered. */
  order(o: PairOrder): Promise<PairReport[]> {
    if (this.failed) return Promise.reject(this.failed);
    const p = new Promise<PairReport[]>((resolve, reject) => {
      this.waiting = (r) => {
        this.waiting = null;
        resolve(r);
      };
      this.fail = reject;
    });
    for (const w of this.workers) w.postMessage(o);
    return p;
  }

  /** Each worker's counts, after the last sum. */
  async counts(): Promise<Extract<PairReport, { kind: 'counts' }>[]> {
    const r = await this.order({ kind: 'end' });
    return r.filter((m): m is Extract<PairReport, { kind: 'counts' }> => m.kind === 'counts');
  }

  /** Ends every worker. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.waiting = null;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
