// Round-robin by the circle method: the best seed stays put, the others turn one place a round,
// so after n-1 rounds (n when odd, with a phantom whose opponent sits out) every pair has met
// exactly once. Standings: points, then Sonneborn-Berger, then rating.
import { buchholzOf, bySeed, compareSeed, nextRound, records } from './common.ts';
import type { Entrant, GameResult, Pairing, Standing } from './types.ts';

/** n-1 rounds, n when odd. */
export function roundRobinRounds(n: number): number {
  return n % 2 === 0 ? n - 1 : n;
}

/** The pairings of round `round` (1-based) of the circle over the seeded entrants. */
function circleRound(ids: readonly string[], round: number): Pairing[] {
  const slots: (string | null)[] = ids.length % 2 === 0 ? ids.slice() : [...ids, null];
  const m = slots.length;
  if (m < 2) return [];
  const r = (round - 1) % (m - 1);
  // Position 0 is fixed; position i >= 1 holds slot 1 + ((i - 1 + r) mod (m - 1)).
  const at = (i: number) => (i === 0 ? slots[0]! : slots[1 + ((i - 1 + r) % (m - 1))]!);
  const out: Pairing[] = [];
  for (let i = 0; i < m / 2; i++) {
    let a = at(i);
    let b = at(m - 1 - i);
    // The fixed seat alternates sides, so the best seed is not always first to move.
    if (i === 0 && r % 2 === 1) [a, b] = [b, a];
    if (a === null) [a, b] = [b, a];
    if (a !== null) out.push({ a, b });
  }
  return out;
}

/** The next round's pairings; [] once every round is played. */
export function roundRobinRound(entrants: Entrant[], results: GameResult[]): Pairing[] {
  const round = nextRound(results);
  if (entrants.length < 2 || round > roundRobinRounds(entrants.length)) return [];
  return circleRound(
    bySeed(entrants).map((e) => e.id),
    round,
  );
}

/**
 * Points, then Sonneborn-Berger (the points of every opponent beaten, plus half those of every
 * opponent drawn), then seeding order. Ranks are positions 1..n.
 */
export function roundRobinStandings(entrants: Entrant[], results: GameResult[]): Standing[] {
  const recs = records(entrants, results);
  const rows = entrants.map((e) => {
    const rec = recs.get(e.id)!;
    let sb = 0;
    for (const m of rec.met) sb += m.score * (recs.get(m.opponent)?.points ?? 0);
    return {
      entrant: e,
      standing: {
        id: e.id,
        points: rec.points,
        buchholz: buchholzOf(rec, recs),
        wins: rec.wins,
        games: rec.games,
        rank: 0,
        tieBreak: sb,
      },
    };
  });
  rows.sort(
    (x, y) =>
      y.standing.points - x.standing.points ||
      y.standing.tieBreak - x.standing.tieBreak ||
      compareSeed(x.entrant, y.entrant),
  );
  return rows.map((row, i) => ({ ...row.standing, rank: i + 1 }));
}
