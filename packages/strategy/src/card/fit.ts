import {
  keepChoices,
  legalActions,
  seededDice,
  type Action,
  type GameState,
  type RuleSet,
} from '@zilch/engine';
import { advise, type AdviceOption } from '../advisor/index.ts';
import { legalFor } from '../bots/advised.ts';
import { createBot } from '../bots/index.ts';
import type { Bot } from '../bots/types.ts';
import { playGame } from '../simulate/play-game.ts';
import { mixSeed } from '../simulate/seeds.ts';
import { memorySolutions, type SolutionSource } from '../solver/memory.ts';
import { UNIT } from '../solver/outcomes.ts';
import { bandOf } from './bands.ts';
import { cardBot } from './bot.ts';
import type { CardParams } from './params.ts';

/** A position where the card decided, with the exact win value of every option. */
export interface Decision {
  readonly state: GameState;
  readonly options: readonly AdviceOption[];
}

/** Which games the card's decisions are recorded from. */
export interface DecisionOptions {
  readonly games: number;
  readonly seed: number;
  readonly solutions?: SolutionSource;
}

/**
 * Plays the card against `optimal` (seats taking turns to start, the games of `cardRegret`) and
 * records every position where the card had a choice, valued by the exact two-player solution.
 */
export function cardDecisions(
  rules: RuleSet,
  params: CardParams,
  opts: DecisionOptions,
): Decision[] {
  const solutions = opts.solutions ?? memorySolutions;
  const optimal = createBot('optimal', rules, 0, { solutions });
  const inner = cardBot(rules, params);
  const out: Decision[] = [];
  const card: Bot = {
    id: 'card',
    decide(s) {
      if (legalActions(s).length > 1) {
        const advice = advise(s, 'win', { solutions });
        if (advice.kind !== 'win') throw new Error('no two-player solution for these rules');
        // The game changes its state in place: keep a copy.
        out.push({ state: structuredClone(s), options: advice.options });
      }
      return inner.decide(s);
    },
  };
  for (let g = 0; g < opts.games; g++)
    playGame(
      rules,
      g % 2 ? [optimal, card] : [card, optimal],
      seededDice(mixSeed(opts.seed, g)),
      0,
    );
  return out;
}

/**
 * The win share a move gives up at a recorded position (a keep without `then` counts as the
 * better of keep-and-roll and keep-and-bank, as in `cardRegret`).
 */
export function decisionLoss(d: Decision, a: Action): number {
  const same: Action[] = a.type === 'keep' && !a.then ? [a, { ...a, then: 'bank' }] : [a];
  for (const o of d.options) if (legalFor(d.state, o.move, same)) return o.loss;
  throw new Error(`the advisor has no option for ${JSON.stringify(a)}`);
}

/** How far one round of `fitCardRound` may move a threshold: ×lo…×hi of its value. */
export interface FitWindow {
  readonly lo: number;
  readonly hi: number;
}

type Grid = (number | null)[][];

/** A position's two losses for one threshold cell: acting at or above it, and below it. */
interface CellPoint {
  readonly cell: string;
  readonly at: number;
  readonly above: number;
  readonly below: number;
}

/**
 * The values a threshold may take in one round. The loss is of one decision with `optimal`
 * playing on after it, which favours rolling on: unbounded, "never" looks best in many cells
 * and the card, which plays on worse, rolls until it zilches. So a value moves within the
 * window, and a "never" may only come back at 15–37.5 % (bank) or 10–25 % (offer) of the target.
 */
function candidates(now: number | null, w: FitWindow, from: number, to: number): (number | null)[] {
  const out: (number | null)[] = [now];
  if (now === null) for (let t = from; t <= to; t += 5 * UNIT) out.push(t);
  else for (let t = Math.ceil((now * w.lo) / UNIT) * UNIT; t <= now * w.hi; t += UNIT) out.push(t);
  return out;
}

/** Sets every cell of `grids` to its candidate of least summed loss (the first on ties). */
function fitCells(
  grids: readonly (Grid | undefined)[],
  points: readonly CellPoint[],
  tries: (now: number | null) => (number | null)[],
): void {
  const byCell = new Map<string, CellPoint[]>();
  for (const p of points) byCell.set(p.cell, [...(byCell.get(p.cell) ?? []), p]);
  for (const [cell, ps] of byCell) {
    const [g, row, col] = cell.split('|').map(Number) as [number, number, number];
    const cells = grids[g]?.[row];
    if (!cells) continue;
    let best = Infinity;
    let pick: number | null = null;
    for (const t of tries(cells[col] ?? null)) {
      let cost = 0;
      for (const p of ps) cost += t !== null && p.at >= t ? p.above : p.below;
      if (cost < best - 1e-12) [best, pick] = [cost, t];
    }
    cells[col] = pick;
  }
}

const copy = (g: readonly (readonly (number | null)[])[] | undefined): Grid | undefined =>
  g?.map((r) => r.slice());

/**
 * One round of fitting a banded card (`gapCuts` with `bankGrid`, and optionally `lateBankGrid`,
 * `offerGrid`, `lateOfferGrid`, `worthGrid`) to recorded decisions, the rest of the card fixed:
 * each bank and offer cell to the value of least summed loss over the positions it decides
 * (within `window`), then each worth row by coordinate search. Rules without the Ten Dice lock
 * or Hot Dice doubling, per-1,000 gap moves 0.
 */
export function fitCardRound(
  rules: RuleSet,
  params: CardParams,
  decisions: readonly Decision[],
  window: FitWindow,
): CardParams {
  const late = (s: GameState): boolean =>
    params.lateAt !== undefined && s.scores.some((v) => v >= params.lateAt!);
  const row = (s: GameState): number => {
    const own = s.scores[s.current] ?? 0;
    const other = Math.max(...s.scores.filter((_, i) => i !== s.current));
    return bandOf(params.gapCuts, other - own);
  };
  const bank = [copy(params.bankGrid), copy(params.lateBankGrid)];
  const offer = [copy(params.offerGrid), copy(params.lateOfferGrid)];
  const gridOf = (grids: (Grid | undefined)[], s: GameState): number =>
    late(s) && grids[1] ? 1 : 0;

  // Bank cells: each position's loss banking (every threshold 0) and rolling on (never).
  const fill = (v: number | null) => bank.map((g) => g?.map((r) => r.map(() => v)));
  const [zero, never] = [fill(0), fill(null)];
  const always = cardBot(rules, { ...params, bankGrid: zero[0], lateBankGrid: zero[1] });
  const not = cardBot(rules, { ...params, bankGrid: never[0], lateBankGrid: never[1] });
  const bankPoints: CellPoint[] = [];
  const offerPoints: CellPoint[] = [];
  for (const d of decisions) {
    const s = d.state;
    if (s.phase === 'choose' && s.offer && !s.finalRound) {
      const seat = s.current;
      const above = decisionLoss(d, { type: 'inherit', seat });
      const below = decisionLoss(d, { type: 'fresh', seat });
      const cell = `${gridOf(offer, s)}|${row(s)}|${s.offer.dice - 1}`;
      if (above !== below) offerPoints.push({ cell, at: s.offer.points, above, below });
    }
    if (s.phase !== 'decide' && s.phase !== 'keep') continue;
    const rolled = not.decide(s);
    const above = decisionLoss(d, always.decide(s));
    const below = decisionLoss(d, rolled);
    if (above === below) continue;
    // The threshold is judged on the keep the card picks (what it keeps when rolling on).
    let [at, dice] = [s.turn.total, s.turn.available];
    if (s.phase === 'keep' && rolled.type === 'keep') {
      const key = rolled.dice.join(',');
      const c = keepChoices(s).find((k) => k.positions.join(',') === key);
      if (c) [at, dice] = [c.total, c.diceLeft];
    }
    bankPoints.push({ cell: `${gridOf(bank, s)}|${row(s)}|${dice - 1}`, at, above, below });
  }
  const t = rules.target;
  fitCells(bank, bankPoints, (now) => candidates(now, window, 0.15 * t, 0.375 * t));
  fitCells(offer, offerPoints, (now) => candidates(now, window, 0.1 * t, 0.25 * t));
  const fitted: CardParams = {
    ...params,
    bankGrid: bank[0],
    lateBankGrid: bank[1],
    offerGrid: offer[0],
    lateOfferGrid: offer[1],
  };
  return { ...fitted, worthGrid: fitWorth(rules, fitted, decisions) };
}

/** One option of a keep: the best keep leaving `dice`, where it comes, and its loss. */
interface KeepOption {
  readonly dice: number;
  readonly total: number;
  readonly order: number;
  readonly loss: number;
}

/** Moves a worth is tried at, per entry, in `fitWorth`. */
const WORTH_MOVES = [-150, -100, -50, 50, 100, 150];

/**
 * Each worth row by coordinate search (three passes) over the keep positions of its running
 * total band, each position's loss for each keep the card can pick read off by forcing it.
 */
function fitWorth(
  rules: RuleSet,
  params: CardParams,
  decisions: readonly Decision[],
): CardParams['worthGrid'] {
  const rows = params.worthGrid?.map((r) => r.slice());
  if (!rows) return undefined;
  const forced = Array.from({ length: rules.dice }, (_, i) => {
    const w = Array.from({ length: rules.dice }, (_, j) => (i === j ? 1e6 : 0));
    return cardBot(rules, {
      ...params,
      worth: w,
      worthGrid: rows.map(() => w),
      ...(params.finalWorth ? { finalWorth: w } : {}),
    });
  });
  const points: { row: number; keeps: KeepOption[] }[] = [];
  for (const d of decisions) {
    const s = d.state;
    // Final-round keeps are `finalWorth`'s, where the card has it, not the rows'.
    if (s.phase !== 'keep' || (s.finalRound && params.finalWorth)) continue;
    // The card picks the keep of most points + worth; of those leaving the same dice, the most
    // points (the first on ties), which forcing that many dice picks too.
    const best = new Map<number, { total: number; order: number }>();
    keepChoices(s).forEach((c, order) => {
      const b = best.get(c.diceLeft);
      if (!b || c.total > b.total) best.set(c.diceLeft, { total: c.total, order });
    });
    if (best.size < 2) continue;
    const keeps = [...best].map(([dice, b]) => ({
      dice,
      ...b,
      loss: decisionLoss(d, forced[dice - 1]!.decide(s)),
    }));
    keeps.sort((a, b) => a.order - b.order);
    points.push({ row: bandOf(params.worthCuts, s.turn.total), keeps });
  }
  const cost = (w: readonly number[], r: number): number => {
    let sum = 0;
    for (const p of points) {
      if (p.row !== r) continue;
      let value = -Infinity;
      let loss = 0;
      for (const k of p.keeps) {
        const v = k.total + w[k.dice - 1]!;
        if (v > value) [value, loss] = [v, k.loss];
      }
      sum += loss;
    }
    return sum;
  };
  rows.forEach((w, r) => {
    for (let pass = 0; pass < 3; pass++)
      for (let i = 0; i < w.length; i++) {
        const now = w[i]!;
        let [best, pick] = [cost(w, r), now];
        for (const m of WORTH_MOVES) {
          if (now + m < 0) continue;
          w[i] = now + m;
          const c = cost(w, r);
          if (c < best - 1e-12) [best, pick] = [c, now + m];
        }
        w[i] = pick;
      }
  });
  return rows;
}

/** Options of `fitCard`: rounds, and the games and seeds each round records. */
export interface FitOptions {
  readonly rounds: number;
  readonly games: number;
  readonly seeds: readonly number[];
  readonly window: FitWindow;
  readonly solutions?: SolutionSource;
}

/**
 * A rough policy iteration against the exact solution: record the card's decisions on `seeds`,
 * refit its tables to them (`fitCardRound`), play the new card, and again, `rounds` times.
 */
export function fitCard(rules: RuleSet, start: CardParams, opts: FitOptions): CardParams {
  let params = start;
  for (let r = 0; r < opts.rounds; r++) {
    const decisions = opts.seeds.flatMap((seed) =>
      cardDecisions(rules, params, { games: opts.games, seed, solutions: opts.solutions }),
    );
    params = fitCardRound(rules, params, decisions, opts.window);
  }
  return params;
}
