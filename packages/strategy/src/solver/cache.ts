import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { RuleSet } from '@zilch/engine';
import {
  solveTwoPlayer,
  TWO_PLAYER_EXTRA_POINTS,
  TWO_PLAYER_VERSION,
  TwoPlayerSolution,
  type SolverError,
  type TwoPlayerOptions,
} from './two-player.ts';

/** Where solutions are cached: the given directory, $ZILCH_CACHE_DIR, or ~/.cache/zilch. */
export function cacheDir(dir?: string): string {
  return dir ?? process.env.ZILCH_CACHE_DIR ?? join(homedir(), '.cache', 'zilch');
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

const memory = new Map<string, TwoPlayerSolution>();

/** Drops every solution kept in memory (the disk cache stays); frees memory, helps tests. */
export function clearSolutionMemory(): void {
  memory.clear();
}

/** A solution already in this process's memory, or null (no hashing for a known rule set). */
export function solutionInMemory(rules: RuleSet): TwoPlayerSolution | null {
  return memory.get(solutionKey(rules)) ?? null;
}

function basePath(rules: RuleSet, dir?: string): string {
  return join(cacheDir(dir), `two-player-${solutionKey(rules)}`);
}

/** Whether a solution is in memory or its files are in the cache directory. */
export function solutionAvailable(rules: RuleSet, dir?: string): boolean {
  if (solutionInMemory(rules)) return true;
  const base = basePath(rules, dir);
  return existsSync(`${base}.json`) && existsSync(`${base}.f64`);
}

/** A cached solution from memory or disk, or null. */
export function loadTwoPlayer(rules: RuleSet, dir?: string): TwoPlayerSolution | null {
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
  dir?: string,
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

/** Wraps a solved store (from disk or a worker) and keeps it in memory. */
export function adoptSolution(
  rules: RuleSet,
  store: Float64Array,
  info: { extraPoints: number; states: number; seconds: number },
): TwoPlayerSolution {
  const sol = new TwoPlayerSolution(rules, Math.round(info.extraPoints / 50), store);
  sol.states = info.states;
  sol.seconds = info.seconds;
  remember(rules, sol);
  return sol;
}

/** Writes a solution to the cache (atomically: a temporary file, then a rename). */
export function saveTwoPlayer(sol: TwoPlayerSolution, dir?: string): void {
  const d = cacheDir(dir);
  mkdirSync(d, { recursive: true });
  const key = solutionKey(sol.rules);
  const base = join(d, `two-player-${key}`);
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
  remember(sol.rules, sol);
}

// Up to four solutions stay in memory (a full preset is about 200 MB).
function remember(rules: RuleSet, sol: TwoPlayerSolution): void {
  const key = solutionKey(rules);
  if (!memory.has(key) && memory.size >= 4) memory.delete(memory.keys().next().value as string);
  memory.set(key, sol);
}

/** The two-player solution of a rule set: from memory, from disk, or solved now and cached. */
export function twoPlayerSolution(
  rules: RuleSet,
  opts: TwoPlayerOptions & { dir?: string; save?: boolean } = {},
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
      remember(rules, sol);
    }
  } else remember(rules, sol);
  return sol;
}

/** Rough number of table states a solve evaluates, to judge whether it is quick. */
export function estimatedStates(rules: RuleSet): number {
  const T = rules.target / 50;
  return T * T * (T / 2 + 40) * rules.dice * 1.3;
}
