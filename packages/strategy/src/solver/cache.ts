import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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
  const h = createHash('sha256');
  h.update(JSON.stringify({ rules, v: TWO_PLAYER_VERSION, extraPoints }));
  return h.digest('hex').slice(0, 24);
}

interface Header {
  version: number;
  key: string;
  extraPoints: number;
  length: number;
  states: number;
  seconds: number;
}

const memory = new Map<string, TwoPlayerSolution>();

/** A cached solution from memory or disk, or null. */
export function loadTwoPlayer(rules: RuleSet, dir?: string): TwoPlayerSolution | null {
  const key = solutionKey(rules);
  const hit = memory.get(key);
  if (hit) return hit;
  const base = join(cacheDir(dir), `two-player-${key}`);
  let header: Header;
  let bytes: Buffer;
  try {
    header = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as Header;
    bytes = readFileSync(`${base}.f64`);
  } catch {
    return null;
  }
  if (header.version !== TWO_PLAYER_VERSION || header.key !== key) return null;
  if (bytes.byteLength !== header.length * 8) return null;
  const store = new Float64Array(bytes.buffer, bytes.byteOffset, header.length);
  const sol = new TwoPlayerSolution(rules, Math.round(header.extraPoints / 50), store);
  sol.states = header.states;
  sol.seconds = header.seconds;
  remember(key, sol);
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
  remember(key, sol);
}

function remember(key: string, sol: TwoPlayerSolution): void {
  if (memory.size >= 4) memory.delete(memory.keys().next().value as string);
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
      remember(solutionKey(rules), sol);
    }
  } else remember(solutionKey(rules), sol);
  return sol;
}

/** Rough number of table states a solve evaluates, to judge whether it is quick. */
export function estimatedStates(rules: RuleSet): number {
  const T = rules.target / 50;
  return T * T * (T / 2 + 40) * rules.dice * 1.3;
}
