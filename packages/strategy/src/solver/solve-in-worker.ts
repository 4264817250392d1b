import { Worker } from 'node:worker_threads';
import { workerEntry } from '../worker-entry.ts';
import type { RuleSet } from '@zilch/engine';
import { loadTwoPlayerAsync, solutionKey } from './cache.ts';
import { adoptSolution, solutionInMemory } from './memory.ts';
import { twoPlayerUnsupported, type SolverError } from './two-player.ts';
import { type TwoPlayerSolution } from './two-player-solution.ts';

/** What the solve worker posts back. */
export type WorkerAnswer =
  | { readonly kind: 'progress'; readonly done: number }
  | ({ readonly kind: 'error' } & SolverError)
  /** Solved (0 seconds: found in the cache) and saved, nothing handed back. */
  | { readonly kind: 'saved'; readonly seconds: number }
  | {
      readonly kind: 'solved';
      readonly store: Float64Array | Float32Array;
      readonly freshValues: Float64Array | null;
      readonly info: { extraPoints: number; states: number; seconds: number };
    };

/** Settings of a background solve. */
export interface BackgroundSolveOptions {
  /** Directory of cached solutions. */
  readonly dir: string;
  /** Called now and then with the fraction of the solve done (0..1). */
  readonly onProgress?: (done: number) => void;
}

const pending = new Map<string, Promise<TwoPlayerSolution | SolverError>>();

/**
 * The two-player solution of a rule set without blocking this thread: from memory, from
 * disk (read asynchronously), or solved in a worker thread (and cached on disk there).
 * Concurrent calls for the same rule set and directory share one load or solve.
 */
export function solveInBackground(
  rules: RuleSet,
  opts: BackgroundSolveOptions,
): Promise<TwoPlayerSolution | SolverError> {
  const bad = twoPlayerUnsupported(rules);
  if (bad) return Promise.resolve(bad);
  const hit = solutionInMemory(rules);
  if (hit) return Promise.resolve(hit);
  const id = `${solutionKey(rules)}\n${opts.dir}`;
  let p = pending.get(id);
  if (!p) {
    p = (async () => (await loadTwoPlayerAsync(rules, opts.dir)) ?? solveInWorker(rules, opts))();
    pending.set(id, p);
    void p.finally(() => pending.delete(id)).catch(() => undefined);
  }
  return p;
}

function solveInWorker(
  rules: RuleSet,
  opts: BackgroundSolveOptions,
): Promise<TwoPlayerSolution | SolverError> {
  return new Promise((resolve, reject) => {
    const entry = workerEntry(import.meta.url, 'solve-worker', {
      workerData: { rules, dir: opts.dir },
    });
    const w = new Worker(entry.url, entry.options);
    let settled = false;
    w.on('message', (m: WorkerAnswer) => {
      if (m.kind === 'progress') return opts.onProgress?.(m.done);
      settled = true;
      if (m.kind === 'error') resolve({ code: m.code, message: m.message });
      else if (m.kind === 'solved') resolve(adoptSolution(rules, m.store, m.info, m.freshValues));
      else reject(new Error('solve worker saved without handing the solution back'));
    });
    w.on('error', (e) => {
      settled = true;
      reject(e);
    });
    w.on('exit', (code) => {
      if (!settled) reject(new Error(`solve worker stopped (exit code ${code}) without an answer`));
    });
  });
}
