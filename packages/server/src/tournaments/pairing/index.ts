// Who plays whom in a tournament, and who leads: pure functions of the entrants and the results
// so far. No I/O and no clock, so the tournament service, its tests and the bench call them
// alone, and a restarted server pairs the next round exactly as the first one would have.
import { eliminationRound, eliminationRounds, eliminationStandings } from './elimination.ts';
import { roundRobinRound, roundRobinRounds, roundRobinStandings } from './round-robin.ts';
import { swissRound, swissRounds, swissStandings } from './swiss.ts';
import type { Entrant, Format, GameResult, Pairing, Standing } from './types.ts';

export type { Entrant, Format, GameResult, Pairing, Standing } from './types.ts';
export { nextRound } from './common.ts';

/**
 * Number of rounds a tournament of n entrants plays in a format: Swiss ceil(log2 n) but at
 * least 3 and never more than a round-robin (n-1, or n when odd); elimination ceil(log2 n);
 * round-robin n-1, or n when odd (everyone sits out once). 0 below 2 entrants.
 */
export function roundCount(format: Format, n: number): number {
  if (!Number.isInteger(n) || n < 2) return 0;
  if (format === 'swiss') return swissRounds(n);
  if (format === 'elimination') return eliminationRounds(n);
  return roundRobinRounds(n);
}

/**
 * Pairings for the next round (the round after the highest round in `results`, so pass every
 * result of every finished round) given all results so far; [] when the tournament is over.
 * Deterministic: the same entrants and results always give the same pairings.
 */
export function pairRound(format: Format, entrants: Entrant[], results: GameResult[]): Pairing[] {
  if (format === 'swiss') return swissRound(entrants, results);
  if (format === 'elimination') return eliminationRound(entrants, results);
  return roundRobinRound(entrants, results);
}

/**
 * Standings after the given results, best first (Swiss: points then Buchholz then rating;
 * elimination: by round reached then seed; round-robin: points then Sonneborn-Berger then
 * rating).
 */
export function standings(format: Format, entrants: Entrant[], results: GameResult[]): Standing[] {
  if (format === 'swiss') return swissStandings(entrants, results);
  if (format === 'elimination') return eliminationStandings(entrants, results);
  return roundRobinStandings(entrants, results);
}
