import type { RuleSet } from '@zilch/engine';
import { doublingGroups, type DoublingGroups } from './doubling-groups.ts';
import { DoublingFinal, DoublingTable, type DoublingHost } from './doubling.ts';
import { FinalTurn } from './final-turn.ts';
import { flatGroups, type FlatGroups } from './groups-flat.ts';
import { UNIT } from './outcomes.ts';
import { ROLL_CACHE_BYTES, RollCache, type PairRolls } from './pair-rolls.ts';
import { PairTable } from './pair-table.ts';
import {
  penaltyIndex,
  penaltyShape,
  type PenaltyShape,
  type PenaltySolveStats,
} from './penalty.ts';

/** Number of values a solve's store holds for `rules` (with the penalty shape `pen`). */
export function storeSize(rules: RuleSet, pen: PenaltyShape | null): number {
  const T = rules.target / UNIT;
  if (pen) return pen.W * pen.W * pen.Z * pen.Z;
  return rules.offers !== null ? T * ((T * (T + 1)) / 2) * rules.dice : T * T;
}

/**
 * Exact two-player win probabilities (a tie counts ½) for the player on turn, for every
 * pair of scores below the target. Scores, totals and offers are in units of 50.
 * `fresh(a, b)` is the value of starting a turn with nothing offered; with offers, the
 * roll values `R(a, b, t, n)` for every total t ≤ b (what an offer can carry) are kept too.
 */
export class TwoPlayerSolution implements DoublingHost {
  readonly rules: RuleSet;
  readonly T: number;
  readonly N: number;
  /** Room above the target for the running total, in units. */
  readonly E: number;
  readonly withOffers: boolean;
  readonly groups: FlatGroups;
  readonly final: FinalTurn | null;
  /** Hot Dice doubling: the held-set kernel, the opponent's last turns and the ceiling. */
  readonly doubling: boolean;
  readonly dgroups: DoublingGroups | null;
  readonly dfinal: DoublingFinal | null;
  readonly ceiling: number;
  /**
   * Roll values: with offers t = 0..b, n = 1..N per pair; else only R(a, b, 0, N). A solve
   * makes them 64-bit; a compact solution (`compact`, what the cache keeps) holds them as
   * 32-bit floats, each within 2⁻²⁵ of the solve's value, beside the exact fresh values.
   */
  readonly store: Float64Array | Float32Array;
  /** Exact fresh values R(a, b, 0, N), T·T of them, when the store is 32-bit; else null. */
  readonly freshValues: Float64Array | null;
  /**
   * Under a zilch penalty: its shape and the score floor. Then every fresh value has the
   * zilch streaks of both players, F(a, b, sa, sb), with scores from −L (`penalty.ts`).
   */
  readonly pen: PenaltyShape | null;
  /** Full Gauss-Seidel passes of a penalty solve (every value re-decided). */
  passes = 0;
  /** How a penalty solve went (passes, sweeps), when this solution was solved here. */
  penaltyStats: PenaltySolveStats | null = null;
  /** Whether totals far above the target reach a stationary value (see `stationaryFrom`). */
  readonly stationary: boolean;
  /** Decision states evaluated, and backward sweeps made. */
  states = 0;
  sweeps = 0;
  /** Pairs that fell back on the cap (no stationary point within it). */
  capped = 0;
  fullSweeps = false;
  seconds = 0;

  constructor(
    rules: RuleSet,
    E: number,
    store: Float64Array | Float32Array | null = null,
    freshValues: Float64Array | null = null,
    pen: PenaltyShape | null = penaltyShape(rules),
  ) {
    this.rules = rules;
    this.pen = pen;
    this.T = rules.target / UNIT;
    this.N = rules.dice;
    this.E = rules.end === 'final-round' ? E : 0;
    this.withOffers = rules.offers !== null;
    this.stationary = rules.end === 'final-round' && rules.offers?.afterHotDice === true;
    this.groups = flatGroups(rules);
    const minMax = Math.max(rules.bankMinimum, rules.openingMinimum) / UNIT;
    this.doubling = rules.hotDiceDoubling;
    this.dgroups = this.doubling ? doublingGroups(rules) : null;
    this.dfinal = this.doubling && rules.end === 'final-round' ? new DoublingFinal(rules) : null;
    this.ceiling = this.T + this.E;
    this.final =
      rules.end === 'final-round' && !this.doubling
        ? new FinalTurn(
            this.groups,
            Math.max(this.T + this.E + this.groups.maxGain, minMax) + 2 + (pen?.L ?? 0),
          )
        : null;
    this.store = store ?? new Float64Array(storeSize(rules, pen));
    this.freshValues = freshValues;
  }

  /**
   * This solution as the cache keeps it: the T·T fresh values exact (64-bit) and, with offers,
   * the roll values as 32-bit floats (half the memory; each within 2⁻²⁵ ≈ 3.0e-8 of the exact
   * value, probabilities being at most 1). Without offers the fresh values are all there is
   * and the store is empty. Every compact store is a Float32Array, so the advisor's reads of
   * it see one array type.
   */
  compact(): TwoPlayerSolution {
    if (this.store instanceof Float32Array) return this;
    if (this.pen) {
      // Every value is a fresh value: all kept exact, nothing in the 32-bit store.
      const out = new TwoPlayerSolution(
        this.rules,
        this.E,
        new Float32Array(0),
        Float64Array.from(this.store),
        this.pen,
      );
      out.states = this.states;
      out.sweeps = this.sweeps;
      out.passes = this.passes;
      out.seconds = this.seconds;
      return out;
    }
    const T = this.T;
    const fresh = new Float64Array(T * T);
    for (let a = 0; a < T; a++) for (let b = 0; b < T; b++) fresh[a * T + b] = this.fresh(a, b);
    const store = new Float32Array(this.withOffers ? this.store.length : 0);
    if (this.withOffers) store.set(this.store);
    const out = new TwoPlayerSolution(this.rules, this.E, store, fresh);
    if (this.dfinal) out.dfinal?.learn(this.dfinal.known());
    out.states = this.states;
    out.sweeps = this.sweeps;
    out.capped = this.capped;
    out.seconds = this.seconds;
    return out;
  }

  /** Index of R(a, b, t, n) in the store (t = 0, n = N without offers). */
  at(a: number, b: number, t: number, n: number): number {
    const { T, N } = this;
    if (!this.withOffers) return a * T + b;
    return a * ((T * (T + 1)) / 2) * N + ((b * (b + 1)) / 2) * N + t * N + n - 1;
  }

  /** Smallest bank in units for a player with this score (opening minimum until on the board). */
  minFor(score: number): number {
    const r = this.rules;
    return Math.max(r.bankMinimum, score === 0 ? r.openingMinimum : 0) / UNIT;
  }

  /**
   * Value of a fresh turn (no offer) for the player on turn with score a against b, and under
   * a zilch penalty with zilch streaks sa (theirs) and sb (the opponent's).
   */
  fresh(a: number, b: number, sa = 0, sb = 0): number {
    const fv = this.freshValues;
    if (this.pen) {
      const i = penaltyIndex(this.pen, a, b, sa, sb);
      return fv ? fv[i]! : this.store[i]!;
    }
    return fv ? fv[a * this.T + b]! : this.store[this.at(a, b, 0, this.N)]!;
  }

  /**
   * What a zilch leaves the player on turn at (a, b) with streaks (sa, sb): the opponent's
   * fresh turn; under a penalty the streak grows, and the last zilch costs the penalty (below
   * the floor: `pen.below`).
   */
  zilchValue(a: number, b: number, sa = 0, sb = 0): number {
    const p = this.pen;
    if (!p) return 1 - this.fresh(b, a);
    if (sa + 1 < p.Z) return 1 - this.fresh(b, a, sb, sa + 1);
    const ap = a - p.P;
    return ap < -p.L ? p.below : 1 - this.fresh(b, ap, sb, 0);
  }

  /** Lowest score a table is built for: −floor under a penalty, else 0. */
  lowest(): number {
    return this.pen ? -this.pen.L : 0;
  }

  /** Value for the player on turn at (a, b) of choosing between fresh and an offer (t, n). */
  choose(a: number, b: number, offerT: number, offerN: number): number {
    const f = this.fresh(a, b);
    if (offerN <= 0) return f;
    const i = this.store[this.at(a, b, offerT, offerN)]!;
    return i > f ? i : f;
  }

  /** What a bank passes on: dice of the offer, or 0 when there is none. */
  offerDice(n: number): number {
    const o = this.rules.offers;
    return o && (o.afterHotDice || n < this.N) ? n : 0;
  }

  /**
   * Value for the banker of banking t units with n dice available at (a, b); under a zilch
   * penalty sb is the opponent's streak (the banker's own starts again).
   */
  bankValue(a: number, b: number, t: number, n: number, sb = 0): number {
    const ap = a + t;
    if (this.doubling) {
      if (ap < this.T) return 1 - this.fresh(b, ap);
      return this.dfinal ? 1 - this.dfinal.value(ap - b, this.minFor(b)) : 1;
    }
    const on = this.offerDice(n);
    if (ap >= this.T) {
      if (!this.final) return 1;
      return 1 - this.final.value(ap - b, this.minFor(b), t, on);
    }
    if (this.pen) return 1 - this.fresh(b, ap, sb, 0);
    return 1 - this.choose(b, ap, t, on);
  }

  /**
   * First total from which a pair's table is constant in the total, or null. Above the
   * target a bank leaves the opponent max(fresh, inherit): inheriting needs a − b + 1 more
   * whatever the total, while a fresh start needs the whole lead and only gets harder. Once
   * a fresh start is worth no more than inheriting with any number of dice, bank values,
   * and so all values, no longer depend on the total.
   */
  stationaryFrom(a: number, b: number): number | null {
    if (!this.stationary || !this.final) return null;
    const d = a - b;
    const minB = this.minFor(b);
    let t = Math.max(this.T - a, minB - d, this.minFor(a), 1);
    const lowest = this.final.lowestInherit(d + 1, true);
    const dStar = this.final.firstAtMost(lowest, true, t + d + 1);
    if (dStar === null) return null;
    t = Math.max(t, dStar - 1 - d);
    return t > this.top(a) ? null : t;
  }

  private dscratch: DoublingTable | null = null;
  private readonly dcache = new Map<number, { top: number; R: Float64Array }>();
  private dcacheUsed = 0;

  /** Roll values of a pair under doubling at its solved zilch value (one sweep, kept in an LRU). */
  private doublingRolls(a: number, b: number, g: DoublingGroups): { top: number; R: Float64Array } {
    const id = a * 65536 + b;
    const hit = this.dcache.get(id);
    if (hit) {
      this.dcache.delete(id);
      this.dcache.set(id, hit);
      return hit;
    }
    const tab = (this.dscratch ??= new DoublingTable(this, g, this.doublingRows(), false));
    tab.setup(a, b);
    tab.sweep(1 - this.fresh(b, a));
    const out = { top: tab.top, R: tab.rolls() };
    this.dcacheUsed += out.R.byteLength;
    while (this.dcacheUsed > this.rollCacheBytes && this.dcache.size > 0) {
      const [oldId, old] = this.dcache.entries().next().value as [number, typeof out];
      this.dcache.delete(oldId);
      this.dcacheUsed -= old.R.byteLength;
    }
    this.dcache.set(id, out);
    return out;
  }

  /** Uncached full tables, as the advisor first built them; for checking the fast path. */
  referenceTables = false;
  /**
   * Bytes of pair roll values this solution keeps for the advisor (least recently used dropped
   * first); all solutions of a thread together keep at most `rollBudget.bytes`.
   */
  rollCacheBytes = ROLL_CACHE_BYTES;
  private readonly rollCache = new RollCache();
  private scratch: PairTable | null = null;

  /** Empties the advisor's caches of pair roll values and reference tables. */
  forgetRolls(): void {
    this.tables.clear();
    this.rollCache.clear();
    this.dcache.clear();
    this.dcacheUsed = 0;
  }

  private readonly tables = new Map<number, PairTable>();

  /**
   * The decision table of a pair of scores at its solved zilch value, swept in full (up to
   * 512 kept): how the advisor worked before `rolls`, kept as its reference.
   */
  table(a: number, b: number): PairTable {
    const id = a * 65536 + b;
    let tab = this.tables.get(id);
    if (!tab) {
      tab = new PairTable(this, this.top(this.lowest()) + this.groups.maxGain + 2);
      tab.setup(a, b);
      tab.sweep(this.zilchValue(a, b));
      if (this.tables.size >= 512) this.tables.delete(this.tables.keys().next().value as number);
      this.tables.set(id, tab);
    }
    return tab;
  }

  /**
   * The roll values of a pair at its solved zilch value, from the cache or one value-only
   * sweep. Bit for bit what `table` gives: the same additions in the same order, without
   * the slopes and gaps only the solve needs. Under a zilch penalty, at streaks (sa, sb).
   */
  rolls(a: number, b: number, sa = 0, sb = 0): PairRolls {
    const id = this.pen ? penaltyIndex(this.pen, a, b, sa, sb) : a * 65536 + b;
    const hit = this.rollCache.get(id);
    if (hit) return hit;
    const tab = (this.scratch ??= new PairTable(
      this,
      this.top(this.lowest()) + this.groups.maxGain + 2,
    ));
    tab.setup(a, b, sb);
    tab.sweepValues(this.zilchValue(a, b, sa, sb));
    const out = tab.rolls();
    this.rollCache.add(id, out, this.rollCacheBytes);
    return out;
  }

  /**
   * Value of rolling for the player on turn at (a, b) with total t and n dice (units), and
   * under Hot Dice doubling the held sets (bit f−1), under a zilch penalty the streaks.
   */
  roll(a: number, b: number, t: number, n: number, held = 0, sa = 0, sb = 0): number {
    if (this.dgroups) {
      const g = this.dgroups;
      const tab = this.doublingRolls(a, b, g);
      if (t > tab.top) return this.bankValue(a, b, t, n);
      const s = g.kernel.index(n, held);
      if (s < 0) throw new Error(`no turn state with ${n} dice and held sets ${held}`);
      return tab.R[t * g.S + s]!;
    }
    if (!this.final && a + t >= this.T && t >= this.minFor(a)) {
      // Any keep wins at once; a zilch hands the opponent a fresh turn.
      const pz = this.groups.zilch[n]!;
      return 1 - pz + pz * this.zilchValue(a, b, sa, sb);
    }
    const tab = this.referenceTables ? this.table(a, b) : this.rolls(a, b, sa, sb);
    // Above the cap the solver banks, so that is what rolling is worth there.
    if (t > tab.top && !tab.stat) return this.bankValue(a, b, t, n, sb);
    return tab.roll(t, n);
  }

  /**
   * Under doubling (final round): how much the ceiling can cost. At or above it the player
   * banks; rolling on instead is worth at most 1 − P(zilch)·fresh(b, a) (a zilch hands the
   * opponent a fresh turn, any keep at most a win), and the bank 1 − F(ceiling − b), F the
   * opponent's last turn (falling with their need). So where F ≤ min P(zilch) · fresh(b, a)
   * banking is optimal everywhere past the ceiling and the pair is exact; elsewhere a value
   * is at most `worst` below the real game's (one forced bank per game: it ends it).
   */
  ceilingBound(): { exactPairs: number; pairs: number; worst: number } {
    const g = this.dgroups;
    if (!g || !this.dfinal)
      return { exactPairs: this.T * this.T, pairs: this.T * this.T, worst: 0 };
    const pz = Math.min(...g.zilch);
    let exactPairs = 0;
    let worst = 0;
    for (let a = 0; a < this.T; a++)
      for (let b = 0; b < this.T; b++) {
        const need = Math.max(this.ceiling - a, this.minFor(a)) + a - b;
        const gap = this.dfinal.value(need, this.minFor(b)) - pz * this.fresh(b, a);
        if (gap <= 0) exactPairs++;
        else worst = Math.max(worst, gap);
      }
    return { exactPairs, pairs: this.T * this.T, worst };
  }

  /** Rows a doubling table needs: every total below the ceiling (or the opening minimum). */
  doublingRows(): number {
    return Math.max(this.ceiling, this.minFor(0)) + 1;
  }

  /** Highest total (units) the table for a player with score a computes before forcing a bank. */
  top(a: number): number {
    if (this.final) return this.T + this.E - a;
    // With offers every total up to the opponent's score must be known (T − 1 covers it).
    return Math.max(this.T - a, this.minFor(a), this.withOffers ? this.T - 1 : 0);
  }
}
