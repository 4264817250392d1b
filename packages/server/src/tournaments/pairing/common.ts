// What every format needs: the seeding order and each player's record from the results.
import type { Entrant, GameResult } from './types.ts';

/** The round to pair next: one after the highest round with a result (1 when none). */
export function nextRound(results: readonly GameResult[]): number {
  let max = 0;
  for (const r of results) if (r.round > max) max = r.round;
  return max + 1;
}

/** Entrants best seed first: rating high to low, then order of entry, then id. */
export function bySeed(entrants: readonly Entrant[]): Entrant[] {
  return entrants.slice().sort(compareSeed);
}

/** Seeding comparison: higher rating first, then earlier entry, then id. */
export function compareSeed(x: Entrant, y: Entrant): number {
  return (
    y.rating - x.rating ||
    (x.seed ?? Number.MAX_SAFE_INTEGER) - (y.seed ?? Number.MAX_SAFE_INTEGER) ||
    (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)
  );
}

/** One player's record: points, games, wins, byes and who they met with what score. */
export interface Record {
  points: number;
  games: number;
  wins: number;
  byes: number;
  /** Games played as `a` (first to move). */
  firsts: number;
  /** Each game over the board: the opponent and this player's score in it (1, 1/2 or 0). */
  met: { opponent: string; score: number }[];
}

/**
 * Every entrant's record. A game counts for each side that is an entrant, so a player keeps the
 * points of a game against someone left out of `entrants`; results naming nobody in `entrants`
 * are skipped (the caller's data, not ours to crash on), as is a game against oneself.
 */
export function records(
  entrants: readonly Entrant[],
  results: readonly GameResult[],
): Map<string, Record> {
  const out = new Map<string, Record>();
  for (const e of entrants)
    out.set(e.id, { points: 0, games: 0, wins: 0, byes: 0, firsts: 0, met: [] });
  for (const r of results) {
    const a = out.get(r.a);
    if (r.b === null) {
      if (!a) continue;
      a.byes += 1;
      a.points += 1;
      continue;
    }
    if (r.a === r.b) continue;
    const b = out.get(r.b);
    if (a) a.firsts += 1;
    const scoreA = r.winner === r.a ? 1 : r.winner === r.b ? 0 : 0.5;
    for (const [me, them, score] of [
      [a, r.b, scoreA],
      [b, r.a, 1 - scoreA],
    ] as const) {
      if (!me) continue;
      me.games += 1;
      me.points += score;
      if (score === 1) me.wins += 1;
      me.met.push({ opponent: them, score });
    }
  }
  return out;
}

/** Sum of the opponents' points over the games played (a bye adds nothing). */
export function buchholzOf(rec: Record, all: Map<string, Record>): number {
  let sum = 0;
  for (const m of rec.met) sum += all.get(m.opponent)?.points ?? 0;
  return sum;
}
