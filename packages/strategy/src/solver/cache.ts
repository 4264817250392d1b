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
  /** Values in the store, and their width: 32 with offers (`compact`), else 64. */
  length: number;
  storeBits: 32 | 64;
  /** Exact 64-bit fresh values written before the store (T·T with a 32-bit store, else 0). */
  freshLength: number;
  states: number;
  seconds: number;
}

// The data file: the exact fresh values (64-bit), then the store; a header in a .json beside it.
const DATA = '.bin';

function basePath(rules: RuleSet, dir: string): string {
  return join(dir, `two-player-${solutionKey(rules)}`);
}

/** Whether a solution is in memory or its files are in the cache directory. */
export function solutionAvailable(rules: RuleSet, dir: string): boolean {
  if (solutionInMemory(rules)) return true;
  const base = basePath(rules, dir);
  return existsSync(`${base}.json`) && existsSync(`${base}${DATA}`);
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
    bytes = readFileSync(`${base}${DATA}`);
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
    bytes = await readFile(`${base}${DATA}`);
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
  const width = header.storeBits / 8;
  if (width !== 4 && width !== 8) return null;
  const freshBytes = header.freshLength * 8;
  if (bytes.byteLength !== freshBytes + header.length * width) return null;
  // readFile may hand back a slice of a shared pool; typed arrays need an aligned start.
  const data = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
  const fresh =
    header.freshLength > 0
      ? new Float64Array(data.buffer, data.byteOffset, header.freshLength)
      : null;
  const at = data.byteOffset + freshBytes;
  const store =
    width === 4
      ? new Float32Array(data.buffer, at, header.length)
      : new Float64Array(data.buffer, at, header.length);
  return adoptSolution(rules, store, header, fresh);
}

/**
 * Writes a solution to the cache in its compact form (atomically: a temporary file, then a
 * rename), keeps that form in memory and returns it.
 */
export function saveTwoPlayer(solved: TwoPlayerSolution, dir: string): TwoPlayerSolution {
  const sol = solved.compact();
  mkdirSync(dir, { recursive: true });
  const key = solutionKey(sol.rules);
  const base = join(dir, `two-player-${key}`);
  const tmp = `${base}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const { store, freshValues } = sol;
  const bytes = (a: Float64Array | Float32Array) =>
    new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  writeFileSync(
    tmp,
    freshValues ? Buffer.concat([bytes(freshValues), bytes(store)]) : bytes(store),
  );
  renameSync(tmp, `${base}${DATA}`);
  const header: Header = {
    version: TWO_PLAYER_VERSION,
    key,
    extraPoints: sol.E * 50,
    length: store.length,
    storeBits: store instanceof Float32Array ? 32 : 64,
    freshLength: freshValues?.length ?? 0,
    states: sol.states,
    seconds: sol.seconds,
  };
  writeFileSync(tmp, JSON.stringify(header));
  renameSync(tmp, `${base}.json`);
  rememberSolution(sol);
  return sol;
}

/** The two-player solution of a rule set: from memory, from the cache in `opts.dir`, or solved now and cached. */
export function twoPlayerSolution(
  rules: RuleSet,
  opts: TwoPlayerOptions & { dir: string; save?: boolean },
): TwoPlayerSolution | SolverError {
  const cached = loadTwoPlayer(rules, opts.dir);
  if (cached) return cached;
  const solved = solveTwoPlayer(rules, opts);
  if (!(solved instanceof TwoPlayerSolution)) return solved;
  if (opts.save !== false && opts.extraPoints === undefined) {
    try {
      return saveTwoPlayer(solved, opts.dir);
    } catch {
      // A read-only cache only costs the next run a solve.
    }
  }
  // Kept as the cache keeps it, so a process answers alike whether it solved or loaded.
  const sol = solved.compact();
  rememberSolution(sol);
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
