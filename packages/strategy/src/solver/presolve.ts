// Solutions of the shipped presets made ahead of play: the build solves the missing ones into
// the cache directory (worker threads, a few at a time), and the server reads them into shared
// memory at start, so the coach has win chances from the first decision of the first game.
import { copyFileSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PRESET_IDS, preset, type PresetId, type RuleSet, canonicalRules } from '@zilch/engine';
import { twoPlayerBytes } from '../pool/budget.ts';
import { workerEntry } from '../worker-entry.ts';
import { readSharedSolution, solutionCached, solutionFiles, type SharedSolution } from './cache.ts';
import type { WorkerAnswer } from './solve-in-worker.ts';
import { estimatedStates, twoPlayerUnsupported } from './two-player.ts';

// Presets solved at install: those whose solve takes about a minute of CPU at most.
const PRESOLVE_MAX_STATES = 100e6;

// Solutions too slow to make at install ship with the package instead: Hot Dice doubling is
// about 300 M states (4 minutes of CPU) but its compact solution is only the 200² fresh values
// (320 KB). The build copies them into the cache. They carry the solver version in their key, so
// a solver change makes them stale (presolve.test.ts fails) until they are made again with
// `ZILCH_CACHE_DIR=packages/strategy/solutions npx zilch solve --rules ID` (docs/solver.md).
const SHIPPED_DIR = fileURLToPath(new URL('../../solutions/', import.meta.url));

/** A preset the two-player solver models, in the canonical form strategy threads use. */
export interface SolvablePreset {
  readonly id: PresetId;
  readonly rules: RuleSet;
}

/** Whether the package ships a current solution of these rules. */
export function solutionShipped(rules: RuleSet): boolean {
  return solutionCached(rules, SHIPPED_DIR);
}

/**
 * The presets whose solutions are ready from the first game: those the two-player solver
 * solves in about a minute (serendipity-creak, classic, farkle-2017) and those shipped solved
 * (hot-dice).
 */
export function solvablePresets(): SolvablePreset[] {
  const ready = (rules: RuleSet) =>
    twoPlayerUnsupported(rules) === null &&
    (estimatedStates(rules) <= PRESOLVE_MAX_STATES || solutionShipped(rules));
  return PRESET_IDS.map((id) => ({ id, rules: canonicalRules(preset(id)) })).filter((p) =>
    ready(p.rules),
  );
}

/** Bytes the solvable presets' solutions hold together, as the cache keeps them (97 MB). */
export function solvablePresetBytes(): number {
  return solvablePresets().reduce((n, p) => n + twoPlayerBytes(p.rules), 0);
}

/** What presolving did for one preset. */
export interface PresolveResult {
  readonly id: PresetId;
  /** Whether it was solved now (false: it was in the cache already, or shipped). */
  readonly solved: boolean;
  /** Whether its shipped solution was copied into the cache now. */
  readonly copied: boolean;
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
    .map((p) => ({ id: p.id, solved: false, copied: false, seconds: 0 }));
  for (const p of todo.filter((x) => solutionShipped(x.rules))) {
    copyShipped(p.rules, opts.dir);
    todo.splice(todo.indexOf(p), 1);
    results.push({ id: p.id, solved: false, copied: true, seconds: 0 });
  }
  for (const r of results) opts.onDone?.(r);
  const next = async (): Promise<void> => {
    for (let p = todo.shift(); p; p = todo.shift()) {
      const started = performance.now();
      await solveToDisk(p.rules, opts.dir);
      const seconds = (performance.now() - started) / 1000;
      const r = { id: p.id, solved: true, copied: false, seconds };
      results.push(r);
      opts.onDone?.(r);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.threads) }, next));
  return results;
}

/** Copies a shipped solution into the cache (each file beside its name, then renamed into place). */
function copyShipped(rules: RuleSet, dir: string): void {
  mkdirSync(dir, { recursive: true });
  // The data file first: a header without its data is never seen as a solution.
  for (const name of solutionFiles(rules)) {
    const tmp = join(dir, `${name}.${process.pid}.tmp`);
    copyFileSync(join(SHIPPED_DIR, name), tmp);
    renameSync(tmp, join(dir, name));
  }
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
