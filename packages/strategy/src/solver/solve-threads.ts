import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RuleSet } from '@zilch/engine';
import type { DoublingFinalValues } from './doubling.ts';
import { PenaltyPairs, type Alloc, type PolicyArrays } from './penalty-pairs.ts';
import {
  newRecord,
  penaltyPasses,
  penaltySums,
  startValues,
  type PenaltySolveStats,
} from './penalty.ts';
import { workerEntry } from '../worker-entry.ts';
import {
  newSolve,
  pairsOfSum,
  penaltyTables,
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
export type PairOrder =
  | { readonly kind: 'sum'; readonly s: number }
  | {
      readonly kind: 'penalty';
      readonly s: number;
      readonly full: boolean;
      readonly pass: number;
      readonly gaps: boolean;
      /** The store at the end of a full pass, for proofs from that pass's recordings. */
      readonly snap: { readonly pass: number; readonly values: Float64Array } | null;
    }
  | { readonly kind: 'end' };

/** What a pair worker answers. */
export type PairReport =
  /** Under a penalty: the largest move, and the sweeps and skips since the last report. */
  | {
      readonly kind: 'done';
      readonly delta: number;
      readonly swept: number;
      readonly skipped: number;
    }
  | {
      readonly kind: 'counts';
      readonly states: number;
      readonly sweeps: number;
      readonly capped: number;
      readonly finals: DoublingFinalValues | null;
    };

/** What a pair worker starts from: the rules, the shared store, counter and decision record. */
export interface PairWorkerData {
  readonly rules: RuleSet;
  readonly opts: TwoPlayerOptions;
  readonly store: Float64Array;
  readonly next: Int32Array;
  readonly record: PolicyArrays | null;
}

/** Arrays every thread sees. */
const SHARED: Alloc = {
  f64: (n) => new Float64Array(new SharedArrayBuffer(n * Float64Array.BYTES_PER_ELEMENT)),
  i16: (n) => new Int16Array(new SharedArrayBuffer(n * Int16Array.BYTES_PER_ELEMENT)),
};

/**
 * `solveTwoPlayer` over several threads, to the same bits. The pairs of one sum of scores need
 * only pairs of higher sums (`pairsOfSum`) — under a zilch penalty also the sum P lower, which
 * a pass reaches later — so every thread takes pairs of the current sum from a shared counter
 * into one shared store, and the next sum starts when all have finished. A pair's values depend
 * only on what it reads, not on which thread solved it or when.
 */
export async function solveTwoPlayerThreads(
  rules: RuleSet,
  opts: ThreadedSolveOptions = {},
): Promise<TwoPlayerSolution | SolverError> {
  const threads = Math.max(1, Math.floor(opts.threads ?? availableParallelism()));
  const { threads: _threads, onProgress, ...plain } = opts;
  if (threads === 1) return solveTwoPlayer(rules, opts);
  const started = performance.now();
  const sol = newSolve(rules, plain, SHARED.f64);
  if (!(sol instanceof TwoPlayerSolution)) return sol;
  const next = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  // Set before any worker starts: they share these values and never set them themselves.
  if (sol.pen) startValues(sol);
  const penalty = sol.pen
    ? new PenaltyPairs(sol, penaltyTables(sol), newRecord(sol, SHARED), plain)
    : null;
  const data: PairWorkerData = {
    rules,
    opts: plain,
    store: sol.store as Float64Array,
    next,
    record: penalty?.rec.arrays ?? null,
  };
  const crew = new Crew(
    Array.from({ length: threads - 1 }, () => {
      const entry = workerEntry(import.meta.url, 'pair-worker', { workerData: data });
      return new Worker(entry.url, entry.options);
    }),
  );
  try {
    if (penalty) {
      const stats = await penaltyOnThreads(penalty, crew, next, { ...plain, onProgress });
      sol.passes = stats.passes;
      sol.penaltyStats = stats;
    } else await pairsOnThreads(sol, crew, next, onProgress);
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

/** Every sum of scores, highest first, its pairs shared out. */
async function pairsOnThreads(
  sol: TwoPlayerSolution,
  crew: Crew,
  counter: Int32Array,
  onProgress: ((done: number) => void) | undefined,
): Promise<void> {
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
}

/** The passes of a penalty solve (`penaltyPasses`), each sum's pairs shared out. */
async function penaltyOnThreads(
  solve: PenaltyPairs,
  crew: Crew,
  counter: Int32Array,
  opts: ThreadedSolveOptions,
): Promise<PenaltySolveStats> {
  let snap: { pass: number; values: Float64Array } | null = null;
  const run = penaltyPasses(solve, opts, (pass) => {
    const values = SHARED.f64(solve.host.store.length);
    values.set(solve.host.store);
    solve.rec.snaps[pass] = values;
    snap = { pass, values };
  });
  for (let r = run.next(); ;) {
    if (r.done) return r.value;
    const full = r.value;
    let delta = 0;
    for (const s of penaltySums(solve.host)) {
      Atomics.store(counter, 0, 0);
      const order = { kind: 'penalty', s, full, pass: solve.pass, gaps: solve.gaps, snap } as const;
      snap = null;
      const finished = crew.order(order);
      delta = Math.max(delta, takePenaltyPairs(solve, s, counter, full));
      for (const m of await finished) {
        if (m.kind !== 'done') continue;
        delta = Math.max(delta, m.delta);
        solve.stats.swept += m.swept;
        solve.stats.skipped += m.skipped;
      }
    }
    r = run.next(delta);
  }
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

/** Under a penalty: pairs of the sum `s` from the shared counter, in a full pass or not; returns the largest move. */
export function takePenaltyPairs(
  solve: PenaltyPairs,
  s: number,
  counter: Int32Array,
  full: boolean,
): number {
  const [lo, hi] = solve.pairsOfSum(s);
  let delta = 0;
  for (let i = Atomics.add(counter, 0, 1); lo + i <= hi; i = Atomics.add(counter, 0, 1))
    delta = Math.max(delta, solve.pair(lo + i, s - lo - i, full));
  return delta;
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
