import { legalActions, seededDice, type Action, type GameState, type RuleSet } from '@zilch/engine';
import { advise } from '../advisor/index.ts';
import { createBot } from '../bots/index.ts';
import type { Bot } from '../bots/types.ts';
import { playGame } from '../simulate/play-game.ts';
import { mixSeed } from '../simulate/seeds.ts';
import { memorySolutions, type SolutionSource } from '../solver/memory.ts';
import { UNIT } from '../solver/outcomes.ts';
import { cardBot } from './bot.ts';
import { decisionLoss } from './fit.ts';
import { strategyCard } from './card.ts';
import type { CardParams } from './params.ts';

/** How a card's regret against `optimal` is measured. */
export interface RegretOptions {
  readonly games: number;
  readonly seed: number;
  /** Where the advisor gets the two-player solution (default: memory). */
  readonly solutions?: SolutionSource;
}

/** A strategy's loss of win share against `optimal`, estimated from its decisions. */
export interface Regret {
  readonly games: number;
  /** Mean over games of the card's summed decision losses = ½ − its expected win share. */
  readonly loss: number;
  /** Standard error of `loss`. */
  readonly se: number;
  /**
   * `loss` split by the kind of decision: phase and move (keep-bank, keep, roll, bank,
   * inherit, fresh) and the stage (`final` round; `late` once a score is at 80 % of the target).
   */
  readonly byKind: Readonly<Record<string, number>>;
}

function kindOf(s: GameState, a: Action): string {
  const move = a.type === 'keep' && a.then === 'bank' ? 'keep-bank' : a.type;
  const stage = s.finalRound
    ? 'final'
    : Math.max(...s.scores) >= 0.8 * s.rules.target
      ? 'late'
      : 'early';
  return `${move} ${stage}`;
}

/**
 * How much win share the card's move gives up at `s`: the best option's value less the value of
 * the move (a keep without `then` counts as the better of keep-and-roll and keep-and-bank, as
 * the card decides that on its next move).
 */
function lossOf(s: GameState, a: Action, solutions: SolutionSource): number {
  if (legalActions(s).length <= 1) return 0;
  const advice = advise(s, 'win', { solutions });
  if (advice.kind !== 'win') throw new Error('no two-player solution for these rules');
  return decisionLoss({ state: s, options: advice.options }, a);
}

/**
 * Plays `bot` against `optimal` (two players, seats taking turns to start) and sums the win share
 * each of the bot's decisions gives up, valued by the exact two-player solution. By the
 * performance-difference identity that sum's mean is exactly ½ − the bot's win share against
 * `optimal` (whose own moves give up nothing), and its spread is far smaller than a win/loss
 * count's, so a few hundred games tell strategies apart. Two-player-solvable rules only.
 */
export function botRegret(rules: RuleSet, bot: Bot, opts: RegretOptions): Regret {
  const solutions = opts.solutions ?? memorySolutions;
  const optimal = createBot('optimal', rules, 0, { solutions });
  let gameLoss = 0;
  const byKind = new Map<string, number>();
  const judged: Bot = {
    id: bot.id,
    decide(s) {
      const a = bot.decide(s);
      const l = lossOf(s, a, solutions);
      gameLoss += l;
      const k = kindOf(s, a);
      byKind.set(k, (byKind.get(k) ?? 0) + l);
      return a;
    },
  };
  let sum = 0;
  let sum2 = 0;
  for (let g = 0; g < opts.games; g++) {
    gameLoss = 0;
    // Common random numbers: game g rolls the same dice for every strategy that is compared.
    playGame(
      rules,
      g % 2 ? [optimal, judged] : [judged, optimal],
      seededDice(mixSeed(opts.seed, g)),
      0,
    );
    sum += gameLoss;
    sum2 += gameLoss * gameLoss;
  }
  const n = opts.games;
  const loss = sum / n;
  const variance = n > 1 ? (sum2 - n * loss * loss) / (n - 1) : 0;
  const kinds = [...byKind].sort((x, y) => y[1] - x[1]).map(([k, v]) => [k, v / n] as const);
  return {
    games: n,
    loss,
    se: Math.sqrt(Math.max(0, variance) / n),
    byKind: Object.fromEntries(kinds),
  };
}

/** The card's regret against `optimal` (`botRegret` of the `card` bot with these parameters). */
export function cardRegret(rules: RuleSet, params: CardParams, opts: RegretOptions): Regret {
  return botRegret(rules, cardBot(rules, params), opts);
}

/** Values each card parameter is tried at by `tuneCard`. */
export const CARD_GRID: {
  readonly [
    K in Exclude<
      keyof CardParams,
      TableKey | GridKey | 'gapCuts' | 'worthCuts' | 'endCuts' | 'finalCuts'
    >
  ]: readonly number[];
} = {
  behindPer1000: [0, 25, 50, 100, 150, 200],
  aheadPer1000: [0, 25, 50, 100, 150],
  endLead: [0, 500, 1000, 1500, 2000, 3000],
  chaseWithin: [0, 500, 1000, 1500, 2000, 3000],
  finishWithin: [0, 250, 500, 750],
  hotBankAt: [0, 1000, 1500, 2000, 3000],
  endMaxDice: [1, 2, 3, 10],
  heldFactor: [1, 2, 3, 4, 6],
  hotBackLoss: [0, 50, 100, 200, 400],
  lateAt: [7000, 8000, 9000],
  endBankDice: [0, 1, 2, 3],
  endAheadDice: [0, 2, 3, 4, 5],
  endAheadBy: [-500, 0, 250, 500, 1000],
  behindLatePer1000: [50, 100, 150, 200],
};

/** Parameters that are a table by dice count, tuned entry by entry. */
type TableKey = 'bankAt' | 'worth' | 'finalWorth' | 'finalOffers' | 'lateBankAt' | 'lateOffers';

/** Parameters that are tables by band, then dice count, tuned cell by cell. */
type GridKey =
  | 'bankGrid'
  | 'lateBankGrid'
  | 'offerGrid'
  | 'lateOfferGrid'
  | 'worthGrid'
  | 'endGrid'
  | 'finalOfferGrid';

/** Factors a bank threshold is tried at by `tuneCard` (and never). */
const BANK_FACTORS = [0.7, 0.85, 1.2, 1.5, 2, 3];

/** Steps a keep worth is moved by in `tuneCard`. */
const WORTH_STEPS = [-100, -50, 50, 100];

/**
 * Coordinate search from `start`: each bank threshold (scaled by `BANK_FACTORS`, or never),
 * each keep worth (moved by `WORTH_STEPS`) and each `CARD_GRID` parameter in turn is set to
 * the value of least regret (the same games for every candidate), for `passes` passes.
 */
export function tuneCard(
  rules: RuleSet,
  start: CardParams,
  opts: RegretOptions & { readonly passes?: number; readonly log?: (line: string) => void },
): { params: CardParams; regret: Regret } {
  const first = strategyCard(rules, start);
  let best: CardParams = {
    ...start,
    // A banded card's thresholds are its grids: no plain table to tune beside them.
    bankAt: start.bankGrid ? undefined : (start.bankAt ?? first.thresholds.map((t) => t.bankAt)),
    worth: start.worth ?? first.worth,
  };
  let bestRegret = cardRegret(rules, best, opts);
  opts.log?.(`start ${JSON.stringify(best)} loss ${bestRegret.loss.toFixed(4)}`);
  const try1 = (p: CardParams, what: string): void => {
    const r = cardRegret(rules, p, opts);
    opts.log?.(`${what} loss ${r.loss.toFixed(4)} ± ${r.se.toFixed(4)}`);
    if (r.loss < bestRegret.loss) [best, bestRegret] = [p, r];
  };
  /** Tries every entry of a table at the values `tries` gives for its current one. */
  const tuneTable = (
    key: TableKey,
    tries: (now: number | null) => Iterable<number | null>,
  ): void => {
    const table = best[key];
    if (!table) return;
    for (let i = 0; i < table.length; i++) {
      const now = best[key]![i] ?? null;
      for (const v of new Set(tries(now))) {
        if (v === now) continue;
        const next = best[key]!.slice();
        next[i] = v;
        try1({ ...best, [key]: next }, `${key}[${i + 1}]=${v}`);
      }
    }
  };
  /** Tries every cell of a grid at the values `tries` gives for its current one. */
  const tuneGrid = (key: GridKey, tries: (now: number | null) => Iterable<number | null>): void => {
    const rows = best[key];
    if (!rows) return;
    rows.forEach((row, r) =>
      row.forEach((_, i) => {
        const now = best[key]![r]![i] ?? null;
        for (const v of new Set(tries(now))) {
          if (v === now) continue;
          const next = best[key]!.map((x) => x.slice());
          next[r]![i] = v as number;
          try1({ ...best, [key]: next }, `${key}[${r}][${i + 1}]=${v}`);
        }
      }),
    );
  };
  const scaled = (now: number): number[] =>
    BANK_FACTORS.map((f) => Math.max(UNIT, Math.round((now * f) / UNIT) * UNIT));
  for (let pass = 0; pass < (opts.passes ?? 2); pass++) {
    tuneTable('bankAt', (now) =>
      now === null ? [null, rules.target / 4, rules.target / 8] : [null, ...scaled(now)],
    );
    tuneTable('worth', (now) => WORTH_STEPS.map((d) => Math.max(0, (now ?? 0) + d)));
    const bankTries = (now: number | null): (number | null)[] =>
      now === null ? [null, rules.target / 4, rules.target / 8] : [null, ...scaled(now)];
    const offerTries = (now: number | null): (number | null)[] =>
      now === null ? [null, 1000] : [null, ...scaled(now)];
    tuneGrid('bankGrid', bankTries);
    tuneGrid('lateBankGrid', bankTries);
    tuneGrid('offerGrid', offerTries);
    tuneGrid('lateOfferGrid', offerTries);
    tuneGrid('worthGrid', (now) => WORTH_STEPS.map((d) => Math.max(0, (now ?? 0) + d)));
    tuneTable('finalWorth', (now) => WORTH_STEPS.map((d) => Math.max(0, (now ?? 0) + d)));
    tuneGrid('endGrid', bankTries);
    tuneGrid('finalOfferGrid', offerTries);
    tuneTable('lateBankAt', (now) =>
      now === null ? [null, rules.target / 4, rules.target / 8] : [null, ...scaled(now)],
    );
    tuneTable('lateOffers', (now) => (now === null ? [null, 1000] : [null, ...scaled(now)]));
    tuneTable('finalOffers', (now) => (now === null ? [null, 1000] : [null, ...scaled(now)]));
    for (const key of Object.keys(CARD_GRID) as (keyof typeof CARD_GRID)[]) {
      for (const v of CARD_GRID[key]) {
        if (v === best[key]) continue;
        try1({ ...best, [key]: v }, `${key}=${v}`);
      }
    }
  }
  return { params: best, regret: bestRegret };
}
