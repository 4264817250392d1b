// Single elimination seeded by rating. The bracket has the next power of two of slots, filled
// in the standard order (1 v 2^k, seeds 1 and 2 in opposite halves, 1 and 4 / 2 and 3 in
// opposite quarters...), so the top seeds can only meet late; the empty slots face the top
// seeds, who get the round-1 byes. A drawn or void game (or a missing result) sends the higher
// seed on: the tournament service should ask for a winner, this is only the last word.
import { buchholzOf, bySeed, nextRound, records } from './common.ts';
import type { Entrant, GameResult, Pairing, Standing } from './types.ts';

/** ceil(log2 n) rounds. */
export function eliminationRounds(n: number): number {
  return n < 2 ? 0 : Math.ceil(Math.log2(n));
}

/** Seed numbers (1-based) in bracket order for a bracket of `size` slots (a power of two). */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const twice = order.length * 2;
    order = order.flatMap((s) => [s, twice + 1 - s]);
  }
  return order;
}

/** Who is still in before each round: `slots[r - 1]` lists round r's bracket, null = empty. */
function play(
  entrants: Entrant[],
  results: GameResult[],
  upTo: number,
): { slots: (string | null)[][]; lostIn: Map<string, number>; seedOf: Map<string, number> } {
  const seeded = bySeed(entrants);
  const seedOf = new Map(seeded.map((e, i) => [e.id, i + 1]));
  const size = 2 ** eliminationRounds(seeded.length);
  let slots = bracketOrder(size).map((s) => (s <= seeded.length ? seeded[s - 1]!.id : null));
  const all = [slots];
  const lostIn = new Map<string, number>();
  const winnerOf = new Map<string, string | null>();
  const key = (round: number, x: string, y: string) =>
    x < y ? `${round}\u0000${x}\u0000${y}` : `${round}\u0000${y}\u0000${x}`;
  for (const r of results) if (r.b !== null) winnerOf.set(key(r.round, r.a, r.b), r.winner);
  for (let round = 1; round <= upTo && slots.length > 1; round++) {
    const next: (string | null)[] = [];
    for (let i = 0; i < slots.length; i += 2) {
      const x = slots[i]!;
      const y = slots[i + 1]!;
      if (x === null || y === null) {
        next.push(x ?? y);
        continue;
      }
      const said = winnerOf.get(key(round, x, y));
      const higher = seedOf.get(x)! < seedOf.get(y)! ? x : y;
      const winner = said === x || said === y ? said : higher;
      lostIn.set(winner === x ? y : x, round);
      next.push(winner);
    }
    slots = next;
    all.push(slots);
  }
  return { slots: all, lostIn, seedOf };
}

/** The next round's games (round 1 includes the byes); [] once a champion is known. */
export function eliminationRound(entrants: Entrant[], results: GameResult[]): Pairing[] {
  const round = nextRound(results);
  if (round > eliminationRounds(entrants.length)) return [];
  const slots = play(entrants, results, round - 1).slots[round - 1]!;
  const out: Pairing[] = [];
  for (let i = 0; i < slots.length; i += 2) {
    const x = slots[i]!;
    const y = slots[i + 1]!;
    if (x !== null) out.push({ a: x, b: y });
    else if (y !== null) out.push({ a: y, b: null });
  }
  return out;
}

/**
 * By round reached (the champion is past the last round), then seed. Players out in the same
 * round share a rank (both semi-final losers are 3rd); points = rounds won, byes included.
 */
export function eliminationStandings(entrants: Entrant[], results: GameResult[]): Standing[] {
  const rounds = eliminationRounds(entrants.length);
  const done = Math.min(nextRound(results) - 1, rounds);
  const { lostIn, seedOf } = play(entrants, results, done);
  const recs = records(entrants, results);
  const rows = bySeed(entrants).map((e) => {
    const rec = recs.get(e.id)!;
    const reached = lostIn.get(e.id) ?? done + 1;
    return {
      id: e.id,
      points: reached - 1,
      buchholz: buchholzOf(rec, recs),
      wins: rec.wins,
      games: rec.games,
      rank: 0,
      tieBreak: reached,
    };
  });
  rows.sort((x, y) => y.tieBreak - x.tieBreak || seedOf.get(x.id)! - seedOf.get(y.id)!);
  return rows.map((row) => ({
    ...row,
    rank: 1 + rows.filter((other) => other.tieBreak > row.tieBreak).length,
  }));
}
