import { NO_SETS, type RuleSet } from '@zilch/engine';
import { doublingGroups, totalAfter, type DoublingGroups } from './doubling-groups.ts';
import { mercyRoll } from './mercy.ts';
import { UNIT } from './outcomes.ts';
import { kernelGain, turnKernel, type TurnKernel } from './turn-kernel.ts';

/**
 * What a last turn is played for, in units of 50 relative to the player's score at the start
 * of the turn. Only the final score matters, so it is the share of the win the final score
 * earns: 1 from `win` up, `tieShare` exactly one unit below (tied with the best other score),
 * nothing below that.
 */
export interface LastTurnGoal {
  /** Smallest running total whose bank beats every other score. */
  readonly win: number;
  /** Share of the win for a bank one unit below `win` (a tie; 0 when it cannot be a tie). */
  readonly tieShare: number;
  /** Smallest running total the player may bank (the minimums that apply). */
  readonly min: number;
  /** Share of the win when the turn ends in a zilch with nothing locked (penalty included). */
  readonly zilchShare: number;
}

/**
 * Lock classes under the Ten Dice lock: what a zilch is worth once hot dice has locked the
 * running total. A lock that beats every score is worth 1 everywhere, so it needs no table.
 */
const FREE = 0;
const LOCK_LOSES = 1;
const LOCK_TIES = 2;

/**
 * The exact value (expected share of the win) of every position of a last turn: the running
 * total t, the dice to roll and the held sets (Hot Dice), and under the Ten Dice lock the
 * class of the locked amount. One backward sweep over totals from the first total that wins
 * on a bank; options come from the engine's scoring table through the turn kernel, so every
 * rule of the rule set (doubling, lock, nothing bonus, minimums) is in it.
 */
export class LastTurn implements LastTurnValues {
  readonly goal: LastTurnGoal;
  /** Totals from `cap` up win on a bank (or are worth 1 anyway). */
  readonly cap: number;
  private readonly kernel: TurnKernel;
  private readonly N: number;
  private readonly lock: boolean;
  private readonly doubling: boolean;
  private readonly S: number;
  /** The flat grouped kernel under doubling without a lock (the fast path), else null. */
  private readonly dg: DoublingGroups | null;
  /** Decision (after a keep) and roll values per class, row t = total, column = kernel state. */
  private readonly D: Float64Array[];
  private readonly R: Float64Array[];

  constructor(rules: RuleSet, goal: LastTurnGoal, kernel: TurnKernel = turnKernel(rules)) {
    this.goal = goal;
    this.kernel = kernel;
    this.N = rules.dice;
    this.lock = rules.lockOnHotDice;
    this.doubling = rules.hotDiceDoubling;
    this.S = kernel.states.length;
    this.dg = this.doubling && !this.lock ? doublingGroups(rules) : null;
    this.cap = Math.max(goal.min, goal.win, 0);
    const size = this.cap * this.S;
    const table = (): Float64Array => new Float64Array(size);
    // A lock that loses is worth what a zilch is worth without one when that is nothing too
    // (always, on a final turn from behind), and a lock that ties needs rows from win − 1 only.
    const free = { D: table(), R: table() };
    const loses = this.lock && goal.zilchShare !== 0 ? { D: table(), R: table() } : free;
    const ties = this.lock && goal.tieShare > 0 ? { D: table(), R: table() } : loses;
    this.D = [free.D, loses.D, ties.D];
    this.R = [free.R, loses.R, ties.R];
    const sweep: [number, number][] = [[FREE, 0]];
    if (loses !== free) sweep.push([LOCK_LOSES, 0]);
    if (ties !== loses) sweep.push([LOCK_TIES, Math.max(goal.win - 1, 0)]);
    // Every option adds points, so rows above t are done when row t is swept; a keep of no
    // points leaves fewer dice, and the kernel lists states by dice count, fewest first.
    for (let t = this.cap - 1; t >= 0; t--)
      for (const [c, from] of sweep) {
        if (t < from) continue;
        const D = this.D[c]!;
        const R = this.R[c]!;
        const bank = this.bankShare(t);
        for (let s = 0; s < this.S; s++) {
          const r = this.rollFrom(t, s, c);
          R[t * this.S + s] = r;
          D[t * this.S + s] = bank > r ? bank : r;
        }
      }
  }

  /** Share of the win of banking t now (−1 when the minimum forbids it). */
  bankShare(t: number): number {
    const g = this.goal;
    if (t < g.min) return -1;
    return t >= g.win ? 1 : t === g.win - 1 ? g.tieShare : 0;
  }

  /** Lock class of a locked amount L > 0, or −1 when the lock alone already wins. */
  private classOf(locked: number): number {
    const g = this.goal;
    if (locked >= g.win) return -1;
    return locked === g.win - 1 && g.tieShare > 0 ? LOCK_TIES : LOCK_LOSES;
  }

  private zilchShare(c: number): number {
    return c === FREE ? this.goal.zilchShare : c === LOCK_TIES ? this.goal.tieShare : 0;
  }

  private rollFrom(t: number, s: number, c: number): number {
    const st = this.kernel.states[s]!;
    let v = st.zilch * this.zilchShare(c);
    if (this.dg) return v + this.doublingRoll(t, s);
    const f = st.flat;
    if (f) {
      // Fixed gains (no doubling): the same maximum over typed arrays.
      const { cap, S, lock } = this;
      const D = this.D[c]!;
      for (let i = 0; i < f.prob.length; i++) {
        let best = 0;
        for (let j = f.start[i]!; j < f.start[i + 1]!; j++) {
          const nt = t + f.gain[j]!;
          let w: number;
          if (nt >= cap) w = 1;
          else if (lock && f.hot[j]) w = this.decideAt(nt, f.next[j]!, this.classOf(nt));
          else w = D[nt * S + f.next[j]!]!;
          if (w > best) best = w;
        }
        v += f.prob[i]! * best;
      }
      return v;
    }
    for (const out of st.outcomes) {
      let best = 0;
      for (const o of out.options) {
        const nt = t + kernelGain(o, t);
        const nc = this.lock && o.hot ? this.classOf(nt) : c;
        const w = this.decideAt(nt, o.next, nc);
        if (w > best) best = w;
        if (best >= 1) break;
      }
      v += out.prob * best;
    }
    return v;
  }

  /**
   * The non-zilch part of a roll under doubling without a lock, over the flat grouped kernel
   * (the same options as the kernel's, rolls with the same options summed first).
   */
  private doublingRoll(t: number, s: number): number {
    const g = this.dg!;
    const { cap, S } = this;
    const D = this.D[FREE]!;
    let v = 0;
    for (let k = g.gFrom[s]!; k < g.gFrom[s + 1]!; k++) {
      let best = 0;
      for (let j = g.oFrom[k]!; j < g.oFrom[k + 1]!; j++) {
        const nt = totalAfter(g, j, t);
        const w = nt >= cap ? 1 : D[nt * S + g.next[j]!]!;
        if (w > best) best = w;
      }
      v += g.prob[k]! * best;
    }
    return v;
  }

  private decideAt(t: number, s: number, c: number): number {
    if (c < 0 || t >= this.cap) return 1;
    return this.D[c]![t * this.S + s]!;
  }

  private classFor(lockedUnits: number): number {
    return this.lock && lockedUnits > 0 ? this.classOf(lockedUnits) : FREE;
  }

  private index(dice: number, held: number, sets: readonly number[]): number {
    const s = this.kernel.index(dice, this.doubling ? held : 0, sets);
    if (s < 0) throw new Error(`no turn state with ${dice} dice and held sets ${held}`);
    return s;
  }

  /** Share of the win of rolling now from total t (units) with these dice, held sets and lock. */
  roll(t: number, dice: number, held = 0, locked = 0, sets: readonly number[] = NO_SETS): number {
    const c = this.classFor(locked);
    if (c < 0) return 1;
    const s = this.index(dice, held, sets);
    if (t < 0) throw new Error(`negative running total ${t}`);
    if (t >= this.cap) return this.rollFrom(t, s, c);
    return this.R[c]![t * this.S + s]!;
  }

  /** Share of the win with the choice to bank or roll, right after a keep. */
  decide(t: number, dice: number, held = 0, locked = 0, sets?: readonly number[]): number {
    const r = this.roll(t, dice, held, locked, sets);
    const b = this.bankShare(t);
    return b > r ? b : r;
  }
}

/**
 * Share of the win of a fresh turn's first roll: with first-roll mercy its zilch adds the
 * mercy points and rolls every die again (mercy.ts); otherwise rolling every die from 0.
 */
export function firstRollShare(rules: RuleSet, v: LastTurnValues): number {
  const k = turnKernel(rules);
  const N = rules.dice;
  const z = k.states[k.index(N, 0)]!.zilch;
  return mercyRoll(rules, (t) => v.roll(t, N), z, v.goal.zilchShare, UNIT);
}

/** The values of one last turn: what `lastTurn` hands out. */
export interface LastTurnValues {
  readonly goal: LastTurnGoal;
  /** Share of the win of banking t now (−1 when the minimum forbids it). */
  bankShare(t: number): number;
  /** Share of the win of rolling now from total t (units) with these dice, held sets and lock. */
  roll(t: number, dice: number, held?: number, locked?: number, sets?: readonly number[]): number;
  /** Share of the win with the choice to bank or roll, right after a keep. */
  decide(t: number, dice: number, held?: number, locked?: number, sets?: readonly number[]): number;
}

/**
 * A goal read off a larger table k units further from its winning total. Without Hot Dice
 * extensions (set doubling's gains depend on the held sets, part of the state) a keep's points do not depend on the total, so a table depends on the total only through
 * its distance to `win` and to `min`; and the minimum matters only for banks that win or
 * tie (a bank below a tie is worth nothing, which rolling never is worse than). So every goal
 * whose `win − min` is at least 1 shares one table, and the others one per `win − min`.
 */
class Shifted implements LastTurnValues {
  constructor(
    readonly goal: LastTurnGoal,
    private readonly tab: LastTurn,
    private readonly k: number,
  ) {}

  bankShare(t: number): number {
    const g = this.goal;
    if (t < g.min) return -1;
    return t >= g.win ? 1 : t === g.win - 1 ? g.tieShare : 0;
  }

  roll(t: number, dice: number, held = 0, locked = 0, sets?: readonly number[]): number {
    return this.tab.roll(t + this.k, dice, held, locked > 0 ? locked + this.k : 0, sets);
  }

  decide(t: number, dice: number, held = 0, locked = 0, sets?: readonly number[]): number {
    const r = this.roll(t, dice, held, locked, sets);
    const b = this.bankShare(t);
    return b > r ? b : r;
  }
}

/** Everything kept for one rule set: its kernel and last-turn tables, most recent last. */
interface Kept {
  readonly kernel: TurnKernel;
  readonly tables: Map<string, LastTurn>;
}

const byObject = new WeakMap<RuleSet, Kept>();
const byJson = new Map<string, Kept>();

/** Tables kept per rule set; a last turn of a game needs one, so a few dozen serve a simulation. */
const KEEP = 64;

function kept(rules: RuleSet): Kept {
  let k = byObject.get(rules);
  if (k) return k;
  // Rule sets rebuilt from JSON (a server's messages) find theirs by content.
  const id = JSON.stringify(rules);
  k = byJson.get(id);
  if (!k) {
    k = { kernel: turnKernel(rules), tables: new Map() };
    if (byJson.size >= 8) byJson.delete(byJson.keys().next().value as string);
    byJson.set(id, k);
  }
  byObject.set(rules, k);
  return k;
}

function remember(k: Kept, id: string, make: () => LastTurn): LastTurn {
  let tab = k.tables.get(id);
  if (tab) k.tables.delete(id);
  else {
    tab = make();
    if (k.tables.size >= KEEP) k.tables.delete(k.tables.keys().next().value as string);
  }
  k.tables.set(id, tab);
  return tab;
}

/** The (memoised) last-turn values of a rule set for a goal. */
export function lastTurn(rules: RuleSet, goal: LastTurnGoal): LastTurnValues {
  const k = kept(rules);
  if (rules.hotDiceDoubling) {
    const id = `${goal.win}/${goal.tieShare}/${goal.min}/${goal.zilchShare}`;
    return remember(k, id, () => new LastTurn(rules, goal, k.kernel));
  }
  const m = Math.min(goal.win - goal.min, 1);
  const id = `shift ${m}/${goal.tieShare}/${goal.zilchShare}`;
  let tab = remember(k, id, () => new LastTurn(rules, shared(goal, m, goal.win), k.kernel));
  if (tab.goal.win < goal.win) {
    // Grown by doubling, so a run of ever larger deficits costs a few sweeps in all.
    const win = Math.max(goal.win, 2 * tab.goal.win);
    tab = new LastTurn(rules, shared(goal, m, win), k.kernel);
    k.tables.set(id, tab);
  }
  return new Shifted(goal, tab, tab.goal.win - goal.win);
}

function shared(goal: LastTurnGoal, m: number, win: number): LastTurnGoal {
  return { ...goal, win, min: win - m };
}
