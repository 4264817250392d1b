/**
 * The disk cache of two-player solutions (Node only). Every function takes the cache
 * directory from its caller: the server has it from its configuration, the CLI from its
 * environment; this package reads no environment variable.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RuleSet } from '@zilch/engine';
import {
  adoptSolution,
  rememberSolution,
  solutionInMemory,
  type SolutionSource,
} from './memory.ts';
import {
  solveTwoPlayer,
  TWO_PLAYER_EXTRA_POINTS,
  TWO_PLAYER_VERSION,
  TwoPlayerSolution,
  type SolverError,
  type TwoPlayerOptions,
} from './two-player.ts';

/** The cache directory when none is configured: ~/.cache/zilch. */
export function defaultCacheDir(): string {
  return join(homedir(), '.cache', 'zilch');
}

/** Cache key: a hash of the full rule set, the solver version and its cap. */
export function solutionKey(rules: RuleSet, extraPoints = TWO_PLAYER_EXTRA_POINTS): string {
  if (extraPoints === TWO_PLAYER_EXTRA_POINTS) {
    const known = keys.get(rules);
    if (known !== undefined) return known;
  }
  const h = createHash('sha256');
  h.update(JSON.stringify({ rules, v: TWO_PLAYER_VERSION, extraPoints }));
  const key = h.digest('hex').slice(0, 24);
  if (extraPoints === TWO_PLAYER_EXTRA_POINTS) keys.set(rules, key);
  return key;
}

// Rule sets are treated as immutable values (the engine never changes one), so a rule-set
// object remembers its key: a decision then hashes nothing, just two map lookups.
const keys = new WeakMap<RuleSet, string>();

interface Header {
  version: number;
  key: string;
  extraPoints: number;
  length: number;
  states: number;
  seconds: number;
}

function basePath(rules: RuleSet, dir: string): string {
  return join(dir, `two-player-${solutionKey(rules)}`);
}

/** Whether a solution is in memory or its files are in the cache directory. */
export function solutionAvailable(rules: RuleSet, dir: string): boolean {
  if (solutionInMemory(rules)) return true;
  const base = basePath(rules, dir);
  return existsSync(`${base}.json`) && existsSync(`${base}.f64`);
}

/** A cached solution from memory or disk, or null. */
export function loadTwoPlayer(rules: RuleSet, dir: string): TwoPlayerSolution | null {
  const hit = solutionInMemory(rules);
  if (hit) return hit;
  const base = basePath(rules, dir);
  // A missing file is the common case in 'auto' mode: a stat is cheaper than a throw.
  if (!existsSync(`${base}.json`)) return null;
  let text: string;
  let bytes: Buffer;
  try {
    text = readFileSync(`${base}.json`, 'utf8');
    bytes = readFileSync(`${base}.f64`);
  } catch {
    return null;
  }
  return fromFiles(rules, text, bytes);
}

/** Like `loadTwoPlayer`, reading the files without blocking the event loop. */
export async function loadTwoPlayerAsync(
  rules: RuleSet,
  dir: string,
): Promise<TwoPlayerSolution | null> {
  const hit = solutionInMemory(rules);
  if (hit) return hit;
  const base = basePath(rules, dir);
  let text: string;
  let bytes: Buffer;
  try {
    text = await readFile(`${base}.json`, 'utf8');
    bytes = await readFile(`${base}.f64`);
  } catch {
    return null;
  }
  // Another caller may have loaded it while this one was reading.
  return solutionInMemory(rules) ?? fromFiles(rules, text, bytes);
}

function fromFiles(rules: RuleSet, text: string, bytes: Buffer): TwoPlayerSolution | null {
  const key = solutionKey(rules);
  let header: Header;
  try {
    header = JSON.parse(text) as Header;
  } catch {
    return null;
  }
  if (header.version !== TWO_PLAYER_VERSION || header.key !== key) return null;
  if (bytes.byteLength !== header.length * 8) return null;
  // readFile may hand back a slice of a shared pool; a Float64Array needs its own aligned copy.
  const store =
    bytes.byteOffset % 8 === 0
      ? new Float64Array(bytes.buffer, bytes.byteOffset, header.length)
      : new Float64Array(new Uint8Array(bytes).buffer);
  return adoptSolution(rules, store, header);
}

/** Writes a solution to the cache (atomically: a temporary file, then a rename). */
export function saveTwoPlayer(sol: TwoPlayerSolution, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const key = solutionKey(sol.rules);
  const base = join(dir, `two-player-${key}`);
  const tmp = `${base}.${process.pid}.tmp`;
  const store = sol.store;
  writeFileSync(tmp, new Uint8Array(store.buffer, store.byteOffset, store.byteLength));
  renameSync(tmp, `${base}.f64`);
  const header: Header = {
    version: TWO_PLAYER_VERSION,
    key,
    extraPoints: sol.E * 50,
    length: store.length,
    states: sol.states,
    seconds: sol.seconds,
  };
  writeFileSync(tmp, JSON.stringify(header));
  renameSync(tmp, `${base}.json`);
  rememberSolution(sol);
}

/** The two-player solution of a rule set: from memory, from the cache in `opts.dir`, or solved now and cached. */
export function twoPlayerSolution(
  rules: RuleSet,
  opts: TwoPlayerOptions & { dir: string; save?: boolean },
): TwoPlayerSolution | SolverError {
  const cached = loadTwoPlayer(rules, opts.dir);
  if (cached) return cached;
  const sol = solveTwoPlayer(rules, opts);
  if (!(sol instanceof TwoPlayerSolution)) return sol;
  if (opts.save !== false && opts.extraPoints === undefined) {
    try {
      saveTwoPlayer(sol, opts.dir);
    } catch {
      // A read-only cache only costs the next run a solve.
      rememberSolution(sol);
    }
  } else rememberSolution(sol);
  return sol;
}

/** Solutions from memory, then the cache in `dir`; asked to solve, it solves in this thread and saves. */
export function diskSolutions(dir: string): SolutionSource {
  return {
    solution(rules, solve) {
      const hit = loadTwoPlayer(rules, dir);
      if (hit || !solve) return hit;
      const sol = twoPlayerSolution(rules, { dir });
      return sol instanceof TwoPlayerSolution ? sol : null;
    },
  };
}
