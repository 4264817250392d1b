import type { GameState } from '@zilch/engine';
import type { AbsenceRule, EntryRecord, GameRecord } from '../store/records.ts';

/** The table's turn timer in seconds (table setting, else the rule set's), or null. */
function turnSeconds(g: GameRecord): number | null {
  return g.turnTimer ?? g.rules.turnTimerSeconds ?? null;
}

/**
 * When the current decision runs out (epoch ms), or null without a timer. The timer runs per
 * decision (SPEC, turn timer): it restarts at the turn's start and after every accepted action.
 */
export function turnDeadline(g: GameRecord): number | null {
  const s = turnSeconds(g);
  const from = g.decisionAt ?? g.turnStartedAt;
  if (g.status !== 'playing' || s === null || from === null) return null;
  return from + s * 1000;
}

/**
 * When the server must step in for the seat on turn: the turn timer, or — at tables with an
 * absent-player bot — a grace period (counted from the turn's start) for a human seat with no
 * live connection.
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

/**
 * What an absence rule makes of the seat on turn running out of time (docs/server.md, "Absent
 * players"): 'abort' when the seat has not made a single move of its own (it never showed up),
 * 'forfeit' when this is its `forfeitAfter`-th timed-out decision in a row, else null (the usual:
 * the absent-player bot plays, or the turn times out). Worked out from the log alone, so every
 * process holding the lease in turn comes to the same answer.
 */
export function absentVerdict(
  rule: AbsenceRule | null,
  entries: readonly EntryRecord[],
  seat: number,
): 'abort' | 'forfeit' | null {
  if (!rule) return null;
  const own = entries.filter((e) => e.seat === seat);
  if (rule.abortUnmoved && !own.some((e) => e.actor === 'player')) return 'abort';
  if (rule.forfeitAfter === null) return null;
  let timedOut = 0;
  for (let i = own.length - 1; i >= 0 && own[i]!.actor === 'timer'; i--) timedOut += 1;
  return timedOut + 1 >= rule.forfeitAfter ? 'forfeit' : null;
}
