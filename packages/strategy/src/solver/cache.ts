/**
 * The disk cache of two-player solutions (Node only). Every function takes the cache
 * directory from its caller: the server has it from its configuration, the CLI from its
 * environment; this package reads no environment variable.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RuleSet } from '@zilch/engine';
import { canonicalRules } from '@zilch/engine';
import type { DoublingFinalValues } from './doubling.ts';
import {
  adoptSolution,
  forgetSolution,
  pinSolution,
  rememberSolution,
  solutionInMemory,
  solutionPinned,
  type SolutionSource,
} from './memory.ts';
import { penaltyShape } from './penalty.ts';
import { solveTwoPlayerThreads, type ThreadedSolveOptions } from './solve-threads.ts';
import {
  solveTwoPlayer,
  TWO_PLAYER_EXTRA_POINTS,
  TWO_PLAYER_VERSION,
  type SolverError,
  type TwoPlayerOptions,
} from './two-player.ts';
import { TwoPlayerSolution } from './two-player-solution.ts';

/** The cache directory when none is configured: ~/.cache/zilch. */
export function defaultCacheDir(): string {
  return join(homedir(), '.cache', 'zilch');
}

/**
 * Cache key: a hash of the rule set in canonical form (its name, who starts and the turn timer
 * change no value), the solver version and its cap. So the CLI, the bench, the build's
 * presolve and the server's strategy threads all find one file per rule set.
 */
export function solutionKey(rules: RuleSet, extraPoints = TWO_PLAYER_EXTRA_POINTS): string {
  if (extraPoints === TWO_PLAYER_EXTRA_POINTS) {
    const known = keys.get(rules);
    if (known !== undefined) return known;
  }
  const h = createHash('sha256');
  // Under a zilch penalty the score floor is part of the model too.
  const floor = penaltyShape(rules)?.L;
  h.update(
    JSON.stringify({ rules: canonicalRules(rules), v: TWO_PLAYER_VERSION, extraPoints, floor }),
  );
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
  /** Values in the store (none without offers), 32-bit floats: only compact solutions are written. */
  length: number;
  storeBits: 32;
  /** Exact 64-bit fresh values written before the store (T·T). */
  freshLength: number;
  states: number;
  seconds: number;
  /** Under Hot Dice doubling, the last turns the solve valued (DoublingFinal). */
  finals?: DoublingFinalValues;
}

// The data file: the exact fresh values (64-bit), then the store; a header in a .json beside it.
const DATA = '.bin';

function basePath(rules: RuleSet, dir: string): string {
  return join(dir, `two-player-${solutionKey(rules)}`);
}

/** The names of a rule set's solution files in a cache directory: the data, then the header. */
export function solutionFiles(rules: RuleSet): [string, string] {
  const name = `two-player-${solutionKey(rules)}`;
  return [`${name}${DATA}`, `${name}.json`];
}

/** Whether a solution is in memory or its files are in the cache directory. */
export function solutionAvailable(rules: RuleSet, dir: string): boolean {
  if (solutionInMemory(rules)) return true;
  const base = basePath(rules, dir);
  return existsSync(`${base}.json`) && existsSync(`${base}${DATA}`);
}

/**
 * Whether the cache directory holds a usable solution of a rule set: a header of this solver
 * version, key and format, and a data file of its size (`solutionAvailable` only looks for the
 * files, which is all a decision can afford).
 */
export function solutionCached(rules: RuleSet, dir: string): boolean {
  const base = basePath(rules, dir);
  try {
    const header = parseHeader(rules, readFileSync(`${base}.json`, 'utf8'));
    return header !== null && statSync(`${base}${DATA}`).size === dataBytes(header);
  } catch {
    return false;
  }
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

/** The header of a cached solution of these rules, or null when it is of another version or key. */
function parseHeader(rules: RuleSet, text: string): Header | null {
  let header: Header;
  try {
    header = JSON.parse(text) as Header;
  } catch {
    return null;
  }
  if (header.version !== TWO_PLAYER_VERSION || header.key !== solutionKey(rules)) return null;
  // Only compact files are written; anything else is from an older build: solve again.
  if (header.storeBits !== 32 || !(header.freshLength > 0)) return null;
  return header;
}

/** Bytes of the data file a header describes. */
function dataBytes(h: Header): number {
  return h.freshLength * 8 + h.length * 4;
}

/** The fresh values and the store, as views on the data file's bytes (8-aligned at `at`). */
function views(
  h: Header,
  buffer: ArrayBufferLike,
  at: number,
): { store: Float32Array; fresh: Float64Array } {
  const fresh = new Float64Array(buffer, at, h.freshLength);
  const store = new Float32Array(buffer, at + h.freshLength * 8, h.length);
  return { store, fresh };
}

function fromFiles(rules: RuleSet, text: string, bytes: Buffer): TwoPlayerSolution | null {
  const header = parseHeader(rules, text);
  if (!header || bytes.byteLength !== dataBytes(header)) return null;
  // readFile may hand back a slice of a shared pool; typed arrays need an aligned start.
  const data = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
  const { store, fresh } = views(header, data.buffer, data.byteOffset);
  return adoptSolution(rules, store, header, fresh);
}

/** A cached solution read into shared memory, so every strategy thread uses one copy. */
export interface SharedSolution {
  readonly rules: RuleSet;
  readonly header: Readonly<Header>;
  readonly data: SharedArrayBuffer;
}

/** Reads the cached solution of a rule set into a SharedArrayBuffer; null when it is not cached. */
export async function readSharedSolution(
  rules: RuleSet,
  dir: string,
): Promise<SharedSolution | null> {
  const base = basePath(rules, dir);
  let file: FileHandle | null = null;
  try {
    const header = parseHeader(rules, await readFile(`${base}.json`, 'utf8'));
    if (!header) return null;
    const size = dataBytes(header);
    file = await open(`${base}${DATA}`, 'r');
    if ((await file.stat()).size !== size) return null;
    // Read straight into the shared memory: no second copy of a 100 MB file.
    const data = new SharedArrayBuffer(size);
    const into = new Uint8Array(data);
    for (let at = 0; at < size;) {
      const { bytesRead } = await file.read(into, at, size - at, at);
      if (bytesRead === 0) return null;
      at += bytesRead;
    }
    return { rules, header, data };
  } catch {
    return null;
  } finally {
    await file?.close();
  }
}

/** This thread's view of a shared solution, kept in memory for good (`pinSolution`). */
export function adoptShared(shared: SharedSolution): TwoPlayerSolution {
  const hit = solutionInMemory(shared.rules);
  if (hit && solutionPinned(shared.rules)) return hit;
  // A private copy (loaded before the shared one came) gives way to it.
  if (hit) forgetSolution(shared.rules);
  const { store, fresh } = views(shared.header, shared.data, 0);
  const sol = adoptSolution(shared.rules, store, shared.header, fresh);
  pinSolution(sol);
  return sol;
}

function writeAll(fd: number, data: Uint8Array): void {
  for (let at = 0; at < data.byteLength;) at += writeSync(fd, data, at, data.byteLength - at);
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
  // Two writes rather than one concatenated copy: the store is 97 MB for a full preset.
  const fd = openSync(tmp, 'w');
  try {
    if (freshValues) writeAll(fd, bytes(freshValues));
    writeAll(fd, bytes(store));
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, `${base}${DATA}`);
  const header: Header = {
    version: TWO_PLAYER_VERSION,
    key,
    extraPoints: sol.E * 50,
    length: store.length,
    storeBits: 32,
    freshLength: freshValues?.length ?? 0,
    states: sol.states,
    seconds: sol.seconds,
    ...(sol.dfinal ? { finals: sol.dfinal.known() } : {}),
  };
  writeFileSync(tmp, JSON.stringify(header));
  renameSync(tmp, `${base}.json`);
  rememberSolution(sol);
  return sol;
}

/** Where a solve's result goes, and how the solve is made. */
export type CachedSolveOptions = TwoPlayerOptions & { dir: string; save?: boolean };

/** The two-player solution of a rule set: from memory, from the cache in `opts.dir`, or solved now and cached. */
export function twoPlayerSolution(
  rules: RuleSet,
  opts: CachedSolveOptions,
): TwoPlayerSolution | SolverError {
  return loadTwoPlayer(rules, opts.dir) ?? kept(solveTwoPlayer(rules, opts), opts);
}

/**
 * `twoPlayerSolution` solving over `opts.threads` threads (default: every core), to the same
 * bits; for a solve someone waits for (`zilch solve`, the bench), not a server sharing its cores.
 */
export async function twoPlayerSolutionThreads(
  rules: RuleSet,
  opts: CachedSolveOptions & ThreadedSolveOptions,
): Promise<TwoPlayerSolution | SolverError> {
  return loadTwoPlayer(rules, opts.dir) ?? kept(await solveTwoPlayerThreads(rules, opts), opts);
}

/** A solve's result as the cache keeps it: saved (unless told not to, or off the standard model) and remembered. */
function kept(
  solved: TwoPlayerSolution | SolverError,
  opts: CachedSolveOptions,
): TwoPlayerSolution | SolverError {
  if (!(solved instanceof TwoPlayerSolution)) return solved;
  const model = opts.extraPoints ?? opts.floorPoints ?? opts.belowFloor;
  if (opts.save !== false && model === undefined) {
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
