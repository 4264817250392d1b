import { seededDice, type RuleSet } from '@zilch/engine';
import { createBot } from '../bots/index.ts';
import type { Bot, BotId, BotOptions } from '../bots/types.ts';
import type { CardParams } from '../card/params.ts';
import { playGame } from './play-game.ts';
import { mixSeed } from './seeds.ts';

/** Games per chunk: fixed, so the same seed gives the same games whatever the worker count. */
export const CHUNK_GAMES = 200;

/** What a simulation needs to play any of its chunks. */
export interface SimulationPlan {
  readonly rules: RuleSet;
  readonly bots: readonly BotId[];
  readonly games: number;
  readonly seed: number;
  /** What the `card` bot plays (absent: the rule set's detailed card). */
  readonly card?: CardParams;
}

/** Sums over the games of a chunk for one entry of the bot list. */
interface EntryTotals {
  /** Wins, a win shared by t tied players counting 1/t to each. */
  wins: number;
  /** Games this entry won alone. */
  soleWins: number;
  /** Games this entry shared the win. */
  sharedWins: number;
  /** Games this entry started. */
  starts: number;
  /** Wins (shared as in `wins`) in the games this entry started. */
  startWins: number;
  scoreSum: number;
  turns: number;
  zilches: number;
}

/** Sums over the games of a chunk. */
export interface ChunkTotals {
  games: number;
  turns: number;
  entries: EntryTotals[];
}

/** Empty totals for `k` entries. */
export function emptyTotals(k: number): ChunkTotals {
  return {
    games: 0,
    turns: 0,
    entries: Array.from({ length: k }, () => ({
      wins: 0,
      soleWins: 0,
      sharedWins: 0,
      starts: 0,
      startWins: 0,
      scoreSum: 0,
      turns: 0,
      zilches: 0,
    })),
  };
}

/** Adds `b` into `a` (callers add chunks in chunk order, so float sums are reproducible). */
export function addTotals(a: ChunkTotals, b: ChunkTotals): void {
  a.games += b.games;
  a.turns += b.turns;
  b.entries.forEach((e, i) => {
    const t = a.entries[i] as EntryTotals;
    t.wins += e.wins;
    t.soleWins += e.soleWins;
    t.sharedWins += e.sharedWins;
    t.starts += e.starts;
    t.startWins += e.startWins;
    t.scoreSum += e.scoreSum;
    t.turns += e.turns;
    t.zilches += e.zilches;
  });
}

/** The p-th (mod m!) permutation of 0..m-1, in lexicographic order (factorial number system). */
function nthPermutation(p: number, m: number): number[] {
  const items = Array.from({ length: m }, (_, i) => i);
  const fact = [1];
  for (let i = 1; i <= m; i++) fact.push((fact[i - 1] as number) * i);
  let rest = p % (fact[m] as number);
  const out: number[] = [];
  for (let i = m - 1; i >= 0; i--) {
    const f = fact[i] as number;
    out.push(items.splice(Math.floor(rest / f), 1)[0] as number);
    rest %= f;
  }
  return out;
}

/**
 * Which entry of the bot list sits in each seat of game g (seat 0 starts). Game g is the
 * (g mod k)-th game of block b = floor(g / k): entry (g mod k) starts, and the others follow in
 * the b-th ordering of their offsets. So every k consecutive games (from a multiple of k) each
 * entry starts once, and every k! games each entry meets every turn order once: who follows
 * whom (who receives whose offers) is balanced too, not only who starts.
 */
export function seatOrder(g: number, k: number): number[] {
  const start = g % k;
  const rest = nthPermutation(Math.floor(g / k), k - 1);
  return [start, ...rest.map((o) => (start + 1 + o) % k)];
}

/** Number of chunks a plan splits into. */
export function chunkCount(plan: SimulationPlan): number {
  return Math.ceil(plan.games / CHUNK_GAMES);
}

/**
 * Plays chunk `index` of a plan. Its dice and bots are seeded from (seed, index) only; the
 * seats of each game come from `seatOrder` and game seat 0 starts. `bot` is what the bots may
 * draw on (where advised bots get solutions); it changes how fast they decide, never what.
 */
export function runChunk(plan: SimulationPlan, index: number, bot: BotOptions = {}): ChunkTotals {
  const k = plan.bots.length;
  const chunkSeed = mixSeed(plan.seed, index);
  const dice = seededDice(chunkSeed);
  const bots: Bot[] = plan.bots.map((id, e) =>
    createBot(
      id,
      plan.rules,
      mixSeed(chunkSeed, e + 1),
      plan.card ? { ...bot, card: plan.card } : bot,
    ),
  );
  const totals = emptyTotals(k);
  const from = index * CHUNK_GAMES;
  const to = Math.min(plan.games, from + CHUNK_GAMES);
  for (let g = from; g < to; g++) {
    const order = seatOrder(g, k);
    const entryOf = (seat: number): number => order[seat] as number;
    const seated = Array.from({ length: k }, (_, seat) => bots[entryOf(seat)] as Bot);
    const out = playGame(plan.rules, seated, dice, 0);
    totals.games += 1;
    totals.entries[entryOf(0)]!.starts += 1;
    for (let seat = 0; seat < k; seat++) {
      const e = totals.entries[entryOf(seat)] as EntryTotals;
      e.scoreSum += out.scores[seat] as number;
      e.turns += out.turns[seat] as number;
      e.zilches += out.zilches[seat] as number;
      totals.turns += out.turns[seat] as number;
    }
    const share = 1 / out.winners.length;
    for (const seat of out.winners) {
      const e = totals.entries[entryOf(seat)] as EntryTotals;
      e.wins += share;
      if (seat === 0) e.startWins += share;
      if (out.winners.length === 1) e.soleWins += 1;
      else e.sharedWins += 1;
    }
  }
  return totals;
}
