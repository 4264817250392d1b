import type { GameEvent, GameState } from '@zilch/engine';
import type { PlayerResult, SeatRecord } from '../store/records.ts';

/** Per-seat numbers of a finished game, from its events (turns, banked points, zilches, faces rolled). */
export function resultsOf(
  seats: readonly SeatRecord[],
  state: GameState,
  events: readonly GameEvent[],
): PlayerResult[] {
  const out = seats.map((s, seat) => ({
    seat,
    name: s.name,
    kind: s.bot ? `bot:${s.bot}` : 'human',
    won: state.winners.includes(seat),
    score: state.scores[seat] ?? 0,
    turns: 0,
    points: 0,
    zilches: 0,
    faces: [0, 0, 0, 0, 0, 0],
  }));
  for (const e of events) {
    if (e.type === 'turn-started') out[e.seat]!.turns += 1;
    else if (e.type === 'banked') out[e.seat]!.points += e.points;
    else if (e.type === 'zilch') out[e.seat]!.zilches += 1;
    else if (e.type === 'rolled') for (const d of e.dice) out[e.seat]!.faces[d - 1]! += 1;
  }
  return out;
}

/** A player's statistics over their finished games. */
export interface PlayerStats {
  readonly name: string;
  readonly games: number;
  readonly wins: number;
  /** Banked points per turn. */
  readonly averageTurn: number;
  /** Share of turns that ended in a zilch. */
  readonly zilchRate: number;
  /** Dice rolled by face (index 0 = face 1) and the count each face should get on fair dice. */
  readonly faces: { observed: number[]; expected: number };
}

/** Adds up a player's finished games. */
export function statsOf(name: string, results: readonly PlayerResult[]): PlayerStats {
  const turns = results.reduce((n, r) => n + r.turns, 0);
  const faces = [0, 0, 0, 0, 0, 0];
  for (const r of results) r.faces.forEach((c, i) => (faces[i]! += c));
  const rolled = faces.reduce((a, b) => a + b, 0);
  return {
    name,
    games: results.length,
    wins: results.filter((r) => r.won).length,
    averageTurn: turns === 0 ? 0 : results.reduce((n, r) => n + r.points, 0) / turns,
    zilchRate: turns === 0 ? 0 : results.reduce((n, r) => n + r.zilches, 0) / turns,
    faces: { observed: faces, expected: rolled / 6 },
  };
}
