import type { RuleSet } from '@zilch/engine';
import { DoublingTable } from './doubling.ts';
import { UNIT } from './outcomes.ts';
import { RecordTable } from './pair-record.ts';
import { PairTable } from './pair-table.ts';
import { penaltyShape, solvePenaltyPairs } from './penalty.ts';
import { storeSize, TwoPlayerSolution } from './two-player-solution.ts';

/** Bumped whenever the solver's results could change; part of the cache key. */
export const TWO_PLAYER_VERSION = 3;

/** Default room above the target for the running total (points) in final-round games. */
export const TWO_PLAYER_EXTRA_POINTS = 5_000;

/**
 * Under Hot Dice doubling: room above the target for the score a bank reaches (points). The
 * running total has no bound there, so a keep past the ceiling leaves the score at it.
 */
export const DOUBLING_EXTRA_POINTS = 10_000;

/** Why a rule set has no two-player solution. */
export interface SolverError {
  readonly code: 'UNSUPPORTED_RULES' | 'BAD_START';
  readonly message: string;
}

/** Settings of a two-player solve. */
export interface TwoPlayerOptions {
  /** Room above the target for the running total (points); above it the player banks. */
  readonly extraPoints?: number;
  /** Called now and then with the fraction done (0..1). */
  readonly onProgress?: (done: number) => void;
  /** Always sweep whole tables (no moving along slopes); for checking the shortcut. */
  readonly fullSweeps?: boolean;
  /** Under a zilch penalty: the score floor (points below zero; see penalty.ts). */
  readonly floorPoints?: number;
  /** Under a zilch penalty: a penalty below the floor is a loss (0, default) or a win (1). */
  readonly belowFloor?: number;
}

/**
 * What the advised bots and the coach do with a rule set the two-player solver refuses:
 * expected points per turn, and last turns solved exactly for the win (advisor/last-turn.ts).
 */
export const UNSUPPORTED_INSTEAD =
  'The optimal bot plays like expected: the most points per turn on average, and the last turn of the game solved exactly for the chance to win (every final-round turn plays to beat the leader). The coach shows expected points, and win chances on those turns.';

/**
 * Why the two-player solver cannot take a rule set, or null when it can. It values a tie as
 * half a win and a game as a race to the target, so a tie-break play-off or a fixed number of
 * rounds would get wrong values; house rules that only change scoring (sets kept whole, the
 * bonus floor, six of a kind as two triplets) reach it through the scoring table and are exact.
 * Its roll tables have no held sets and value every zilch alike, so growing sets and
 * first-roll mercy are refused too (the turn and last-turn solvers take both exactly).
 */
export function twoPlayerUnsupported(rules: RuleSet): SolverError | null {
  const why =
    rules.hotDiceDoubling && rules.offers
      ? 'Hot Dice extensions with offers'
      : rules.lockOnHotDice
        ? 'the Ten Dice lock'
        : rules.zilchPenalty &&
            (rules.offers || rules.hotDiceDoubling || rules.openingMinimum > rules.bankMinimum)
          ? 'a zilch penalty together with offers, Hot Dice doubling or an opening minimum'
          : rules.ties !== 'share'
            ? 'a tie-break play-off'
            : rules.rounds
              ? 'a fixed number of rounds'
              : rules.setDoubling
                ? 'growing sets (set doubling)'
                : rules.firstRollMercy
                  ? 'first-roll mercy'
                  : null;
  return why
    ? {
        code: 'UNSUPPORTED_RULES',
        message: `The two-player solver does not handle ${why}; use the expected-points advice.`,
      }
    : null;
}
/**
 * Solves a rule set for two players. Pairs of scores are taken in order of decreasing sum:
 * a bank raises the sum, so everything a pair needs is known except the zilch cycle
 * between (a, b) and (b, a): a fixed point x = f(1 − y), y = g(1 − x) of convex
 * piecewise-linear functions. One sweep at a guess gives values and slopes; a Newton step
 * gives the fixed point, and if no decision of the sweep was closer than the step moves z
 * (slopes lie in [0, 1]), the policy cannot change, so the values are exact after moving
 * along their slopes. Otherwise another sweep is made at the new point.
 */
export function solveTwoPlayer(
  rules: RuleSet,
  opts: TwoPlayerOptions = {},
): TwoPlayerSolution | SolverError {
  const started = performance.now();
  const sol = newSolve(rules, opts);
  if (!(sol instanceof TwoPlayerSolution)) return sol;
  const pen = sol.pen;
  if (pen) {
    const stats = solvePenaltyPairs(sol, penaltyTables(sol), opts);
    sol.passes = stats.passes;
    sol.penaltyStats = stats;
    sol.seconds = (performance.now() - started) / 1000;
    return sol;
  }
  const [A, B] = solveTables(sol);
  const T = sol.T;
  const totalPairs = T * T;
  let donePairs = 0;
  let lastReport = 0;
  for (let s = 2 * T - 2; s >= 0; s--) {
    const [lo, hi] = pairsOfSum(T, s);
    for (let a = lo; a <= hi; a++) {
      solvePair(sol, a, s - a, A, B);
      donePairs += a === s - a ? 1 : 2;
    }
    if (opts.onProgress && donePairs - lastReport > totalPairs / 200) {
      lastReport = donePairs;
      opts.onProgress(donePairs / totalPairs);
    }
  }
  opts.onProgress?.(1);
  sol.seconds = (performance.now() - started) / 1000;
  return sol;
}

/**
 * An empty solution of `rules` to solve into (its store made by `alloc` when given, so that
 * threads can fill one store), or why the rules have none.
 */
export function newSolve(
  rules: RuleSet,
  opts: TwoPlayerOptions = {},
  alloc: ((size: number) => Float64Array) | null = null,
): TwoPlayerSolution | SolverError {
  const bad = twoPlayerUnsupported(rules);
  if (bad) return bad;
  const extra = rules.hotDiceDoubling ? DOUBLING_EXTRA_POINTS : TWO_PLAYER_EXTRA_POINTS;
  const E = Math.round((opts.extraPoints ?? extra) / UNIT);
  const pen = penaltyShape(rules, opts.floorPoints, opts.belowFloor);
  const store = alloc ? alloc(storeSize(rules, pen)) : null;
  const sol = new TwoPlayerSolution(rules, E, store, null, pen);
  sol.fullSweeps = opts.fullSweeps === true;
  return sol;
}

/**
 * The first and last `a` of the pairs (a, s − a), a ≤ s − a, whose scores add up to `s`. No
 * pair needs another of its own sum (a bank raises the sum; the zilch cycle stays in the
 * pair), so these may be solved in any order, or at once.
 */
export function pairsOfSum(T: number, s: number): [number, number] {
  return [Math.max(0, s - T + 1), Math.min(T - 1, s >> 1)];
}

/** Under a zilch penalty: the tables a pair is solved in, one per orientation and opponent's streak. */
export function penaltyTables(sol: TwoPlayerSolution): RecordTable[] {
  const rows = sol.top(sol.lowest()) + sol.groups.maxGain + 2;
  return Array.from({ length: 2 * (sol.pen?.Z ?? 0) }, () => new RecordTable(sol, rows));
}

/** The two tables a pair is solved in (reused from pair to pair). */
export function solveTables(sol: TwoPlayerSolution): [SolveTable, SolveTable] {
  const g = sol.dgroups;
  const rows = sol.top(sol.lowest()) + sol.groups.maxGain + 2;
  const table = (): SolveTable =>
    g ? new DoublingTable(sol, g, sol.doublingRows()) : new PairTable(sol, rows);
  return [table(), table()];
}

/** The zilch cycle is solved once both fresh values move by less than this. */
const TOL = 1e-13;

/** What the pair solve needs of a table: bank values, sweeps at a zilch value, roll values. */
export interface SolveTable {
  readonly z: number;
  readonly f: number;
  readonly fp: number;
  setup(a: number, b: number): void;
  sweep(z: number): void;
  settle(z: number): void;
  roll(t: number, n: number): number;
}

/**
 * Solves the pair (a, b) and (b, a), a ≤ b, into the store: everything it reads has a higher
 * sum of scores, or is its own.
 */
export function solvePair(
  sol: TwoPlayerSolution,
  a: number,
  b: number,
  A: SolveTable,
  B: SolveTable,
): void {
  A.setup(a, b);
  let x = guess(sol, a, b);
  if (a === b) {
    A.sweep(1 - x);
    // x = f(1 − x): Newton on the tangent f(z) ≈ A.f + A.fp (z − A.z).
    for (let it = 0; it < 50 && Math.abs(A.f - x) >= TOL; it++) {
      x = (A.f + A.fp * (1 - A.z)) / (1 + A.fp);
      A.settle(1 - x);
    }
    keep(sol, a, b, A);
    return;
  }
  B.setup(b, a);
  let y = guess(sol, b, a);
  A.sweep(1 - y);
  B.sweep(1 - x);
  for (let it = 0; it < 50; it++) {
    if (Math.abs(A.f - x) < TOL && Math.abs(B.f - y) < TOL) break;
    // x = fA + fA'(1 − y − zA), y = fB + fB'(1 − x − zB), solved together.
    const cA = A.f + A.fp * (1 - A.z);
    const cB = B.f + B.fp * (1 - B.z);
    x = (cA - A.fp * cB) / (1 - A.fp * B.fp);
    y = cB - B.fp * x;
    A.settle(1 - y);
    B.settle(1 - x);
  }
  keep(sol, a, b, A);
  keep(sol, b, a, B);
}

/** A starting guess for the fresh value of (a, b) from solved neighbours. */
function guess(sol: TwoPlayerSolution, a: number, b: number): number {
  const T = sol.T;
  if (a + 1 < T && b + 1 < T)
    return sol.fresh(a + 1, b) + sol.fresh(a, b + 1) - sol.fresh(a + 1, b + 1);
  if (b + 1 < T) return sol.fresh(a, b + 1);
  if (a + 1 < T) return sol.fresh(a + 1, b);
  return 0.5;
}

/** Copies the roll values an offer can reach (t ≤ b) into the store. */
function keep(sol: TwoPlayerSolution, a: number, b: number, tab: SolveTable): void {
  const N = sol.N;
  if (!sol.withOffers) {
    sol.store[sol.at(a, b, 0, N)] = tab.roll(0, N);
    return;
  }
  const at = sol.at(a, b, 0, 1);
  for (let t = 0; t <= b; t++)
    for (let n = 1; n <= N; n++) sol.store[at + t * N + n - 1] = tab.roll(t, n);
}

/**
 * Whether a solve of these rules may start on demand (a bot or the coach asking): not the
 * zilch penalty's beyond a small target (about half an hour of CPU at the full target); their
 * solutions are used once `zilch solve` has cached them.
 */
export function solvesOnDemand(rules: RuleSet): boolean {
  return !rules.zilchPenalty || estimatedStates(rules) <= PENALTY_ON_DEMAND_STATES;
}

/** Largest penalty solve started on demand: about a minute of CPU. */
const PENALTY_ON_DEMAND_STATES = 100e6;

/** Rough number of table states a solve evaluates, to judge whether it is quick. */
export function estimatedStates(rules: RuleSet): number {
  const T = rules.target / 50;
  const pen = penaltyShape(rules);
  if (pen) {
    // Every pair of scores from the floor, Z² streaks, rows up to the room above the target,
    // about 2.75 full passes' worth of table sweeps (policy iteration; measured: docs/solver.md).
    const rows = T / 2 + pen.L + (rules.end === 'final-round' ? TWO_PLAYER_EXTRA_POINTS / 50 : 0);
    return pen.W * pen.W * pen.Z * pen.Z * rows * rules.dice * 2.75;
  }
  // Under doubling a table has a row per total up to the ceiling and a column per held set,
  // and the opponent's last turns (final round) cost about half a minute whatever the target:
  // counted as 40 M states, so `auto` never starts such a solve on its own.
  if (rules.hotDiceDoubling)
    return rules.end === 'final-round'
      ? T * T * (T / 2 + DOUBLING_EXTRA_POINTS / 50) * 30 + 40e6
      : T * T * (T / 2) * 30;
  return T * T * (T / 2 + 40) * rules.dice * 1.3;
}
