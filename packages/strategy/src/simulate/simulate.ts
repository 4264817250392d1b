import type { RuleSet } from '@zilch/engine';
import type { CardParams } from '../card/params.ts';
import type { BotId, BotOptions } from '../bots/types.ts';
import {
  addTotals,
  chunkCount,
  emptyTotals,
  runChunk,
  type ChunkTotals,
  type SimulationPlan,
} from './chunk.ts';
import { wilson } from './stats.ts';

/** What to simulate. */
export interface SimulateOptions {
  readonly rules: RuleSet;
  /** One entry per seat; the same bot may appear more than once. */
  readonly bots: readonly BotId[];
  readonly games: number;
  readonly seed: number;
  /** What the `card` bot plays (absent: the rule set's detailed card), e.g. the short card. */
  readonly card?: CardParams;
  /** Called as games finish, with games done so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Results of one entry of the bot list. */
export interface SeatResult {
  readonly bot: BotId;
  /** A win shared by t tied players counts 1/t, so the entries' wins add up to the games. */
  readonly wins: number;
  readonly winRate: number;
  /** Wilson 95% interval of the win rate. */
  readonly ci95: [number, number];
  /** Games this entry won alone and games it shared. */
  readonly soleWins: number;
  readonly sharedWins: number;
  /** Games this entry took the first turn (seats rotate, so this is games / entries ± 1). */
  readonly starts: number;
  readonly meanScore: number;
  /** Mean turns this entry played per game. */
  readonly turnsPerGame: number;
  /** Share of this entry's turns that ended in a zilch. */
  readonly zilchRate: number;
}

/** Results of a simulation. */
export interface SimulationResult {
  readonly games: number;
  readonly seed: number;
  readonly workers: number;
  readonly seats: SeatResult[];
  /** Share of the wins that went to the player who took the first turn, and its 95% interval. */
  readonly firstPlayerWinRate: number;
  readonly firstPlayerCi95: [number, number];
  /** Mean turns per game, all seats together. */
  readonly turnsPerGame: number;
  /** Share of all turns that ended in a zilch. */
  readonly zilchRate: number;
  readonly seconds: number;
}

/** Checks the options and makes the plan every chunk is played from. */
export function planOf(opts: SimulateOptions): SimulationPlan {
  if (opts.bots.length < 2) throw new Error('A simulation needs at least 2 bots.');
  if (!Number.isInteger(opts.games) || opts.games < 1)
    throw new Error('games must be a positive integer');
  return {
    rules: opts.rules,
    bots: opts.bots.slice(),
    games: opts.games,
    seed: opts.seed | 0,
    ...(opts.card ? { card: opts.card } : {}),
  };
}

/** Sums the chunks' totals in chunk order (so float sums are reproducible) into the result. */
export function summarize(
  plan: SimulationPlan,
  results: readonly ChunkTotals[],
  workers: number,
  started: number,
): SimulationResult {
  const total = emptyTotals(plan.bots.length);
  for (const t of results) addTotals(total, t);
  const seats = total.entries.map((e, i): SeatResult => ({
    bot: plan.bots[i] as BotId,
    wins: e.wins,
    winRate: e.wins / total.games,
    ci95: wilson(e.wins, total.games),
    soleWins: e.soleWins,
    sharedWins: e.sharedWins,
    starts: e.starts,
    meanScore: e.scoreSum / total.games,
    turnsPerGame: e.turns / total.games,
    zilchRate: e.turns ? e.zilches / e.turns : 0,
  }));
  const zilches = total.entries.reduce((a, e) => a + e.zilches, 0);
  const firstWins = total.entries.reduce((a, e) => a + e.startWins, 0);
  return {
    games: total.games,
    seed: plan.seed,
    workers,
    seats,
    firstPlayerWinRate: firstWins / total.games,
    firstPlayerCi95: wilson(firstWins, total.games),
    turnsPerGame: total.turns / total.games,
    zilchRate: total.turns ? zilches / total.turns : 0,
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * Plays `games` games between the bots in this thread and sums up each entry's results. The
 * games are cut into fixed chunks seeded from (seed, chunk index) and summed in chunk order,
 * so the result depends on the seed only: `simulate` of `@zilch/strategy/node`, which spreads
 * the chunks over worker threads, gives the same figures.
 */
export function simulateInThread(opts: SimulateOptions & BotOptions): SimulationResult {
  const started = performance.now();
  const plan = planOf(opts);
  const results: ChunkTotals[] = [];
  let gamesDone = 0;
  for (let i = 0; i < chunkCount(plan); i++) {
    const t = runChunk(plan, i, opts);
    results.push(t);
    gamesDone += t.games;
    opts.onProgress?.(gamesDone, plan.games);
  }
  return summarize(plan, results, 1, started);
}
