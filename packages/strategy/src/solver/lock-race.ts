import type { RuleSet } from '@zilch/engine';
import { firstRollShare, lastTurn, type LastTurnValues } from './last-turn.ts';
import { solveLongRun } from './long-run.ts';
import { UNIT } from './outcomes.ts';
import { memoByRules } from './rules-memo.ts';
import type { TurnKernel } from './turn-kernel.ts';
import type { TurnSolution } from './turn.ts';
import { UNSUPPORTED_INSTEAD } from './two-player.ts';

/**
 * The Ten Dice lock is beyond the exact two-player solver (its offer table alone would take
 * ~2.6 GB), so two-player play under it improves on `expected` by one step of policy
 * iteration instead. This module is the evaluation half: the chance that the player on turn
 * wins when both players play `expected` (expected points, exact last turns), from a
 * Markov chain over the two scores whose turns are the expected-points turn's exact
 * distribution of points banked. The advisor (advisor/lock-race.ts) then plays each turn
 * for the win against these values.
 */
export interface LockRace {
  readonly rules: RuleSet;
  /** Target in units of 50. */
  readonly T: number;
  /** P(a fresh turn banks x units) under the expected-points strategy, x = 0..P.length − 1. */
  readonly P: Float64Array;
  /** Probability mass the distribution leaves out above its cap (a check on its truncation). */
  readonly lost: number;
  /** Expected-points turn solution whose policy the chain follows. */
  readonly turn: TurnSolution;
  readonly kernel: TurnKernel;
  /** Largest deficit with a last-turn table; a larger one is a certain loss here. */
  readonly maxDeficit: number;
  /** Win share of the player on turn at scores (a, b), both below the target, nothing offered. */
  win(a: number, b: number): number;
  /**
   * Win share of the opponent offered t units with n dice at scores (b, a): `expected`
   * inherits when that beats a fresh turn in expected points, and the gain is valued as a
   * head start of that many points before a fresh turn (an approximation: the chain itself
   * has no offers).
   */
  offered(b: number, a: number, t: number, n: number): number;
  /** Smallest deficit (units) whose fresh last turn wins less than `share`. */
  deficitFor(share: number): number;
  /** Share of the trailing player's last turn `d` ≥ 1 units behind, fresh or inheriting (t, n). */
  lastShare(d: number, t?: number, n?: number): number;
}

/** Why the lock race cannot model a rule set, or null when it can. */
export function lockRaceUnsupported(rules: RuleSet): string | null {
  if (!rules.lockOnHotDice) return 'no Ten Dice lock';
  if (rules.hotDiceDoubling || rules.setDoubling) return 'Hot Dice extensions';
  if (rules.zilchPenalty) return 'a zilch penalty';
  if (rules.openingMinimum > 0 || rules.bankMinimum > 0) return 'a minimum';
  if (rules.end !== 'final-round' || rules.rounds) return 'an end other than a final round';
  if (rules.ties !== 'share') return 'a tie-break play-off';
  if (rules.firstRollMercy || rules.nothingBonus) return 'first-roll mercy or a nothing bonus';
  return null;
}

/** What the bots and the coach do on a rule set the two-player solver refuses. */
export function unsupportedInstead(rules: RuleSet): string {
  if (lockRaceUnsupported(rules)) return UNSUPPORTED_INSTEAD;
  return 'With two players the optimal bot plays each turn for the chance to win against expected play (one step of policy iteration, docs/solver.md "Ten Dice"); the last turn of the game is solved exactly. The coach shows expected points, and win chances on last turns.';
}

/** A last turn's share is treated as 0 once it falls below this (it only falls with the deficit). */
const NEGLIGIBLE = 1e-9;
/** Fresh-turn totals above this many units are cut from the distribution (mass reported in `lost`). */
const MAX_TURN_UNITS = 2_000;
/** Probability mass of the longest turns left out of the distribution (reported in `lost`). */
const TAIL = 1e-12;

/** The (memoised) lock race of a rule set; throws for rule sets `lockRaceUnsupported` names. */
export const lockRace: (rules: RuleSet) => LockRace = memoByRules((rules) => build(rules), 4);

function build(rules: RuleSet): LockRace {
  const why = lockRaceUnsupported(rules);
  if (why) throw new Error(`lock race: ${why}`);
  const turn = solveLongRun(rules, { onBoard: true }).turns[0]!;
  const { P, lost } = turnDistribution(turn);
  const T = rules.target / UNIT;
  const last = lastShares(rules);
  const F = last.fresh;
  const Fat = (d: number): number => (d < F.length ? F[d]! : 0);
  // W[a*T + b]: the player on turn at a against b. A bank raises the sum of the scores, so
  // pairs are solved by decreasing sum; a zilch swaps them, the only cycle: x = A − p0·y,
  // y = B − p0·x with A, B the rest of each side's sum.
  const W = new Float64Array(T * T);
  const p0 = P[0]!;
  const top = P.length - 1;
  const rest = (a: number, b: number): number => {
    let v = p0;
    const reach = T - a;
    for (let x = 1; x <= top; x++) {
      const p = P[x]!;
      if (p === 0) continue;
      v += p * (x >= reach ? 1 - Fat(a + x - b) : 1 - W[b * T + a + x]!);
    }
    return v;
  };
  for (let sum = 2 * T - 2; sum >= 0; sum--)
    for (let a = Math.max(0, sum - T + 1); 2 * a <= sum; a++) {
      const b = sum - a;
      if (a === b) W[a * T + a] = rest(a, a) / (1 + p0);
      else {
        const A = rest(a, b);
        const B = rest(b, a);
        const x = (A - p0 * B) / (1 - p0 * p0);
        W[a * T + b] = x;
        W[b * T + a] = B - p0 * x;
      }
    }
  const E = turn.expectedTurn / UNIT;
  const gainMemo = new Map<number, number>();
  const offerMemo = new Map<number, number>();
  const gain = (t: number, n: number): number => {
    const id = t * 64 + n;
    let g = gainMemo.get(id);
    if (g === undefined) {
      g = Math.max(0, turn.roll(t * UNIT, n) / UNIT - E);
      gainMemo.set(id, g);
    }
    return g;
  };
  return {
    rules,
    T,
    P,
    lost,
    turn,
    kernel: turn.kernel,
    maxDeficit: F.length - 1,
    win: (a, b) => W[a * T + b]!,
    deficitFor: (share) => {
      let d = 1;
      while (d < F.length && F[d]! >= share) d++;
      return d;
    },
    offered: (b, a, t, n) => {
      const g = n > 0 ? gain(t, n) : 0;
      const x = Math.min(b + g, T - 1);
      const lo = Math.floor(x);
      const w = W[lo * T + a]!;
      return lo === x ? w : w + (x - lo) * (W[(lo + 1) * T + a]! - w);
    },
    lastShare: (d, t, n) => {
      if (d >= F.length) return 0;
      const f = F[d]!;
      if (t === undefined || n === undefined || n === 0) return f;
      // An offer above the table's rows is rolled on the spot: remember those answers.
      const id = (d * 4096 + t) * 64 + n;
      let r = offerMemo.get(id);
      if (r === undefined) {
        r = last.table(d).roll(t, n);
        if (offerMemo.size >= 100_000) offerMemo.clear();
        offerMemo.set(id, r);
      }
      return r > f ? r : f;
    },
  };
}

/**
 * The trailing player's last-turn shares by deficit d (units): needing more than d, a tie
 * at exactly d sharing ½, fresh start. One shared last-turn table serves every deficit.
 */
function lastShares(rules: RuleSet): { fresh: number[]; table: (d: number) => LastTurnValues } {
  const table = (d: number): LastTurnValues =>
    lastTurn(rules, { win: d + 1, tieShare: 0.5, min: 0, zilchShare: 0 });
  const fresh = [0.5];
  for (let d = 1; d <= MAX_TURN_UNITS; d++) {
    const f = firstRollShare(rules, table(d));
    fresh.push(f);
    if (f < NEGLIGIBLE) break;
  }
  return { fresh, table };
}

/**
 * The exact distribution of the points a fresh turn banks under the expected-points
 * strategy. Its choices depend only on the amount at risk r (total − lock), so the turn is
 * a chain of segments, each starting with every die at r = 0: forward probabilities over
 * (r, dice) give each segment's chance to bank r, to zilch (banking the lock) or to lock
 * r + gain with hot dice; the locks then add up like a renewal process.
 */
function turnDistribution(turn: TurnSolution): { P: Float64Array; lost: number } {
  const k = turn.kernel;
  const S = k.states.length;
  const N = turn.rules.dice;
  const cap = Math.min(turn.cap, MAX_TURN_UNITS);
  // The points strategy's decision values in units (the turn solver's own tables).
  const D = new Float64Array((cap + 1) * S);
  const bankAt = new Uint8Array((cap + 1) * S);
  for (let r = 0; r <= cap; r++)
    for (let s = 0; s < S; s++) {
      const roll = turn.roll(r * UNIT, k.states[s]!.dice) / UNIT;
      D[r * S + s] = r > roll ? r : roll;
      bankAt[r * S + s] = r > roll ? 1 : 0;
    }
  const after = turn.afterHot;
  const mass = new Float64Array((cap + 1) * S);
  const bank = new Float64Array(cap + 1);
  const hot = new Float64Array(cap + 1);
  let zilch = 0;
  let segLost = 0;
  const start = k.index(N, 0);
  mass[start] = 1;
  for (let r = 0; r <= cap; r++)
    for (let s = S - 1; s >= 0; s--) {
      const m = mass[r * S + s]!;
      if (m === 0) continue;
      const st = k.states[s]!;
      const f = st.flat;
      if (!f) throw new Error('lock race: a turn state without fixed gains');
      zilch += m * st.zilch;
      for (let i = 0; i < f.prob.length; i++) {
        let best = -Infinity;
        let pick = -1;
        for (let j = f.start[i]!; j < f.start[i + 1]!; j++) {
          const nt = r + f.gain[j]!;
          const w = f.hot[j] ? nt + after : nt > cap ? nt : D[nt * S + f.next[j]!]!;
          if (w > best) [best, pick] = [w, j];
        }
        const nt = r + f.gain[pick]!;
        const q = m * f.prob[i]!;
        if (nt > cap) segLost += q;
        else if (f.hot[pick]) hot[nt]! += q;
        else if (bankAt[nt * S + f.next[pick]!]) bank[nt]! += q;
        else mass[nt * S + f.next[pick]!]! += q;
      }
    }
  // Renewal: H[L] = chance some segment starts with L locked; each segment then banks,
  // zilches (the lock is banked) or locks more.
  const H = new Float64Array(cap + 1);
  const P = new Float64Array(cap + 1);
  H[0] = 1;
  let lost = 0;
  for (let L = 0; L <= cap; L++) {
    const h = H[L]!;
    if (h === 0) continue;
    // A segment that runs past the cap is cut wherever it starts.
    lost += h * segLost;
    P[L]! += h * zilch;
    for (let x = 1; x <= cap; x++) {
      if (L + x > cap) {
        lost += h * (bank[x]! + hot[x]!);
        continue;
      }
      P[L + x]! += h * bank[x]!;
      H[L + x]! += h * hot[x]!;
    }
  }
  // The far tail (turns of tens of thousands of points) is cut where it stops mattering.
  let top = cap;
  let tail = 0;
  while (top > 0 && tail + P[top]! < TAIL) tail += P[top--]!;
  lost += tail;
  return { P: P.slice(0, top + 1), lost };
}
