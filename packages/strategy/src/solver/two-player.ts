import type { RuleSet } from '@zilch/engine';
import { doublingGroups, type DoublingGroups } from './doubling-groups.ts';
import { DoublingFinal, DoublingTable, type DoublingHost } from './doubling.ts';
import { FinalTurn } from './final-turn.ts';
import { flatGroups, type FlatGroups } from './groups-flat.ts';
import { UNIT } from './outcomes.ts';
import {
  penaltyIndex,
  penaltyShape,
  solvePenaltyPairs,
  type PenaltyShape,
  type PenaltySolveStats,
} from './penalty.ts';

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
    this.store = store ?? new Float64Array(this.storeSize());
    this.freshValues = freshValues;
  }

  /** Number of values the store holds. */
  storeSize(): number {
    const { T, N, pen } = this;
    if (pen) return pen.W * pen.W * pen.Z * pen.Z;
    return this.withOffers ? T * ((T * (T + 1)) / 2) * N : T * T;
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
  private readonly rollCache = new Map<number, PairRolls>();
  private rollCacheUsed = 0;
  private scratch: PairTable | null = null;

  /** Empties the advisor's caches of pair roll values and reference tables. */
  forgetRolls(): void {
    this.tables.clear();
    for (const r of this.rollCache.values()) rollBudget.remove(r);
    this.dcache.clear();
    this.dcacheUsed = 0;
    this.rollCache.clear();
    this.rollCacheUsed = 0;
  }

  private dropRolls(id: number): void {
    const r = this.rollCache.get(id);
    if (!r) return;
    this.rollCache.delete(id);
    this.rollCacheUsed -= r.R.byteLength;
    rollBudget.remove(r);
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
    const cache = this.rollCache;
    const hit = cache.get(id);
    if (hit) {
      cache.delete(id);
      cache.set(id, hit);
      rollBudget.touch(hit);
      return hit;
    }
    const tab = (this.scratch ??= new PairTable(
      this,
      this.top(this.lowest()) + this.groups.maxGain + 2,
    ));
    tab.setup(a, b, sb);
    tab.sweepValues(this.zilchValue(a, b, sa, sb));
    const out = tab.rolls();
    while (this.rollCacheUsed + out.R.byteLength > this.rollCacheBytes && cache.size > 0)
      this.dropRolls(cache.keys().next().value as number);
    cache.set(id, out);
    this.rollCacheUsed += out.R.byteLength;
    rollBudget.add(out, () => this.dropRolls(id));
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

/** Default memory for cached pair roll values: about 4,000 pairs of Serendipity Creak. */
const ROLL_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The bytes of pair roll values every solution of this thread caches together, least recently
 * used dropped first: with all presets loaded, the advisor's caches stay within one budget
 * instead of one per solution.
 */
class RollBudget {
  /** Most bytes kept (default 64 MB). */
  bytes = ROLL_CACHE_BYTES;
  used = 0;
  private readonly order = new Map<PairRolls, () => void>();

  add(r: PairRolls, drop: () => void): void {
    this.order.set(r, drop);
    this.used += r.R.byteLength;
    while (this.used > this.bytes && this.order.size > 1)
      (this.order.values().next().value as () => void)();
  }

  touch(r: PairRolls): void {
    const drop = this.order.get(r);
    if (!drop) return;
    this.order.delete(r);
    this.order.set(r, drop);
  }

  remove(r: PairRolls): void {
    if (this.order.delete(r)) this.used -= r.R.byteLength;
  }
}

/** This thread's budget for cached pair roll values, shared by every solution. */
const rollBudget = new RollBudget();

/** Roll values of one pair at its solved zilch value: rows 0..top, then the stationary row. */
export class PairRolls {
  constructor(
    readonly top: number,
    readonly stat: boolean,
    readonly N: number,
    /** (top + 2) rows of N; the last is the stationary row (or unused). */
    readonly R: Float64Array,
  ) {}

  /** Roll value at total t with n dice (stationary rows included). */
  roll(t: number, n: number): number {
    return this.R[(t > this.top ? this.top + 1 : t) * this.N + n - 1]!;
  }
}

/**
 * The decision table of one pair of scores (a on turn, b waiting), row t = running total,
 * column n − 1 = dice available. Along with each value it carries its slope in the zilch
 * value z (the chance to end the turn in a zilch, between 0 and 1), so a Newton step can
 * solve the zilch cycle, and the smallest gap between a chosen option and any other.
 */
class PairTable {
  a = 0;
  b = 0;
  /** Last row computed by the sweep; rows above are stationary or forced banks. */
  top = 0;
  stat = false;
  /** Zilch value of the current values, R(0, N) there and its slope. */
  z = 0;
  f = 0;
  fp = 0;
  /** Per row: how far z may move before a decision in the row could change. */
  private readonly rowCrit: Float64Array;
  private statCrit = Infinity;
  readonly D: Float64Array;
  readonly S: Float64Array;
  readonly R: Float64Array;
  readonly SR: Float64Array;
  readonly B: Float64Array;
  private readonly bankC: Float64Array;
  private readonly v: Float64Array;
  private readonly sv: Float64Array;
  private readonly rInf: Float64Array;
  private readonly srInf: Float64Array;
  private readonly rollPol: Uint8Array;
  private pick: Int32Array | null = null;
  private rowsM: Float64Array[] | null = null;

  constructor(
    private readonly sol: TwoPlayerSolution,
    rows: number,
  ) {
    const N = sol.N;
    this.D = new Float64Array(rows * N);
    this.S = new Float64Array(rows * N);
    this.R = new Float64Array(rows * N);
    this.SR = new Float64Array(rows * N);
    this.B = new Float64Array(rows * N);
    this.rowCrit = new Float64Array(rows);
    this.bankC = new Float64Array(N + 1);
    this.v = new Float64Array(N + 1);
    this.sv = new Float64Array(N + 1);
    this.rInf = new Float64Array(N + 1);
    this.srInf = new Float64Array(N + 1);
    this.rollPol = new Uint8Array(N + 1);
  }

  /** Prepares the table of (a, b) (opponent's streak sb): bank values, which do not depend on z. */
  setup(a: number, b: number, sb = 0): void {
    const sol = this.sol;
    const N = sol.N;
    this.a = a;
    this.b = b;
    const from = sol.stationaryFrom(a, b);
    this.stat = from !== null;
    if (!this.stat && sol.stationary) sol.capped++;
    this.top = from === null ? sol.top(a) : from - 1;
    const min = sol.minFor(a);
    const hi = this.top + sol.groups.maxGain;
    const last = this.stat ? this.top : hi;
    const lo = Math.max(min, 1);
    for (let t = 0; t <= last; t++) {
      if (t < lo) for (let n = 1; n <= N; n++) this.B[t * N + n - 1] = -1;
      else if (a + t >= sol.T || !sol.withOffers) {
        for (let n = 1; n <= N; n++) this.B[t * N + n - 1] = sol.bankValue(a, b, t, n, sb);
      } else {
        // bankValue inlined for the common case, same operations: 1 − max(fresh, inherit).
        const store = sol.store;
        const f = sol.fresh(b, a + t);
        const row = sol.at(b, a + t, t, 1) - 1;
        for (let n = 1; n <= N; n++) {
          const on = sol.offerDice(n);
          const i = on > 0 ? store[row + on]! : f;
          this.B[t * N + n - 1] = 1 - (on > 0 && i > f ? i : f);
        }
      }
    }
    if (this.stat) for (let n = 1; n <= N; n++) this.bankC[n] = sol.bankValue(a, b, from!, n);
    else
      for (let t = this.top + 1; t <= hi; t++)
        for (let n = 1; n <= N; n++) {
          const i = t * N + n - 1;
          this.D[i] = this.B[i]!;
          this.S[i] = 0;
        }
  }

  /** A full backward sweep at zilch value z. */
  sweep(z: number): void {
    const sol = this.sol;
    const N = sol.N;
    const top = this.top;
    this.statCrit = Infinity;
    if (this.stat) {
      this.statCrit = this.stationaryValues(z);
      for (let t = top + 1; t <= top + sol.groups.maxGain; t++)
        for (let n = 1; n <= N; n++) {
          this.D[t * N + n - 1] = this.v[n]!;
          this.S[t * N + n - 1] = this.sv[n]!;
        }
    }
    this.sweepRows(z, top);
  }

  /** Smallest decision gap of the last `sweepRecord` (see penalty.ts). */
  gap = 0;
  /** Chance of a zilch under the last `sweepRecord`'s decisions. */
  pz = 0;
  /** Per row and group: the chosen option's offset from the row (`sweepRecord`). */
  private choice: Int32Array | null = null;
  /** Per cell: 1 where the last `sweepRecord` banks. */
  private banks: Uint8Array | null = null;
  /**
   * Per cell, which function of the inputs the last `sweepRecord`'s value is: −1 a constant,
   * a bank's total t (1 − F at a + t), or −2 a roll (compared on its value alone).
   */
  private kind: Int32Array | null = null;
  private mass: Float64Array | null = null;

  /**
   * A full value sweep at zilch value z (the same additions as `sweepValues`) that records
   * every decision, for `outcomes`, and the smallest gap between a decision and its runner-up.
   * Runners-up that are the same function of the inputs as the choice (banks at the same
   * total, or both constants) are no competitors: they can never overtake it. Constants are
   * banks at or above the target and rolls there that cannot zilch, onto constants only.
   */
  sweepRecord(z: number, gaps: boolean): void {
    if (!gaps) return this.sweepChoices(z);
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const top = this.top;
    const G = g.prob.length;
    const rows = this.D.length / N;
    const choice = (this.choice ??= new Int32Array(rows * G));
    const banks = (this.banks ??= new Uint8Array(rows * N));
    const kind = (this.kind ??= new Int32Array(rows * N));
    banks.fill(1, (top + 1) * N, (top + g.maxGain + 1) * N);
    kind.fill(-1, (top + 1) * N, (top + g.maxGain + 1) * N);
    const { D, R, B } = this;
    const { gFrom, oFrom, off, prob, zilch } = g;
    const lead = sol.T - this.a;
    let gap = Infinity;
    for (let t = top; t >= 0; t--) {
      const base = t * N;
      for (let n = 1; n <= N; n++) {
        let v = zilch[n]! * z;
        const gEnd = gFrom[n + 1]!;
        for (let k = gFrom[n]!; k < gEnd; k++) {
          let best = -1;
          let bo = 0;
          // The best constant, and the best two others: constants never overtake each other.
          let c1 = -1;
          let n1 = -1;
          let n2 = -1;
          const oFirst = oFrom[k]!;
          const oEnd = oFrom[k + 1]!;
          for (let j = oFirst; j < oEnd; j++) {
            const o = off[j]!;
            const idx = base + o;
            const w = D[idx]!;
            if (w > best) {
              best = w;
              bo = o;
            }
            if (kind[idx] === -1) {
              if (w > c1) c1 = w;
            } else if (w > n1) {
              n2 = n1;
              n1 = w;
            } else if (w > n2) n2 = w;
          }
          let second = kind[base + bo] === -1 ? n1 : c1 > n2 ? c1 : n2;
          if (best - second < gap) {
            // A close call: look again without the choice's equals.
            const kb = kind[base + bo]!;
            second = -1;
            for (let j = oFirst; j < oEnd; j++) {
              const idx = base + off[j]!;
              const kj = kind[idx]!;
              if (off[j] === bo || (kb !== -2 && kj === kb)) continue;
              const w = D[idx]!;
              if (w > second) second = w;
            }
            if (best - second < gap) gap = best - second;
          }
          choice[t * G + k] = bo;
          v += prob[k]! * best;
        }
        const i = base + n - 1;
        R[i] = v;
        const bank = B[i]!;
        // At or above the target a roll that cannot zilch is a constant if all it reaches is.
        let rollConst = false;
        if (t >= lead && zilch[n] === 0) {
          rollConst = true;
          for (let j = oFrom[gFrom[n]!]!; j < oFrom[gEnd]!; j++)
            if (kind[base + off[j]!] !== -1) {
              rollConst = false;
              break;
            }
        }
        if (bank >= v) {
          D[i] = bank;
          banks[i] = 1;
          kind[i] = t >= lead ? -1 : t;
        } else {
          D[i] = v;
          banks[i] = 0;
          kind[i] = rollConst ? -1 : -2;
        }
        if (bank > -1 && !(rollConst && t >= lead)) {
          const d = bank > v ? bank - v : v - bank;
          if (d < gap) gap = d;
        }
      }
    }
    this.z = z;
    this.f = R[N - 1]!;
    this.gap = gap;
    sol.states += (top + 1) * N;
    sol.sweeps += 1;
  }

  /** `sweepRecord` without the gaps (about 40% cheaper): decisions and values only. */
  private sweepChoices(z: number): void {
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const top = this.top;
    const G = g.prob.length;
    const rows = this.D.length / N;
    const choice = (this.choice ??= new Int32Array(rows * G));
    const banks = (this.banks ??= new Uint8Array(rows * N));
    banks.fill(1, (top + 1) * N, (top + g.maxGain + 1) * N);
    const { D, R, B } = this;
    const { gFrom, oFrom, off, prob, zilch } = g;
    for (let t = top; t >= 0; t--) {
      const base = t * N;
      for (let n = 1; n <= N; n++) {
        let v = zilch[n]! * z;
        const gEnd = gFrom[n + 1]!;
        for (let k = gFrom[n]!; k < gEnd; k++) {
          let best = -1;
          let bo = 0;
          const oEnd = oFrom[k + 1]!;
          for (let j = oFrom[k]!; j < oEnd; j++) {
            const o = off[j]!;
            const w = D[base + o]!;
            if (w > best) {
              best = w;
              bo = o;
            }
          }
          choice[t * G + k] = bo;
          v += prob[k]! * best;
        }
        const i = base + n - 1;
        R[i] = v;
        const bank = B[i]!;
        if (bank >= v) {
          D[i] = bank;
          banks[i] = 1;
        } else {
          D[i] = v;
          banks[i] = 0;
        }
      }
    }
    this.z = z;
    this.f = R[N - 1]!;
    this.gap = 0;
    sol.states += (top + 1) * N;
    sol.sweeps += 1;
  }

  /**
   * Under the last `sweepRecord`'s decisions, from a fresh turn: adds the chance of banking
   * each total t = lo..T−a−1 (lo the smallest bank) into out[at + t − lo], sets `pz`, and
   * returns the chance-weighted value of the banks at or above the target (constants).
   */
  outcomes(out: Float64Array, at: number): number {
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const G = g.prob.length;
    const hi = this.top + g.maxGain;
    const choice = this.choice!;
    const banks = this.banks!;
    const M = (this.mass ??= new Float64Array(this.D.length));
    M.fill(0, 0, (hi + 1) * N);
    M[N - 1] = 1;
    const lead = sol.T - this.a;
    const lo = Math.max(sol.minFor(this.a), 1);
    const { gFrom, prob, zilch } = g;
    const B = this.B;
    let c = 0;
    let pz = 0;
    // Every keep adds points, so mass only flows to higher totals.
    for (let t = 0; t <= hi; t++) {
      const base = t * N;
      for (let n = 1; n <= N; n++) {
        const i = base + n - 1;
        const m = M[i]!;
        if (m === 0) continue;
        if (banks[i]) {
          if (t < lead) out[at + t - lo] = out[at + t - lo]! + m;
          else c += m * B[i]!;
          continue;
        }
        pz += m * zilch[n]!;
        const gEnd = gFrom[n + 1]!;
        for (let k = gFrom[n]!; k < gEnd; k++) {
          const d = base + choice[t * G + k]!;
          M[d] = M[d]! + m * prob[k]!;
        }
      }
    }
    this.pz = pz;
    return c;
  }

  /** A full backward sweep at zilch value z of the values alone (no slopes or gaps). */
  sweepValues(z: number): void {
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const top = this.top;
    if (this.stat) {
      this.stationaryValues(z);
      for (let t = top + 1; t <= top + g.maxGain; t++)
        for (let n = 1; n <= N; n++) this.D[t * N + n - 1] = this.v[n]!;
    }
    const { D, R, B } = this;
    const { gFrom, oFrom, off, prob, zilch } = g;
    for (let t = top; t >= 0; t--) {
      const base = t * N;
      for (let n = 1; n <= N; n++) {
        // Same operations in the same order as sweepRows, so the values match to the bit.
        let v = zilch[n]! * z;
        const gEnd = gFrom[n + 1]!;
        for (let k = gFrom[n]!; k < gEnd; k++) {
          let best = -1;
          const oEnd = oFrom[k + 1]!;
          for (let j = oFrom[k]!; j < oEnd; j++) {
            const w = D[base + off[j]!]!;
            if (w > best) best = w;
          }
          v += prob[k]! * best;
        }
        const i = base + n - 1;
        R[i] = v;
        const bank = B[i]!;
        D[i] = bank >= v ? bank : v;
      }
    }
    this.z = z;
    this.f = R[N - 1]!;
  }

  /** A compact copy of the roll values (rows 0..top and the stationary row). */
  rolls(): PairRolls {
    const N = this.sol.N;
    const top = this.top;
    const R = new Float64Array((top + 2) * N);
    R.set(this.R.subarray(0, (top + 1) * N));
    if (this.stat) R.set(this.rInf.subarray(1, N + 1), (top + 1) * N);
    return new PairRolls(top, this.stat, N, R);
  }

  /**
   * Brings the table to zilch value z: rows whose decisions all stand are moved along their
   * slopes, and only the rows from the highest one that could change are swept again.
   */
  settle(z: number): void {
    const dz = z - this.z;
    if (dz === 0) return;
    const m = Math.abs(dz) + SAFE;
    if (m >= STEP || m >= this.statCrit || this.sol.fullSweeps) return this.sweep(z);
    let k = this.top;
    while (k >= 0 && this.rowCrit[k]! > m) k--;
    const N = this.sol.N;
    const { D, S, R, SR } = this;
    const hi = this.stat ? this.top + this.sol.groups.maxGain : this.top;
    for (let i = (k + 1) * N; i < (hi + 1) * N; i++) {
      D[i] = D[i]! + S[i]! * dz;
      R[i] = R[i]! + SR[i]! * dz;
    }
    // The gaps of the moved rows were measured at the sweep that set them; each move eats
    // into them, so after several moves in a row the next check must see what is left.
    const moved = Math.abs(dz);
    for (let t = k + 1; t <= this.top; t++) this.rowCrit[t] = this.rowCrit[t]! - moved;
    if (this.stat) {
      this.statCrit -= moved;
      for (let n = 1; n <= N; n++) {
        this.v[n] = this.v[n]! + this.sv[n]! * dz;
        this.rInf[n] = this.rInf[n]! + this.srInf[n]! * dz;
      }
    }
    if (k >= 0) this.sweepRows(z, k);
    else {
      this.z = z;
      this.f = R[N - 1]!;
    }
  }

  /** Sweeps rows `from` down to 0 at zilch value z (rows above are already at z). */
  private sweepRows(z: number, from: number): void {
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const { D, S, R, SR, B, rowCrit } = this;
    const { gFrom, oFrom, off, prob, zilch } = g;
    const top = from;
    // Running minimum from the top: rowCrit[t] is the smallest critical move of rows ≥ t,
    // so options whose gap already exceeds it need no closer look.
    let minGap = from < this.top ? rowCrit[from + 1]! : Math.min(STEP, this.statCrit);
    for (let t = top; t >= 0; t--) {
      const base = t * N;
      for (let n = 1; n <= N; n++) {
        let v = zilch[n]! * z;
        let sl = zilch[n]!;
        const gEnd = gFrom[n + 1]!;
        for (let k = gFrom[n]!; k < gEnd; k++) {
          let best = -1;
          let second = -1;
          let bi = 0;
          const oFirst = oFrom[k]!;
          const oEnd = oFrom[k + 1]!;
          for (let j = oFirst; j < oEnd; j++) {
            const idx = base + off[j]!;
            const w = D[idx]!;
            if (w > best) {
              second = best;
              best = w;
              bi = idx;
              // An exact tie moving at the same slope is no competitor (stationary rows).
            } else if (w > second && (w < best || S[idx] !== S[bi])) second = w;
          }
          const sb = S[bi]!;
          if (best - second < minGap) {
            // A close call: how far may z move before another option overtakes?
            for (let j = oFirst; j < oEnd; j++) {
              const idx = base + off[j]!;
              const ds = S[idx]! - sb;
              const ads = ds < 0 ? -ds : ds;
              if (ads > SLOPE_EPS && best - D[idx]! < minGap * ads) minGap = (best - D[idx]!) / ads;
            }
          }
          const p = prob[k]!;
          v += p * best;
          sl += p * sb;
        }
        const i = base + n - 1;
        R[i] = v;
        SR[i] = sl;
        const bank = B[i]!;
        if (bank >= v) {
          D[i] = bank;
          S[i] = 0;
        } else {
          D[i] = v;
          S[i] = sl;
        }
        if (bank > -1 && sl > SLOPE_EPS) {
          const c = (bank > v ? bank - v : v - bank) / sl;
          if (c < minGap) minGap = c;
        }
      }
      rowCrit[t] = minGap;
    }
    this.z = z;
    this.f = R[N - 1]!;
    this.fp = SR[N - 1]!;
    sol.states += (top + 1) * N;
    sol.sweeps += (top + 1) / (this.top + 1);
  }

  /**
   * Values of the stationary rows at zilch value z by policy iteration over the dice count
   * (gains no longer matter there); returns the smallest gap of its decisions.
   */
  private stationaryValues(z: number): number {
    const sol = this.sol;
    const g = sol.groups;
    const N = sol.N;
    const { v, sv, bankC, rollPol } = this;
    for (let n = 1; n <= N; n++) {
      v[n] = bankC[n]!;
      sv[n] = 0;
      rollPol[n] = 0;
    }
    let gap = Infinity;
    // Each group's choice of next dice count, re-chosen at every improvement step.
    const pick = (this.pick ??= new Int32Array(g.prob.length));
    pick.fill(0);
    for (let iter = 0; iter < 100; iter++) {
      let changed = false;
      gap = Infinity;
      for (let n = 1; n <= N; n++) {
        let r = g.zilch[n]! * z;
        for (let k = g.gFrom[n]!; k < g.gFrom[n + 1]!; k++) {
          let best = -1;
          let bn = 0;
          for (let j = g.oFrom[k]!; j < g.oFrom[k + 1]!; j++) {
            const nx = g.next[j]!;
            const w = v[nx]!;
            if (w > best) {
              best = w;
              bn = nx;
            }
          }
          for (let j = g.oFrom[k]!; j < g.oFrom[k + 1]!; j++) {
            const nx = g.next[j]!;
            const ds = Math.abs(sv[nx]! - sv[bn]!);
            if (ds > SLOPE_EPS) gap = Math.min(gap, (best - v[nx]!) / ds);
          }
          if (pick[k] !== bn && v[bn]! > v[pick[k]!]! + 1e-15) changed = true;
          if (v[bn]! > v[pick[k]!]! + 1e-15 || pick[k] === 0) pick[k] = bn;
          r += g.prob[k]! * best;
        }
        const roll = r > bankC[n]! + 1e-15 ? 1 : 0;
        if (roll !== rollPol[n]) changed = true;
        rollPol[n] = roll;
        let sr = g.zilch[n]!;
        for (let k = g.gFrom[n]!; k < g.gFrom[n + 1]!; k++) sr += g.prob[k]! * sv[pick[k]!]!;
        if (sr > SLOPE_EPS) gap = Math.min(gap, Math.abs(r - bankC[n]!) / sr);
      }
      if (!changed && iter > 0) break;
      this.evaluate(z, pick);
    }
    for (let n = 1; n <= N; n++) {
      let r = g.zilch[n]! * z;
      let sr = g.zilch[n]!;
      for (let k = g.gFrom[n]!; k < g.gFrom[n + 1]!; k++) {
        r += g.prob[k]! * v[pick[k]!]!;
        sr += g.prob[k]! * sv[pick[k]!]!;
      }
      this.rInf[n] = r;
      this.srInf[n] = sr;
    }
    return gap;
  }

  /** Solves the linear system of a fixed stationary policy for values and slopes. */
  private evaluate(z: number, pick: Int32Array): void {
    const g = this.sol.groups;
    const N = this.sol.N;
    // Rows: v_n − Σ p v_next = zilch·z (roll) or v_n = bank; two right-hand sides.
    // Reused rows (swapped by reference), so a stationary solve allocates nothing.
    const rows = (this.rowsM ??= Array.from({ length: N }, () => new Float64Array(N + 2)));
    const M: Float64Array[] = [];
    for (let n = 1; n <= N; n++) {
      const row = rows[n - 1]!.fill(0);
      row[n - 1] = 1;
      if (this.rollPol[n]) {
        for (let k = g.gFrom[n]!; k < g.gFrom[n + 1]!; k++) row[pick[k]! - 1]! -= g.prob[k]!;
        row[N] = g.zilch[n]! * z;
        row[N + 1] = g.zilch[n]!;
      } else row[N] = this.bankC[n]!;
      M.push(row);
    }
    for (let c = 0; c < N; c++) {
      let p = c;
      for (let r = c + 1; r < N; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
      [M[c], M[p]] = [M[p]!, M[c]!];
      for (let r = 0; r < N; r++) {
        if (r === c) continue;
        const f = M[r]![c]! / M[c]![c]!;
        if (f !== 0) for (let k = c; k < N + 2; k++) M[r]![k]! -= f * M[c]![k]!;
      }
    }
    for (let n = 1; n <= N; n++) {
      this.v[n] = M[n - 1]![N]! / M[n - 1]![n - 1]!;
      this.sv[n] = M[n - 1]![N + 1]! / M[n - 1]![n - 1]!;
    }
  }

  /** Roll value at row t, column n (stationary rows included). */
  roll(t: number, n: number): number {
    return t > this.top ? this.rInf[n]! : this.R[t * this.sol.N + n - 1]!;
  }
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
  const bad = twoPlayerUnsupported(rules);
  if (bad) return bad;
  const started = performance.now();
  const extra = rules.hotDiceDoubling ? DOUBLING_EXTRA_POINTS : TWO_PLAYER_EXTRA_POINTS;
  const E = Math.round((opts.extraPoints ?? extra) / UNIT);
  const pen = penaltyShape(rules, opts.floorPoints, opts.belowFloor);
  const sol = new TwoPlayerSolution(rules, E, null, null, pen);
  sol.fullSweeps = opts.fullSweeps === true;
  const T = sol.T;
  const rows = sol.top(sol.lowest()) + sol.groups.maxGain + 2;
  if (pen) {
    const tables = Array.from({ length: 2 * pen.Z }, () => new PairTable(sol, rows));
    const stats = solvePenaltyPairs(sol, tables, opts);
    sol.passes = stats.passes;
    sol.penaltyStats = stats;
    sol.seconds = (performance.now() - started) / 1000;
    return sol;
  }
  const g = sol.dgroups;
  const A: SolveTable = g
    ? new DoublingTable(sol, g, sol.doublingRows())
    : new PairTable(sol, rows);
  const B: SolveTable = g
    ? new DoublingTable(sol, g, sol.doublingRows())
    : new PairTable(sol, rows);
  const totalPairs = T * T;
  let donePairs = 0;
  let lastReport = 0;
  for (let s = 2 * T - 2; s >= 0; s--) {
    for (let a = Math.max(0, s - T + 1); a <= Math.min(T - 1, s); a++) {
      const b = s - a;
      if (a > b) continue;
      solvePair(sol, a, b, A, B);
      donePairs += a === b ? 1 : 2;
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

const TOL = 1e-13;
const SAFE = 1e-13;
/** Largest move of z trusted without a new sweep; closer calls than this are checked one by one. */
const STEP = 1e-3;
/** Slopes closer than this count as equal (the values then move together). */
const SLOPE_EPS = 1e-12;

/** What the pair solve needs of a table: bank values, sweeps at a zilch value, roll values. */
interface SolveTable {
  readonly z: number;
  readonly f: number;
  readonly fp: number;
  setup(a: number, b: number): void;
  sweep(z: number): void;
  settle(z: number): void;
  roll(t: number, n: number): number;
}

function solvePair(
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
