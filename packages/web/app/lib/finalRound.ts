import type { GameState } from '@zilch/engine';
import { says } from './words.ts';

/** What the player on turn needs on the last turn of the final round. */
export interface LastTurn {
  /** The best score of the others: the one to beat. */
  leader: number;
  /** Points to bank this turn to win outright (more than the leader). */
  win: number;
  /** Points to bank this turn to tie the leader (a tie shares the win). */
  tie: number;
}

// Every score in every preset moves in steps of 50, so beating 1,750 takes 1,800, not 1,751.
const STEP = 50;

/**
 * The final-round arithmetic for the player on turn: from the moment someone reaches the target
 * every other player has exactly one turn left (SPEC, End of game), so this applies to the whole
 * of that turn. Null outside the final round and for the player who started it.
 */
export function lastTurn(s: GameState): LastTurn | null {
  if (!s.finalRound || s.phase === 'over' || s.current === s.finalRound.by) return null;
  // A tie-break play-off (`winners` filled while playing) is a contest of its own.
  if (s.winners.length > 0) return null;
  const mine = s.scores[s.current] ?? 0;
  const leader = Math.max(...s.scores.filter((_, i) => i !== s.current));
  const tie = Math.max(0, leader - mine);
  const steps = [leader, mine].every((x) => x % STEP === 0);
  const win = steps ? tie + STEP : tie + 1;
  return { leader, win, tie };
}

/** "Last turn: you need 1,800 to win (1,750 to tie)", worded for the player on turn or an onlooker. */
export function lastTurnLine(s: GameState, who: string, mine: boolean): string | null {
  const t = lastTurn(s);
  if (!t) return null;
  const n = (x: number) => x.toLocaleString('en-US');
  const need = mine ? 'you need' : says(who, 'needs', 'need');
  // Level on points: any bank wins, so there is no tie to name.
  return t.tie === 0
    ? `Last turn: ${need} ${n(t.win)} to win.`
    : `Last turn: ${need} ${n(t.win)} to win (${n(t.tie)} to ${playOff(s) ? 'force a play-off' : 'tie'}).`;
}

/** Whether a tie on the highest score is played off rather than shared (a house rule). */
export function playOff(s: GameState): boolean {
  // Compared as a string: older rule sets know only 'share'.
  return (s.rules.ties as string) === 'play-off';
}

/** Whether banking `total` now ends the player's last turn without the win (a loss or only a tie). */
export function bankFallsShort(s: GameState, total: number): 'loses' | 'ties' | null {
  const t = lastTurn(s);
  if (!t) return null;
  const after = (s.scores[s.current] ?? 0) + total;
  if (after > t.leader) return null;
  return after === t.leader ? 'ties' : 'loses';
}
