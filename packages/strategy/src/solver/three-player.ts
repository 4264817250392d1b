import type { RuleSet } from '@zilch/engine';
import { FinalRound3 } from './final-round3.ts';
import { flatGroups, type FlatGroups } from './groups-flat.ts';
import { UNIT } from './outcomes.ts';
import { sweepAt, sweepTurn, TIE_EPS, turnSweep, type TurnSweep } from './turn-sweep.ts';
import { twoPlayerUnsupported, type SolverError } from './two-player.ts';

/** Settings of a three-player solve. */
export interface ThreePlayerOptions {
  /** Running total (points) above which a player banks; default target + 1,000. */
  readonly capPoints?: number;
  /** Largest change of any value that ends the iteration over a zilch cycle. */
  readonly tolerance?: number;
}

/**
 * Exact three-player play for small targets: the yardstick for the 3+ player bot.
 *
 * Solution concept: with three players the game is not zero-sum, so "optimal" means an
 * equilibrium. Each player maximises their own share of the win (a tie shares it); the
 * solution is a stationary subgame-perfect equilibrium in pure strategies, with a fixed
 * tie-break for options equal in the mover's own value (`TIE_EPS`: bank before roll, keeps
 * with most points first, fresh before inherit). Scores only rise, so score triples are
 * solved in order of decreasing sum; the only cycles are zilches, which rotate a triple
 * (a, b, c) → (b, c, a) → (c, a, b) → (a, b, c): each such class is solved by value iteration
 * (sweep each member's turn with the zilch value of its successor, repeat) until no value
 * moves by more than `tolerance`. Each player's own value is a contraction (a cycle needs
 * three zilches in a row), and the iteration is checked to settle; the fixed point is an
 * equilibrium because every decision is a best reply to the values it reads (one-shot
 * deviations gain nothing in a game that ends with probability 1).
 *
 * Values are vectors [mover, next, the one after]; they add up to 1.
 */
export class ThreePlayerSolution {
  readonly rules: RuleSet;
  readonly T: number;
  readonly N: number;
  /** Cap on the running total, in units. */
  readonly cap: number;
  readonly groups: FlatGroups;
  readonly final: FinalRound3 | null;
  /** Roll values R(a, b, c, t, n) for t ≤ c, 3 values each; triple offsets in `base`. */
  private readonly store: Float64Array;
  private readonly base: Int32Array;
  /** Sweeps made, and the most iterations any zilch cycle needed. */
  sweeps = 0;
  maxIterations = 0;
  /**
   * Classes where best-response iteration cycles: their fresh values are the average over
   * the iteration (a mixture of the policies it cycles through). `own`: how far the last
   * sweep's own value of the mover still was from the average (the mover's values are
   * continuous, so this shrinks); `spread`: the largest such gap of any value (the others'
   * shares jump with the mover's policy, so this measures how much the mixture matters).
   */
  readonly mixed: { scores: [number, number, number]; spread: number; own: number }[] = [];
  seconds = 0;

  constructor(rules: RuleSet, cap: number) {
    this.rules = rules;
    this.T = rules.target / UNIT;
    this.N = rules.dice;
    this.cap = cap;
    this.groups = flatGroups(rules);
    this.final =
      rules.end === 'final-round'
        ? new FinalRound3(this.groups, cap, (n) => this.offerDice(n))
        : null;
    const { T, N } = this;
    this.base = new Int32Array(T * T * T + 1);
    let size = 0;
    for (let i = 0; i < T * T * T; i++) {
      this.base[i] = size;
      size += ((i % T) + 1) * N * 3;
    }
    this.base[T * T * T] = size;
    this.store = new Float64Array(size);
  }

  /** Index of R(a, b, c, t, n) (t ≤ c). */
  at(a: number, b: number, c: number, t: number, n: number): number {
    const { T, N } = this;
    return this.base[(a * T + b) * T + c]! + (t * N + n - 1) * 3;
  }

  /** Smallest bank in units for a player with this score. */
  minFor(score: number): number {
    const r = this.rules;
    return Math.max(r.bankMinimum, score === 0 ? r.openingMinimum : 0) / UNIT;
  }

  /** Dice a bank with n dice available offers (0: no offer). */
  offerDice(n: number): number {
    const o = this.rules.offers;
    return o && (o.afterHotDice || n < this.N) ? n : 0;
  }

  /** Values [mover, next, after] of a fresh turn at scores (a, b, c) in turn order. */
  fresh(a: number, b: number, c: number): [number, number, number] {
    const i = this.at(a, b, c, 0, this.N);
    return [this.store[i]!, this.store[i + 1]!, this.store[i + 2]!];
  }

  /** Values of choosing between a fresh start and an offer (t, n; n = 0: none), into out. */
  choose(a: number, b: number, c: number, t: number, n: number, out: number[]): void {
    const f = this.at(a, b, c, 0, this.N);
    let i = f;
    if (n > 0) {
      const j = this.at(a, b, c, t, n);
      if (this.store[j]! > this.store[f]! + TIE_EPS) i = j;
    }
    out[0] = this.store[i]!;
    out[1] = this.store[i + 1]!;
    out[2] = this.store[i + 2]!;
  }

  /** Values [mover, next, after] of banking t units with n dice at (a, b, c), into out. */
  bankValue(a: number, b: number, c: number, t: number, n: number, out: number[]): void {
    const ap = a + t;
    const on = this.offerDice(n);
    if (ap >= this.T) {
      if (!this.final) {
        [out[0], out[1], out[2]] = [1, 0, 0];
        return;
      }
      this.final.value(ap - b, ap - c, this.minFor(b), this.minFor(c), t, on, out);
      return;
    }
    const w = this.scratch;
    this.choose(b, c, ap, t, on, w);
    [out[0], out[1], out[2]] = [w[2]!, w[0]!, w[1]!];
  }
  private readonly scratch: number[] = [0, 0, 0];

  private readonly turns = new Map<number, TurnSweep>();

  /**
   * The whole turn table of the player on turn at (a, b, c): values [mover, next, after] of
   * every total and dice count (the store keeps only totals an offer can carry). One sweep
   * with the solved zilch value; kept for later calls.
   */
  turn(a: number, b: number, c: number): TurnSweep {
    const id = (a * this.T + b) * this.T + c;
    let s = this.turns.get(id);
    if (s) return s;
    s = turnSweep(this.groups, 3, this.cap);
    this.fillBanks(s, a, b, c);
    const z = this.fresh(b, c, a);
    [s.zilch[0], s.zilch[1], s.zilch[2]] = [z[2], z[0], z[1]];
    sweepTurn(this.groups, s, this.cap, this.minFor(a));
    if (this.turns.size >= 4096) this.turns.delete(this.turns.keys().next().value as number);
    this.turns.set(id, s);
    return s;
  }

  private fillBanks(s: TurnSweep, a: number, b: number, c: number): void {
    const { N } = this;
    const v: number[] = [0, 0, 0];
    const rows = this.cap + this.groups.maxGain + 1;
    for (let t = 1; t < rows; t++)
      for (let n = 1; n <= N; n++) {
        this.bankValue(a, b, c, t, n, v);
        const at = sweepAt(s, N, t, n);
        [s.bank[at], s.bank[at + 1], s.bank[at + 2]] = [v[0]!, v[1]!, v[2]!];
      }
  }

  /** Solves every triple, highest score sum first. */
  solve(tolerance: number): void {
    const started = performance.now();
    const { T } = this;
    const sweeps = [0, 1, 2].map(() => turnSweep(this.groups, 3, this.cap));
    for (let sum = 3 * (T - 1); sum >= 0; sum--)
      for (let a = Math.min(T - 1, sum); a >= 0; a--)
        for (let b = Math.min(T - 1, sum - a); b >= 0; b--) {
          const c = sum - a - b;
          if (c >= T) continue;
          // One representative per rotation class: the lexicographically largest member.
          if (cmp([b, c, a], [a, b, c]) > 0 || cmp([c, a, b], [a, b, c]) > 0) continue;
          const members: [number, number, number][] = [[a, b, c]];
          if (!(a === b && b === c)) members.push([b, c, a], [c, a, b]);
          this.solveClass(members, sweeps, tolerance);
        }
    this.seconds = (performance.now() - started) / 1000;
  }

  private solveClass(members: [number, number, number][], sweeps: TurnSweep[], tol: number): void {
    const { N } = this;
    members.forEach(([a, b, c], m) => {
      this.fillBanks(sweeps[m]!, a, b, c);
      const i = this.at(a, b, c, 0, N);
      [this.store[i], this.store[i + 1], this.store[i + 2]] = [1 / 3, 1 / 3, 1 / 3];
    });
    // Best-response iteration; a class where it cycles (no pure stationary equilibrium is
    // reached) switches to averaging the values each sweep reads (fictitious play).
    const avg = members.map(([a, b, c]) => this.fresh(a, b, c));
    for (let iter = 1; ; iter++) {
      const averaging = iter > PURE_ITERATIONS;
      let moved = 0;
      let ownMoved = 0;
      members.forEach(([a, b, c], m) => {
        const s = sweeps[m]!;
        const next = avg[(m + 1) % members.length]!;
        [s.zilch[0], s.zilch[1], s.zilch[2]] = [next[2], next[0], next[1]];
        sweepTurn(this.groups, s, this.cap, this.minFor(a));
        this.sweeps++;
        const f = sweepAt(s, N, 0, N);
        const i = this.at(a, b, c, 0, N);
        const mine = avg[m]!;
        const w = averaging ? 1 / (iter - PURE_ITERATIONS + 1) : 1;
        for (let k = 0; k < 3; k++) {
          const d = Math.abs(mine[k]! - s.R[f + k]!);
          moved = Math.max(moved, d);
          if (k === 0) ownMoved = Math.max(ownMoved, d);
          mine[k] += w * (s.R[f + k]! - mine[k]!);
          this.store[i + k] = mine[k]!;
        }
      });
      if (moved <= tol) {
        this.maxIterations = Math.max(this.maxIterations, iter);
        break;
      }
      if (averaging && iter >= PURE_ITERATIONS + AVERAGING_ITERATIONS) {
        this.mixed.push({ scores: members[0]!, spread: moved, own: ownMoved });
        break;
      }
    }
    // Keep the roll values of every total an offer can carry into these triples.
    members.forEach(([a, b, c], m) => {
      const s = sweeps[m]!;
      const from = sweepAt(s, N, 0, 1);
      // Row 0 with all dice is the fresh start, averaged in a cycling class.
      const to = sweepAt(s, N, c, N) + 3;
      const fresh = this.fresh(a, b, c);
      this.store.set(s.R.subarray(from, to), this.at(a, b, c, 0, 1));
      this.store.set(fresh, this.at(a, b, c, 0, N));
    });
  }
}

/** Pure best-response iterations before a class is taken to cycle, and averaging ones after. */
const PURE_ITERATIONS = 300;
const AVERAGING_ITERATIONS = 1000;

function cmp(x: number[], y: number[]): number {
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** Solves a rule set for three players exactly (small targets), or says why it cannot. */
export function solveThreePlayer(
  rules: RuleSet,
  opts: ThreePlayerOptions = {},
): ThreePlayerSolution | SolverError {
  const why = twoPlayerUnsupported(rules);
  if (why) return { code: why.code, message: why.message.replace('two-player', 'three-player') };
  // Its turn tables hold no held sets (the two-player solver's doubling columns are not here).
  if (rules.hotDiceDoubling)
    return {
      code: 'UNSUPPORTED_RULES',
      message: 'The three-player solver does not handle Hot Dice extensions.',
    };
  // Nor zilch streaks and scores below zero (the two-player solver's penalty state).
  if (rules.zilchPenalty)
    return {
      code: 'UNSUPPORTED_RULES',
      message: 'The three-player solver does not handle a zilch penalty.',
    };
  if (rules.target % UNIT !== 0 || rules.bankMinimum % UNIT || rules.openingMinimum % UNIT)
    return { code: 'UNSUPPORTED_RULES', message: 'The three-player solver needs multiples of 50.' };
  const cap = (opts.capPoints ?? rules.target + 1000) / UNIT;
  if (
    !Number.isInteger(cap) ||
    cap * UNIT < Math.max(rules.target, rules.bankMinimum, rules.openingMinimum)
  )
    return {
      code: 'UNSUPPORTED_RULES',
      message: 'The cap must be a multiple of 50 at or above the target and the minimums.',
    };
  const sol = new ThreePlayerSolution(rules, cap);
  sol.solve(opts.tolerance ?? 1e-15);
  return sol;
}
