import type { GameState, RuleSet } from '@zilch/engine';
import type { ExpectedRace } from '../solver/expected-race.ts';
import { FinalRound3 } from '../solver/final-round3.ts';
import { lastTurn } from '../solver/last-turn.ts';
import { UNIT } from '../solver/outcomes.ts';
import { sweepAt, sweepTurn, turnSweep, type TurnSweep } from '../solver/turn-sweep.ts';
import type { TwoPlayerSolution } from '../solver/two-player-solution.ts';
import type { Candidate } from './candidates.ts';

/**
 * Three or more players: the turn in front of the player is solved exactly (one backward
 * sweep over the running total), and only the position it ends in is estimated, from the
 * two-player solution of every pair of players:
 * - each pair's two-player value with the right player on turn — who moves first from there
 *   on — and the offer going to the next seat, the one who can take it;
 * - combined into the chance that each player beats all the others as if the pairs were
 *   independent, normalised over the players (q_i = Π_j p_ij, share_i = q_i / Σ q);
 * - a bank that reaches the target starts the final round: the player wins if no one behind
 *   beats the new score in their last turn (each a last-turn solve; the next seat may take
 *   the offer), taken as independent.
 * Exact for two players' last turns; with three players it is measured against the exact
 * three-player solver (docs/solver.md, "Three players").
 * With `race` (three players, two of them `expected`), a position before the target is valued
 * by the race tables instead of the pairs: what the next seat does with the offer is what
 * `expected` does with it.
 */
export function fieldValuer(
  state: GameState,
  sol: TwoPlayerSolution,
  race: ExpectedRace | null = null,
): ((c: Candidate) => number) | null {
  const rules = state.rules;
  const P = state.players;
  const me = state.current;
  // Scores in turn order from the player on turn.
  const scores: number[] = [];
  for (let k = 0; k < P; k++) scores.push(state.scores[(me + k) % P]! / UNIT);
  if (scores.some((s) => !Number.isInteger(s) || s < 0 || s >= sol.T)) return null;
  const tab = turnTable(rules, sol, scores, race);
  const N = rules.dice;
  return (c) => {
    const t = c.after.total / UNIT;
    if (c.after.kind === 'bank')
      return bankValue(rules, sol, scores, t, c.after.dice, c.after.hot, race);
    // Beyond the table the player banks (its cap): a keep is worth its bank, another roll
    // is not taken.
    if (t > tab.top)
      return state.phase === 'decide'
        ? -1
        : bankValue(rules, sol, scores, t, c.after.dice, c.after.dice === N, race);
    return tab.R[sweepAt(tab, N, t, c.after.dice)]!;
  };
}

/** Room above the target for the running total, in units (above it the player banks). */
const EXTRA = 60;
const TABLES_KEPT = 256;
const tables = new Map<string, TurnSweep>();

/** The turn table of the player on turn at these scores (turn order, theirs first). */
function turnTable(
  rules: RuleSet,
  sol: TwoPlayerSolution,
  scores: number[],
  race: ExpectedRace | null,
): TurnSweep {
  const key = `${scores.join(',')}|${sol.T}|${race ? 'race' : 'pairs'}`;
  let s = tables.get(key);
  if (s) {
    tables.delete(key);
    tables.set(key, s);
    return s;
  }
  const g = sol.groups;
  const N = rules.dice;
  const a = scores[0]!;
  const top = sol.T - a + EXTRA;
  s = turnSweep(g, 1, top);
  const rows = top + g.maxGain + 1;
  for (let t = 1; t < rows; t++)
    for (let n = 1; n <= N; n++)
      s.bank[sweepAt(s, N, t, n)] = bankValue(rules, sol, scores, t, n, n === N, race);
  // A zilch: the next player starts fresh, the player on turn last in the new order.
  s.zilch[0] = race
    ? race.nextStarts(a, scores[1]!, scores[2]!)
    : share(sol, [...scores.slice(1), a], 0, 0, scores.length - 1);
  sweepTurn(g, s, top, sol.minFor(a));
  if (tables.size >= TABLES_KEPT) tables.delete(tables.keys().next().value as string);
  tables.set(key, s);
  return s;
}

/**
 * The banker's share of the win after banking t units with n dice (hot: after hot dice) at
 * these scores (turn order, banker first).
 */
function bankValue(
  rules: RuleSet,
  sol: TwoPlayerSolution,
  scores: number[],
  t: number,
  n: number,
  hot: boolean,
  race: ExpectedRace | null,
): number {
  const a = scores[0]! + t;
  const offers = rules.offers;
  const on = offers && (offers.afterHotDice || !hot) ? n : 0;
  const others = scores.slice(1);
  if (a >= sol.T) return finalShare(rules, sol, a, others, t, on);
  if (race) {
    // The next seat plays `expected`: it takes the offer when that promises more points.
    const next = others[0]!;
    const turn = next === 0 ? race.off : race.on;
    const d = on > 0 && turn.inherits(t, on) ? turn.dist(t, on) : turn.fresh;
    return race.nextBanks(a, next, others[1]!, d);
  }
  return share(sol, [...others, a], t, on, others.length);
}

/**
 * Share of the win of the player at index `who` when the first of `order` (scores in turn
 * order) is about to start, with an offer (t, n; n = 0: none).
 */
function share(sol: TwoPlayerSolution, order: number[], t: number, n: number, who: number): number {
  const P = order.length;
  let mine = 0;
  let sum = 0;
  for (let i = 0; i < P; i++) {
    let q = 1;
    for (let j = 0; j < P; j++) {
      if (j === i) continue;
      // The earlier of the two moves first; the first of all may take the offer.
      const [x, y] = i < j ? [i, j] : [j, i];
      const first = order[x]!;
      const second = order[y]!;
      const v =
        x === 0 && n > 0 && t <= second
          ? sol.choose(first, second, t, n)
          : sol.fresh(first, second);
      q *= i < j ? v : 1 - v;
    }
    if (i === who) mine = q;
    sum += q;
  }
  return sum > 0 ? mine / sum : 1 / P;
}

/**
 * The final round's value for a player who banked to `a` units: each player behind has a
 * last turn to beat it (a tie shares), the next one with the offer; taken as independent.
 */
function finalShare(
  rules: RuleSet,
  sol: TwoPlayerSolution,
  a: number,
  others: number[],
  t: number,
  n: number,
): number {
  let p = 1;
  others.forEach((b, k) => {
    const goal = { win: a - b + 1, tieShare: 0.5, min: sol.minFor(b), zilchShare: 0 };
    const tab = lastTurn(rules, goal);
    let v = tab.roll(0, rules.dice);
    if (k === 0 && n > 0) v = Math.max(v, tab.roll(t, n));
    p *= 1 - v;
  });
  return p;
}

const finals = new WeakMap<TwoPlayerSolution, FinalRound3>();
/** Room above the target for the running total in the chained final round, in units. */
const FINAL_EXTRA = 20;

/**
 * Three players, the final round's middle turn (the player who reached the target moved
 * before, one player still to come): valued exactly by chaining the two last turns
 * (solver/final-round3.ts): the bank is worth what the last player's best reply, offer
 * included, leaves. Null elsewhere.
 */
export function chainedFinalValuer(
  state: GameState,
  sol: TwoPlayerSolution,
): ((c: Candidate) => number) | null {
  if (state.players !== 3 || state.finalRound?.turnsLeft !== 2 || state.phase === 'over')
    return null;
  let fr = finals.get(sol);
  if (!fr) {
    fr = new FinalRound3(sol.groups, sol.T + FINAL_EXTRA, (n) => sol.offerDice(n), TABLES_KEPT);
    finals.set(sol, fr);
  }
  const seat = (k: number): number => state.scores[(state.current + k) % 3]! / UNIT;
  const [b, c, a] = [seat(0), seat(1), seat(2)];
  if (![a, b, c].every(Number.isInteger)) return null;
  const tab = fr.bTable(a - b, a - c, sol.minFor(b), sol.minFor(c));
  const capUnits = fr.cap;
  const N = state.rules.dice;
  return (x) => {
    // Totals beyond the tables (far past any score to beat) read their last row.
    const bank = x.after.kind === 'bank';
    if (!bank && state.phase === 'decide' && x.after.total / UNIT > capUnits) return -1;
    const t = Math.min(x.after.total / UNIT, bank ? tab.top + sol.groups.maxGain : tab.top);
    const at = sweepAt(tab, N, t, x.after.dice);
    return bank ? tab.bank[at]! : tab.R[at]!;
  };
}
