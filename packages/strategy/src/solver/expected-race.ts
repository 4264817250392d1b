import type { RuleSet } from '@zilch/engine';
import { flatGroups, type FlatGroups } from './groups-flat.ts';
import { UNIT } from './outcomes.ts';
import { sweepAt, sweepTurn, TIE_EPS, turnSweep, type TurnSweep } from './turn-sweep.ts';

/** Room above the target for a turn's running total, in units (beyond it a player banks). */
const ROOM = 200;
/** Chance of the longest turns lumped together (below 32-bit resolution of the values). */
const TAIL = 1e-7;
/** Largest target (in units) whose tables are built: three tables of T³ 32-bit values. */
const RACE_MAX_TARGET = 250;

/**
 * The `expected` bot's turn as a Markov chain: it maximises the points of the turn (bank
 * minimum and opening minimum included), so away from the final round what it banks does
 * not depend on the scores. `dist(t, n)` is the distribution of what it banks (in units;
 * index 0: a zilch) from a roll of n dice with t units running; `fresh` from a fresh turn.
 */
export class ExpectedTurn {
  readonly g: FlatGroups;
  readonly N: number;
  readonly top: number;
  /** Expected points (units) of the turn: the bot's own values, bank or roll. */
  readonly pts: TurnSweep;
  readonly min: number;
  private readonly dists = new Map<number, Float64Array>();

  /** `shift`: units added to every bank (0: `expected` itself; above, more cautious; below, bolder). */
  constructor(g: FlatGroups, top: number, min: number, shift = 0) {
    this.g = g;
    this.N = g.dice;
    this.top = top;
    this.min = min;
    this.pts = turnSweep(g, 1, top);
    const rows = top + g.maxGain + 1;
    for (let t = 1; t < rows; t++)
      for (let n = 1; n <= this.N; n++) this.pts.bank[sweepAt(this.pts, this.N, t, n)] = t + shift;
    sweepTurn(g, this.pts, top, min);
  }

  /** Expected points of a roll of n dice with t units running. */
  rollValue(t: number, n: number): number {
    return this.pts.R[sweepAt(this.pts, this.N, Math.min(t, this.top), n)]!;
  }

  /** Whether the bot, offered (t, n), inherits it (its expected points beat a fresh turn). */
  inherits(t: number, n: number): boolean {
    return n > 0 && t <= this.top && this.rollValue(t, n) > this.rollValue(0, this.N) + TIE_EPS;
  }

  /** Distribution of the units banked from a roll of n dice with t running (0: a zilch). */
  dist(t: number, n: number): Float64Array {
    const key = t * (this.N + 1) + n;
    let d = this.dists.get(key);
    if (!d) {
      d = this.forward(t, n);
      this.dists.set(key, d);
    }
    return d;
  }

  /** What a fresh turn banks. */
  get fresh(): Float64Array {
    return this.dist(0, this.N);
  }

  /** What the bot banks from a roll of n0 dice with t0 running, the tail lumped. */
  private forward(t0: number, n0: number): Float64Array {
    const out = banked(this.g, this.pts, this.min, t0, n0);
    // The tail beyond what 32-bit tables keep is dropped (it would only cost time).
    // The tail beyond what 32-bit tables keep is lumped into its first total (it would only cost time).
    let end = out.length;
    let tail = 0;
    while (end > 2 && tail + out[end - 1]! < TAIL) tail += out[--end]!;
    const d = out.slice(0, end);
    d[end - 1] += tail;
    return d;
  }
}

/**
 * The chance of each total a player banks (index 0: a zilch) from a roll of n0 dice with t0
 * running, pushed forward through the choices a solved turn sweep makes (the first best keep
 * within TIE_EPS, bank when it is worth at least the roll, forced above the sweep's top).
 */
function banked(g: FlatGroups, s: TurnSweep, min: number, t0: number, n0: number): Float64Array {
  const N = g.dice;
  const top = s.top;
  const rows = top + g.maxGain + 1;
  const out = new Float64Array(rows);
  const mass = new Float64Array(rows * N);
  mass[t0 * N + n0 - 1] = 1;
  for (let t = t0; t <= top; t++)
    for (let n = 1; n <= N; n++) {
      const m = mass[t * N + n - 1]!;
      if (m === 0) continue;
      out[0] += m * g.zilch[n]!;
      for (let q = g.gFrom[n]!; q < g.gFrom[n + 1]!; q++) {
        const from = g.oFrom[q]!;
        let bestJ = from;
        let best = s.D[sweepAt(s, N, t + g.gain[from]!, g.next[from]!)]!;
        for (let j = from + 1; j < g.oFrom[q + 1]!; j++) {
          const v = s.D[sweepAt(s, N, t + g.gain[j]!, g.next[j]!)]!;
          if (v > best + TIE_EPS) [best, bestJ] = [v, j];
        }
        const t2 = t + g.gain[bestJ]!;
        const n2 = g.next[bestJ]!;
        const p = m * g.prob[q]!;
        const at = sweepAt(s, N, t2, n2);
        if (t2 > top || (t2 >= min && s.bank[at]! >= s.R[at]! - TIE_EPS)) out[t2] += p;
        else mass[t2 * N + n2 - 1] += p;
      }
    }
  return out;
}

/**
 * A last turn played for the win against a score d units ahead: P(beat it) + ½ P(tie), for
 * every d (the player maximises that; a tie with one player shares the win).
 */
function lastTurnShares(g: FlatGroups, maxD: number, min: number): LastTurns {
  const N = g.dice;
  const w = new Float64Array(maxD + 1);
  const over = new Float64Array(maxD + 1);
  for (let d = 0; d <= maxD; d++) {
    const s = turnSweep(g, 1, d + 1);
    const rows = d + 1 + g.maxGain + 1;
    for (let t = 1; t < rows; t++)
      for (let n = 1; n <= N; n++)
        s.bank[sweepAt(s, N, t, n)] = t < min ? 0 : t > d ? 1 : t === d ? 0.5 : 0;
    sweepTurn(g, s, d + 1, min);
    w[d] = s.R[sweepAt(s, N, 0, N)]!;
    // Beyond this the chance is below what 32-bit tables keep.
    if (w[d]! < 1e-12) break;
    const out = banked(g, s, min, 0, N);
    let p = 0;
    let e = 0;
    for (let t = d + 1; t < out.length; t++) [p, e] = [p + out[t]!, e + out[t]! * (t - d)];
    over[d] = p > 0 ? Math.round(e / p) : 1;
  }
  return { w, over };
}

/** Last-turn shares by the gap d to beat, and by how much a win passes the score (mean, rounded). */
interface LastTurns {
  readonly w: Float64Array;
  readonly over: Float64Array;
}

/**
 * Three players, one of them ("me") against two `expected` bots, valued as a race in which
 * every player plays `expected`'s turn from the next turn on: the chance that I win from
 * each score triple (me, the next seat, the one after) when each of us is about to start.
 * Choosing this turn's moves by these values is one step of policy improvement over
 * `expected` against opponents whose policy is known (their turns away from the final round
 * do not depend on the scores). With `shifts`, my later turns instead play the best, at each
 * score triple, of a family of turn policies (expected points with a bonus or a cost on every
 * bank: bolder when behind, safer when ahead), so the tables look ahead to my own changes of
 * pace too. The final round is valued with each last turn played for the
 * win against the score to beat, the players taken as independent; offers between turns are
 * left out of the tables (the bot adds the one its own bank leaves).
 */
export class ExpectedRace {
  readonly T: number;
  readonly N: number;
  readonly g: FlatGroups;
  /** The `expected` turn on the board and (opening minimum) before it. */
  readonly on: ExpectedTurn;
  readonly off: ExpectedTurn;
  /** My later turns' policies (on the board). */
  readonly mine: ExpectedTurn[];
  /** Three tables of T³: my share with me (V), the next seat (U1) or the one after (U2) to start. */
  private readonly V: Float32Array;
  private readonly U1: Float32Array;
  private readonly U2: Float32Array;
  private readonly lastOn: LastTurns;
  private readonly lastOff: LastTurns;
  seconds = 0;

  constructor(rules: RuleSet, shifts: readonly number[] = [0]) {
    const started = performance.now();
    this.T = rules.target / UNIT;
    this.N = rules.dice;
    this.g = flatGroups(rules);
    const bankMin = rules.bankMinimum / UNIT;
    const openMin = Math.max(bankMin, rules.openingMinimum / UNIT);
    const top = this.T + ROOM;
    this.on = new ExpectedTurn(this.g, top, bankMin);
    this.off = openMin === bankMin ? this.on : new ExpectedTurn(this.g, top, openMin);
    this.mine = shifts.map((x) => (x === 0 ? this.on : new ExpectedTurn(this.g, top, bankMin, x)));
    this.lastOn = lastTurnShares(this.g, top + this.T, bankMin);
    this.lastOff =
      openMin === bankMin ? this.lastOn : lastTurnShares(this.g, top + this.T, openMin);
    const T3 = this.T ** 3;
    this.V = new Float32Array(T3);
    this.U1 = new Float32Array(T3);
    this.U2 = new Float32Array(T3);
    this.fill();
    this.seconds = (performance.now() - started) / 1000;
  }

  /** A last turn's share against a score d units ahead, for a player with this score. */
  w(d: number, score: number): number {
    const { w } = score === 0 ? this.lastOff : this.lastOn;
    return d < 0 ? 1 : d < w.length ? w[d]! : 0;
  }

  /** How far past a score d units ahead a last turn that beats it ends, on average (units). */
  over(d: number, score: number): number {
    const { over } = score === 0 ? this.lastOff : this.lastOn;
    return d >= 0 && d < over.length ? over[d]! : 1;
  }

  /** What a fresh turn of `expected` banks, for a player with this score. */
  freshOf(score: number): Float64Array {
    return (score === 0 ? this.off : this.on).fresh;
  }

  /** I banked to A ≥ T: the next seat, then the one after, each has a last turn to beat it. */
  reachedByMe(A: number, b: number, c: number): number {
    return (1 - this.w(A - b, b)) * (1 - this.w(A - c, c));
  }

  /**
   * The next seat banked to B ≥ T: the one after has a last turn, then me to beat the best
   * (a win of theirs passes B by its mean margin).
   */
  reachedByNext(a: number, B: number, c: number): number {
    const wc = this.w(B - c, c);
    return (1 - wc) * this.w(B - a, a) + wc * this.w(B + this.over(B - c, c) - a, a);
  }

  /**
   * The seat after banked to C ≥ T: my last turn to beat it, then the next seat's to beat
   * mine (a win of mine passes C by its mean margin).
   */
  reachedByAfter(a: number, b: number, C: number): number {
    return this.w(C - a, a) * (1 - this.w(C + this.over(C - a, a) - b, b));
  }

  private idx(a: number, b: number, c: number): number {
    return (a * this.T + b) * this.T + c;
  }

  /** My share when the next seat is about to start (fresh) at scores (me, next, after). */
  nextStarts(a: number, b: number, c: number): number {
    return this.U1[this.idx(a, b, c)]!;
  }

  /**
   * My share when the next seat starts from a distribution `d` of what it banks (a fresh
   * turn, or an offer it inherits) at scores (me, next, after).
   */
  nextBanks(a: number, b: number, c: number, d: Float64Array): number {
    const T = this.T;
    let v = 0;
    for (let k = 0; k < d.length; k++) {
      const p = d[k]!;
      if (p === 0) continue;
      v += p * (b + k >= T ? this.reachedByNext(a, b + k, c) : this.U2[this.idx(a, b + k, c)]!);
    }
    return v;
  }

  /**
   * Fills the tables from the highest scores down, a row of c at a time (the sums over what a
   * turn banks read whole rows, in memory order); the all-zilch cycle is solved in closed form.
   */
  private fill(): void {
    const T = this.T;
    const { V, U1, U2 } = this;
    const A1 = new Float64Array(T);
    const wc = (A: number): Float64Array => {
      // 1 − w(A − c) for every c: the seat after misses A.
      const r = new Float64Array(T);
      for (let c = 0; c < T; c++) r[c] = 1 - this.w(A - c, c);
      return r;
    };
    const missAfter = new Map<number, Float64Array>();
    const missOf = (A: number): Float64Array => {
      let r = missAfter.get(A);
      if (!r) missAfter.set(A, (r = wc(A)));
      return r;
    };
    const A0s = this.mine.map(() => new Float64Array(T));
    for (let a = T - 1; a >= 0; a--) {
      // Before the board (an opening minimum) I play `expected`'s opening turn only.
      const mine =
        a === 0 && this.off !== this.on ? [this.off.fresh] : this.mine.map((x) => x.fresh);
      for (let b = T - 1; b >= 0; b--) {
        const db = this.freshOf(b);
        A1.fill(0);
        const row = (x: number, y: number): number => (x * T + y) * T;
        // My turn banks k: the next seat starts, or I reached the target.
        mine.forEach((da, m) => {
          const A0 = A0s[m]!;
          A0.fill(0);
          for (let k = 1; k < da.length; k++) {
            const p = da[k]!;
            if (a + k < T) {
              const o = row(a + k, b);
              for (let c = 0; c < T; c++) A0[c] += p * U1[o + c]!;
            } else {
              const f = p * (1 - this.w(a + k - b, b));
              const miss = missOf(a + k);
              for (let c = 0; c < T; c++) A0[c] += f * miss[c]!;
            }
          }
        });
        // The next seat banks k: the seat after starts, or they reached the target.
        for (let k = 1; k < db.length; k++) {
          const p = db[k]!;
          if (b + k < T) {
            const o = row(a, b + k);
            for (let c = 0; c < T; c++) A1[c] += p * U2[o + c]!;
          } else for (let c = 0; c < T; c++) A1[c] += p * this.reachedByNext(a, b + k, c);
        }
        const o = row(a, b);
        const zb = db[0]!;
        for (let c = T - 1; c >= 0; c--) {
          // The seat after banks k: I start, or they reached the target.
          const dc = this.freshOf(c);
          let s2 = 0;
          for (let k = 1; k < dc.length; k++)
            s2 += dc[k]! * (c + k < T ? V[o + c + k]! : this.reachedByAfter(a, b, c + k));
          const zc = dc[0]!;
          // V = A0 + za·U1, U1 = A1 + zb·U2, U2 = s2 + zc·V, for each policy of mine; the
          // best one's fixed point is the fixed point of the best (each is a contraction).
          let v = 0;
          for (let m = 0; m < mine.length; m++) {
            const za = mine[m]![0]!;
            v = Math.max(v, (A0s[m]![c]! + za * (A1[c]! + zb * s2)) / (1 - za * zb * zc));
          }
          const u2 = s2 + zc * v;
          V[o + c] = v;
          U2[o + c] = u2;
          U1[o + c] = A1[c]! + zb * u2;
        }
      }
    }
  }
}

/**
 * Whether the race tables model a rule set: the rules the two-player solver takes (checked by
 * the caller, who holds its solution), less Hot Dice doubling (held sets the turn table does
 * not carry), six dice at most (Ten Dice's tables are ten times slower to build), ending in a
 * final round, with a target small enough for the tables.
 */
function raceFits(rules: RuleSet): boolean {
  const multiple = (x: number): boolean => x % UNIT === 0;
  return (
    !rules.hotDiceDoubling &&
    rules.dice <= 6 &&
    rules.end === 'final-round' &&
    rules.target / UNIT <= RACE_MAX_TARGET &&
    [rules.target, rules.bankMinimum, rules.openingMinimum].every(multiple)
  );
}

const races = new WeakMap<object, ExpectedRace | null>();

/**
 * The race tables of a rule set, built once per `owner` (the two-player solution they go
 * with, so they live as long as it does), or null where they do not apply.
 */
export function raceFor(rules: RuleSet, owner: object): ExpectedRace | null {
  let r = races.get(owner);
  if (r === undefined) races.set(owner, (r = raceFits(rules) ? new ExpectedRace(rules) : null));
  return r;
}
