import type { GameState } from '@zilch/engine';
import type { GameRecord } from '../store/records.ts';

/** The table's turn timer in seconds (table setting, else the rule set's), or null. */
function turnSeconds(g: GameRecord): number | null {
  return g.turnTimer ?? g.rules.turnTimerSeconds ?? null;
}

/** When the current turn runs out (epoch ms), or null without a timer. */
export function turnDeadline(g: GameRecord): number | null {
  const s = turnSeconds(g);
  if (g.status !== 'playing' || s === null || g.turnStartedAt === null) return null;
  return g.turnStartedAt + s * 1000;
}

/**
 * When the server must step in for the seat on turn: the turn timer, or — at tables with an
 * absent-player bot — a grace period for a human seat with no live connection.
 */
export function interventionAt(
  g: GameRecord,
  state: GameState | null,
  connected: Set<number>,
  absentGraceMs: number,
): number | null {
  if (g.status !== 'playing' || !state || g.turnStartedAt === null) return null;
  const seat = g.seats[state.current];
  if (!seat || seat.kind !== 'human') return null;
  const timer = turnDeadline(g);
  const absent =
    g.absentBot && !connected.has(state.current) ? g.turnStartedAt + absentGraceMs : null;
  if (timer === null) return absent;
  return absent === null ? timer : Math.min(timer, absent);
}
