// Solutions of the shipped presets made ahead of play: the build solves the missing ones into
// the cache directory (worker threads, a few at a time), and the server reads them into shared
// memory at start, so the coach has win chances from the first decision of the first game.
import { Worker } from 'node:worker_threads';
import { PRESET_IDS, preset, type PresetId, type RuleSet } from '@zilch/engine';
import { twoPlayerBytes } from '../pool/budget.ts';
import { canonicalRules } from '../pool/canonical.ts';
import { workerEntry } from '../worker-entry.ts';
import { readSharedSolution, solutionCached, type SharedSolution } from './cache.ts';
import type { WorkerAnswer } from './solve-in-worker.ts';
import { estimatedStates, twoPlayerUnsupported } from './two-player.ts';

// Presets solved at install: those whose solve takes about a minute of CPU at most. Hot Dice
// doubling (about 300 M states, 4 minutes of CPU) would make every install that much slower,
// so its solution is made on first use instead (in a strategy thread, cached on disk after).
const PRESOLVE_MAX_STATES = 100e6;

/** A preset the two-player solver models, in the canonical form strategy threads use. */
export interface SolvablePreset {
  readonly id: PresetId;
  readonly rules: RuleSet;
}

/**
 * The presets the two-player solver models and solves in about a minute (serendipity-creak,
 * classic, farkle-2017; not hot-dice).
 */
export function solvablePresets(): SolvablePreset[] {
  const quick = (id: PresetId) =>
    twoPlayerUnsupported(preset(id)) === null && estimatedStates(preset(id)) <= PRESOLVE_MAX_STATES;
  return PRESET_IDS.filter(quick).map((id) => ({
    id,
    rules: canonicalRules(preset(id)),
  }));
}

/** Bytes the solvable presets' solutions hold together, as the cache keeps them (97 MB). */
export function solvablePresetBytes(): number {
  return solvablePresets().reduce((n, p) => n + twoPlayerBytes(p.rules), 0);
}

/** What presolving did for one preset. */
export interface PresolveResult {
  readonly id: PresetId;
  /** Whether it was solved now (false: it was in the cache already). */
  readonly solved: boolean;
  /** Wall seconds of the solve (0 when cached). */
  readonly seconds: number;
}

/**
 * Solves into `dir` every preset whose solution is not cached yet, each in a worker thread
 * that saves it and hands nothing back (this thread holds none of it), `threads` at a time.
 */
export async function presolve(
  presets: readonly SolvablePreset[],
  opts: {
    readonly dir: string;
    readonly threads: number;
    readonly onDone?: (r: PresolveResult) => void;
  },
): Promise<PresolveResult[]> {
  const todo = presets.filter((p) => !solutionCached(p.rules, opts.dir));
  const results: PresolveResult[] = presets
    .filter((p) => !todo.includes(p))
    .map((p) => ({ id: p.id, solved: false, seconds: 0 }));
  for (const r of results) opts.onDone?.(r);
  const next = async (): Promise<void> => {
    for (let p = todo.shift(); p; p = todo.shift()) {
      const started = performance.now();
      await solveToDisk(p.rules, opts.dir);
      const r = { id: p.id, solved: true, seconds: (performance.now() - started) / 1000 };
      results.push(r);
      opts.onDone?.(r);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.threads) }, next));
  return results;
}

function solveToDisk(rules: RuleSet, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = workerEntry(import.meta.url, 'solve-worker', {
      workerData: { rules, dir, hand: false },
    });
    const w = new Worker(entry.url, entry.options);
    let settled = false;
    w.on('message', (m: WorkerAnswer) => {
      if (m.kind === 'progress') return;
      settled = true;
      if (m.kind === 'saved') resolve();
      else
        reject(new Error(m.kind === 'error' ? m.message : 'solve worker handed a solution back'));
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

/** The solvable presets read from `dir` into shared memory, and the ids of those not cached there. */
export interface SharedPresets {
  readonly loaded: readonly SharedSolution[];
  readonly missing: readonly PresetId[];
}

// In-process servers (tests) started one after another read the files once.
const sharedByDir = new Map<string, Promise<SharedPresets>>();

/**
 * Reads the cached solutions of the solvable presets into shared memory, once per directory
 * and process; a preset not cached is listed as missing (the build's `npm run presolve` makes it).
 */
export function sharedPresets(dir: string): Promise<SharedPresets> {
  let p = sharedByDir.get(dir);
  if (!p) {
    p = (async () => {
      const presets = solvablePresets();
      const read = await Promise.all(presets.map((x) => readSharedSolution(x.rules, dir)));
      return {
        loaded: read.filter((s): s is SharedSolution => s !== null),
        missing: presets.filter((_, i) => read[i] === null).map((x) => x.id),
      };
    })();
    sharedByDir.set(dir, p);
    // A directory filled later (a presolve after a failed read) is read again next time.
    void p.then((r) => r.missing.length > 0 && sharedByDir.delete(dir));
  }
  return p;
}
