import { NO_SETS, type RuleSet } from '@zilch/engine';
import { mercyRoll } from './mercy.ts';
import { UNIT } from './outcomes.ts';
import { kernelGain, turnKernel, type KernelState, type TurnKernel } from './turn-kernel.ts';

/** Settings of a turn solve. */
export interface TurnSolveOptions {
  /** Whether the player has banked before (opening minimum); default true. */
  readonly onBoard?: boolean;
  /** Points credited when the turn ends in a zilch (negative for a penalty); default 0. */
  readonly zilchValue?: number;
  /** Largest running total considered, in points: above it the player banks. */
  readonly capPoints?: number;
}

/** Default cap on the running total (points); the tests show the answer does not move above it. */
export const TURN_CAP_POINTS = 50_000;

/**
 * Hot Dice extensions double the total, so rolling pays at any total with a held set and the
 * value grows with the cap; the gap roughly halves each time the cap doubles (docs/solver.md).
 */
export const DOUBLING_CAP_POINTS = 400_000;

/** Bank threshold for a number of dice: the lowest total from which banking is always best. */
export interface Threshold {
  readonly dice: number;
  /** Points, or null when rolling stays better up to the cap. */
  readonly bankAt: number | null;
}

/**
 * The expected-points strategy of one turn. Values are expected points banked by the turn
 * (plus `zilchValue` on a zilch). Under a Ten Dice lock the state is the amount at risk
 * (total − locked): a zilch yields the lock, hot dice lock the total, so every value is
 * `locked + f(total − locked)` and one table serves every lock.
 */
export class TurnSolution {
  readonly rules: RuleSet;
  /** Cap in units of 50. */
  readonly cap: number;
  /** Bank minimum in units (opening minimum included when not on board). */
  readonly min: number;
  readonly zilchValue: number;
  readonly kernel: TurnKernel;
  /** Ten Dice lock: value of the decision right after hot dice (relative to the lock). */
  readonly afterHot: number;
  private readonly S: number;
  private readonly D: Float64Array;
  private readonly R: Float64Array;

  constructor(rules: RuleSet, opts: TurnSolveOptions = {}) {
    this.rules = rules;
    this.kernel = turnKernel(rules);
    this.S = this.kernel.states.length;
    this.cap = Math.floor(
      (opts.capPoints ?? (rules.hotDiceDoubling ? DOUBLING_CAP_POINTS : TURN_CAP_POINTS)) / UNIT,
    );
    const onBoard = opts.onBoard ?? true;
    this.min = Math.max(rules.bankMinimum, onBoard ? 0 : rules.openingMinimum) / UNIT;
    this.zilchValue = (opts.zilchValue ?? 0) / UNIT;
    this.D = new Float64Array((this.cap + 1) * this.S);
    this.R = new Float64Array((this.cap + 1) * this.S);
    let x = 0;
    if (rules.lockOnHotDice) {
      // The value after hot dice feeds back into itself; it is convex in its guess with
      // slope below one, so secant steps from below converge in a few sweeps.
      let prevX = 0;
      let prevF = this.sweep(0);
      x = prevF;
      for (let i = 0; i < 60; i++) {
        const f = this.sweep(x);
        if (Math.abs(f - x) < 1e-10) break;
        const slope = x !== prevX ? (f - prevF) / (x - prevX) : 0;
        const nx = slope < 1 && slope >= 0 ? x + (f - x) / (1 - slope) : f;
        prevX = x;
        prevF = f;
        x = nx;
      }
    } else this.sweep(0);
    this.afterHot = x;
  }

  /** One backward sweep over totals; returns the decision value right after hot dice. */
  private sweep(afterHot: number): number {
    const { S, cap } = this;
    const N = this.rules.dice;
    const lock = this.rules.lockOnHotDice;
    const states = this.kernel.states;
    for (let t = cap; t >= 0; t--) {
      for (let s = 0; s < S; s++) {
        const r = this.rollFrom(t, states[s]!, lock, afterHot);
        this.R[t * S + s] = r;
        this.D[t * S + s] = t >= this.min && t > r ? t : r;
      }
    }
    return this.D[this.kernel.index(N, 0)]!;
  }

  private rollFrom(t: number, st: KernelState, lock: boolean, afterHot: number): number {
    let v = st.zilch * this.zilchValue;
    const f = st.flat;
    if (f) {
      const { D, S, cap } = this;
      for (let i = 0; i < f.prob.length; i++) {
        let best = -Infinity;
        for (let j = f.start[i]!; j < f.start[i + 1]!; j++) {
          const nt = t + f.gain[j]!;
          const w = lock && f.hot[j] ? nt + afterHot : nt > cap ? nt : D[nt * S + f.next[j]!]!;
          if (w > best) best = w;
        }
        v += f.prob[i]! * best;
      }
      return v;
    }
    for (const out of st.outcomes) {
      let best = -Infinity;
      for (const o of out.options) {
        const nt = t + kernelGain(o, t);
        const w = lock && o.hot ? nt + afterHot : this.decideUnits(nt, o.next);
        if (w > best) best = w;
      }
      v += out.prob * best;
    }
    return v;
  }

  /** Decision value in units at total t (above the cap the player banks). */
  private decideUnits(t: number, s: number): number {
    return t > this.cap ? t : this.D[t * this.S + s]!;
  }

  private stateOf(dice: number, held: number, sets: readonly number[]): number {
    const s = this.kernel.index(dice, this.rules.hotDiceDoubling ? held : 0, sets);
    if (s < 0) throw new Error(`no turn state with ${dice} dice and held sets ${held}`);
    return s;
  }

  /**
   * Expected points of rolling now, from this running total (points) and dice, with the held
   * sets (Hot Dice: `held`; set doubling: their points, `sets`) and the Ten Dice lock.
   */
  roll(total: number, dice: number, held = 0, locked = 0, sets?: readonly number[]): number {
    const lock = this.rules.lockOnHotDice;
    const t = (total - (lock ? locked : 0)) / UNIT;
    const s = this.stateOf(dice, held, sets ?? NO_SETS);
    const r =
      Number.isInteger(t) && t <= this.cap
        ? this.R[t * this.S + s]!
        : this.rollFrom(t, this.kernel.states[s]!, lock, this.afterHot);
    return (lock ? locked : 0) + r * UNIT;
  }

  /** Expected points with the choice to bank or roll (after a keep). */
  decide(total: number, dice: number, held = 0, locked = 0, sets?: readonly number[]): number {
    const r = this.roll(total, dice, held, locked, sets);
    const mayBank = (total - (this.rules.lockOnHotDice ? locked : 0)) / UNIT >= this.min;
    return mayBank ? Math.max(total, r) : r;
  }

  /**
   * Expected points of a fresh turn's first roll. With first-roll mercy its zilch is worth
   * the mercy points and a roll of every die (the mercy zilch is no zilch: no zilch value).
   */
  firstRoll(): number {
    const N = this.rules.dice;
    const roll = (total: number): number => this.roll(total, N);
    const start = this.kernel.states[this.kernel.index(N, 0)]!;
    return mercyRoll(this.rules, roll, start.zilch, this.zilchValue * UNIT);
  }

  /** Expected points of a fresh turn. */
  get expectedTurn(): number {
    return this.firstRoll();
  }

  /** Per number of dice (nothing held): the lowest total from which banking is always best. */
  thresholds(): Threshold[] {
    const out: Threshold[] = [];
    for (let n = 1; n <= this.rules.dice; n++) {
      const s = this.kernel.index(n, 0);
      let at: number | null = null;
      for (let t = this.cap; t >= Math.ceil(this.min); t--) {
        if (this.R[t * this.S + s]! > t) break;
        at = t;
      }
      out.push({ dice: n, bankAt: at === null ? null : at * UNIT });
    }
    return out;
  }
}

const cache = new Map<string, TurnSolution>();
const byObject = new WeakMap<RuleSet, Map<string, TurnSolution>>();

/** The (memoised) expected-points turn solution for a rule set. */
export function solveTurn(rules: RuleSet, opts: TurnSolveOptions = {}): TurnSolution {
  const optsId = JSON.stringify([opts.onBoard ?? true, opts.zilchValue ?? 0, opts.capPoints]);
  let local = byObject.get(rules);
  const hit = local?.get(optsId);
  if (hit) return hit;
  const id = JSON.stringify(rules) + optsId;
  let s = cache.get(id);
  if (!s) {
    s = new TurnSolution(rules, opts);
    if (cache.size > 32) cache.delete(cache.keys().next().value as string);
    cache.set(id, s);
  }
  if (!local) byObject.set(rules, (local = new Map()));
  local.set(optsId, s);
  return s;
}
