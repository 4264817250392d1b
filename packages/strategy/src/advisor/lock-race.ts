import type { GameState } from '@zilch/engine';
import { lockRace, lockRaceUnsupported, type LockRace } from '../solver/lock-race.ts';
import { UNIT } from '../solver/outcomes.ts';
import type { Candidate } from './candidates.ts';

/**
 * One turn played for the win against the lock race's values (solver/lock-race.ts), for
 * two players under the Ten Dice lock: one step of policy iteration over `expected`. While
 * the lock L stays the same, the turn is solved exactly by one backward sweep over the
 * total: a bank is worth what the chain gives the opponent at the new scores (exactly
 * their last turn, offer included, when it reaches the target), a zilch banks L. Hot dice
 * start a new lock; there the turn's rest is valued as `expected` would play it (the
 * turn's exact distribution of points), which the next table, built when the player gets
 * there, improves on. An offer below the target is valued by `LockRace.offered`.
 */
class LockTable {
  private readonly N: number;
  private readonly S: number;
  /** From this row up the player banks: the opponent's chance is below `NEAR_CERTAIN`. */
  private readonly cap: number;
  private readonly offerHot: boolean;
  private readonly offers: boolean;
  /** Decision values (bank or roll) per total and state with at most `MAX_DICE` dice. */
  private readonly D: Float64Array;
  /** Lowest row swept so far (rows are added downwards, each reads only rows above). */
  private lo: number;
  /** Value of hot dice at a total (then bank, or roll on as `expected`), NaN until needed. */
  private readonly hot: Float64Array;
  private readonly zilchValue: number;
  /** finalWorth of every total a table or `rollOn` reads, computed once. */
  private readonly G: Float64Array;

  constructor(
    private readonly race: LockRace,
    private readonly a: number,
    private readonly b: number,
    locked: number,
  ) {
    const rules = race.rules;
    this.N = rules.dice;
    this.S = race.kernel.index(Math.min(MAX_DICE, this.N), 0) + 1;
    this.cap = Math.max(race.T - a, b + race.deficitFor(NEAR_CERTAIN) - a, locked + 1);
    this.offers = rules.offers !== null;
    this.offerHot = rules.offers?.afterHotDice ?? false;
    this.D = new Float64Array((this.cap + 1) * this.S);
    this.hot = new Float64Array(this.cap + 1).fill(NaN);
    this.lo = this.cap;
    this.G = new Float64Array(this.cap + race.P.length + 1);
    for (let y = 0; y < this.G.length; y++) this.G[y] = this.finalWorth(y);
    this.zilchValue = this.G[locked]!;
  }

  /** Worth of ending the turn with y units banked and nothing offered. */
  private finalWorth(y: number): number {
    const { race, a, b } = this;
    if (a + y >= race.T) return 1 - race.lastShare(a + y - b);
    return 1 - race.win(b, a + y);
  }

  /** Worth of banking t units with n dice left (all of them after hot dice). */
  bank(t: number, n: number, hot: boolean): number {
    const { race, a, b } = this;
    const offered = this.offers && (this.offerHot || !hot) ? n : 0;
    if (a + t < race.T) return 1 - race.offered(b, a + t, t, offered);
    return 1 - race.lastShare(a + t - b, t, offered);
  }

  /** Worth of rolling every die right after hot dice at total t, played on as `expected`. */
  rollOn(t: number): number {
    const P = this.race.P;
    const G = this.G;
    if (t + P.length > G.length) return this.bank(t, this.N, true);
    let v = 0;
    for (let x = 0; x < P.length; x++) v += P[x]! * G[t + x]!;
    return v;
  }

  private hotAt(t: number): number {
    const i = Math.min(t, this.cap);
    let v = this.hot[i]!;
    if (!Number.isNaN(v)) return v;
    const bank = this.bank(t, this.N, true);
    const on = t >= this.cap ? bank : this.rollOn(t);
    v = bank > on ? bank : on;
    this.hot[i] = v;
    return v;
  }

  private ensure(t: number): void {
    const { S } = this;
    const states = this.race.kernel.states;
    while (this.lo > t) {
      const r = --this.lo;
      for (let s = 0; s < S; s++) {
        const roll = this.rollRow(r, s);
        const bank = this.bank(r, states[s]!.dice, false);
        this.D[r * S + s] = bank > roll ? bank : roll;
      }
    }
  }

  private rollRow(t: number, s: number): number {
    const st = this.race.kernel.states[s]!;
    const f = st.flat!;
    const { D, S, cap } = this;
    let v = st.zilch * this.zilchValue;
    for (let i = 0; i < f.prob.length; i++) {
      let best = 0;
      for (let j = f.start[i]!; j < f.start[i + 1]!; j++) {
        const nt = t + f.gain[j]!;
        const next = f.next[j]!;
        const w = f.hot[j]
          ? this.hotAt(nt)
          : nt >= cap
            ? this.bank(nt, this.race.kernel.states[next]!.dice, false)
            : D[nt * S + next]!;
        if (w > best) best = w;
      }
      v += f.prob[i]! * best;
    }
    return v;
  }

  /** Win share of rolling n ≤ `MAX_DICE` dice from total t (units) under this table's lock. */
  roll(t: number, n: number): number {
    this.ensure(Math.min(t + 1, this.cap));
    return this.rollRow(t, this.race.kernel.index(n, 0));
  }
}

/**
 * Turns are solved for the win from this many dice down; with more dice to roll the player
 * follows `expected`, whose choices there (roll on, keep the most points) rarely differ, and
 * a row of the table costs 14× less (1,075 options instead of 15,407).
 */
const MAX_DICE = 6;
/** A bank whose opponent keeps less than this chance is taken (the table stops there). */
const NEAR_CERTAIN = 1e-4;

/** Tables of the last few (scores, lock): one serves every decision between two hot dice. */
const KEEP = 8;
const tables = new Map<string, LockTable>();

/** A number per lock race, so tables of two rule sets never meet in `tables`. */
const raceIds = new WeakMap<LockRace, number>();
let races = 0;

function tableFor(race: LockRace, a: number, b: number, locked: number): LockTable {
  let r = raceIds.get(race);
  if (r === undefined) raceIds.set(race, (r = races++));
  const id = `${r}/${a}/${b}/${locked}`;
  let tab = tables.get(id);
  if (tab) tables.delete(id);
  else {
    tab = new LockTable(race, a, b, locked);
    if (tables.size >= KEEP) tables.delete(tables.keys().next().value as string);
  }
  tables.set(id, tab);
  return tab;
}

/**
 * A function valuing a candidate by the chance to win under the lock race, or null when it
 * does not apply: not two players, a final round, rules it does not model, or a position
 * with more than `MAX_DICE` dice to roll after the move (then `expected` decides).
 */
export function lockRaceValuer(state: GameState): ((c: Candidate) => number) | null {
  const rules = state.rules;
  if (state.players !== 2 || state.finalRound || state.phase === 'over') return null;
  if (lockRaceUnsupported(rules)) return null;
  const N = rules.dice;
  const turn = state.turn;
  const atLock = turn.total === turn.locked && turn.total > 0;
  const covered =
    state.phase === 'keep'
      ? turn.available <= MAX_DICE + 1
      : state.phase === 'decide'
        ? turn.available <= MAX_DICE || (turn.available === N && atLock)
        : state.phase === 'choose' && state.offer!.dice <= MAX_DICE;
  if (!covered) return null;
  const race = lockRace(rules);
  const me = state.current;
  const a = state.scores[me]! / UNIT;
  const b = state.scores[1 - me]! / UNIT;
  if (!Number.isInteger(a) || !Number.isInteger(b) || a < 0 || b < 0) return null;
  if (a >= race.T || b >= race.T) return null;
  return (c) => {
    const x = c.after;
    const t = x.total / UNIT;
    const base = tableFor(race, a, b, 0);
    if (x.kind === 'bank') return base.bank(t, x.dice || N, x.hot);
    // Every die after hot dice (or a fresh start): played on as `expected` would.
    if (x.dice === N) return base.rollOn(t);
    return tableFor(race, a, b, x.locked / UNIT).roll(t, x.dice);
  };
}
