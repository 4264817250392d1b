// The shapes the pairing library reads and returns (see index.ts for the functions).

/** The three tournament formats. */
export type Format = 'swiss' | 'elimination' | 'round-robin';

/**
 * One player of a tournament. `seed` is the order of entry and breaks rating ties. `withdrawn`
 * (Swiss only): left the tournament, so no longer paired, but still in the standings and in
 * their opponents' Buchholz. Elimination and round-robin pair everyone: there the service
 * records a withdrawn player's games as forfeits, since leaving them out would redraw the
 * bracket or the circle.
 */
export interface Entrant {
  id: string;
  rating: number;
  seed?: number;
  withdrawn?: boolean;
}

/** One finished game, or a bye when `b` is null (a gets the point); `winner` null = draw/void. */
export interface GameResult {
  round: number;
  a: string;
  b: string | null;
  winner: string | null;
}

/** One game to play; `b` null = a bye for `a`. */
export interface Pairing {
  a: string;
  b: string | null;
}

/**
 * One line of the table. `points`: 1 a win or bye, 1/2 a draw or void. `wins` and `games`
 * count games over the board (byes not). `buchholz`: sum of the opponents' points.
 * `tieBreak`: the format's second criterion (Swiss Buchholz, round-robin Sonneborn-Berger,
 * elimination the round reached). `rank`: 1 = best; elimination ranks share a place among
 * players out in the same round, the others are positions 1..n.
 */
export interface Standing {
  id: string;
  points: number;
  buchholz: number;
  wins: number;
  games: number;
  rank: number;
  tieBreak: number;
}
