/**
 * Two-player solutions kept in this process's memory, and the `SolutionSource` seam through
 * which the advisor and bots get them. Pure: the disk cache is an added source
 * (`diskSolutions` in `@zilch/strategy/node`).
 */
import type { RuleSet } from '@zilch/engine';
import { solveTwoPlayer } from './two-player.ts';
import { TwoPlayerSolution } from './two-player-solution.ts';
import type { DoublingFinalValues } from './doubling.ts';

/** Where the advisor and its bots get two-player solutions. */
export interface SolutionSource {
  /**
   * The solution of a rule set if one is at hand, else null; with `solve`, one solved now
   * (blocking) when none is. Null as well for rule sets the solver does not model.
   */
  solution(rules: RuleSet, solve: boolean): TwoPlayerSolution | null;
}

// Up to four solutions stay in memory (a full preset is at most about 100 MB compact).
const MAX_IN_MEMORY = 4;
const memory = new Map<string, TwoPlayerSolution>();
// Solutions shared by every thread of the process (read once into shared memory): never
// dropped, not counted among the four.
const pinned = new Map<string, TwoPlayerSolution>();

// Rule sets are treated as immutable values (the engine never changes one), so a rule-set
// object remembers its id: a decision then serialises nothing, just two map lookups.
const ids = new WeakMap<RuleSet, string>();

function idOf(rules: RuleSet): string {
  let id = ids.get(rules);
  if (id === undefined) ids.set(rules, (id = JSON.stringify(rules)));
  return id;
}

/** A solution already in this process's memory, or null. */
export function solutionInMemory(rules: RuleSet): TwoPlayerSolution | null {
  const id = idOf(rules);
  return pinned.get(id) ?? memory.get(id) ?? null;
}

/** Keeps a solution in memory for good: no forgetting or clearing drops it. */
export function pinSolution(sol: TwoPlayerSolution): void {
  const id = idOf(sol.rules);
  memory.delete(id);
  pinned.set(id, sol);
}

/** Whether the solution of a rule set is pinned (shared by the whole process, held outside any budget). */
export function solutionPinned(rules: RuleSet): boolean {
  return pinned.has(idOf(rules));
}

/** Keeps a solution in memory, dropping the oldest beyond four. */
export function rememberSolution(sol: TwoPlayerSolution): void {
  const id = idOf(sol.rules);
  if (pinned.has(id)) return;
  if (!memory.has(id) && memory.size >= MAX_IN_MEMORY) drop(memory.keys().next().value as string);
  memory.set(id, sol);
}

/** Drops one rule set's solution from memory (a disk cache stays), so a caller can keep memory within a budget. */
export function forgetSolution(rules: RuleSet): void {
  drop(idOf(rules));
}

// The advisor's cached pair values of a dropped solution go with it.
function drop(id: string): void {
  memory.get(id)?.forgetRolls();
  memory.delete(id);
}

/** Drops every solution kept in memory but the pinned ones (a disk cache stays); frees memory, helps tests. */
export function clearSolutionMemory(): void {
  for (const id of [...memory.keys()]) drop(id);
}

/** Wraps a solved store (from disk or a worker; 32-bit with its exact fresh values) and keeps it in memory. */
export function adoptSolution(
  rules: RuleSet,
  store: Float64Array | Float32Array,
  info: {
    extraPoints: number;
    states: number;
    seconds: number;
    finals?: DoublingFinalValues | undefined;
  },
  freshValues: Float64Array | null = null,
): TwoPlayerSolution {
  const sol = new TwoPlayerSolution(rules, Math.round(info.extraPoints / 50), store, freshValues);
  if (info.finals) sol.dfinal?.learn(info.finals);
  sol.states = info.states;
  sol.seconds = info.seconds;
  rememberSolution(sol);
  return sol;
}

/** Solutions from memory only; asked to solve, it solves in this thread and remembers. */
export const memorySolutions: SolutionSource = {
  solution(rules, solve) {
    const hit = solutionInMemory(rules);
    if (hit || !solve) return hit;
    const solved = solveTwoPlayer(rules);
    if (!(solved instanceof TwoPlayerSolution)) return null;
    // Kept as the cache keeps it, so a process answers alike whether it solved or loaded.
    const sol = solved.compact();
    rememberSolution(sol);
    return sol;
  },
};
