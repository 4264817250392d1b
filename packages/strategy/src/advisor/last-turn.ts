import { lean, type GameState } from '@zilch/engine';
import { firstRollShare, lastTurn, type LastTurnGoal } from '../solver/last-turn.ts';
import { UNIT } from '../solver/outcomes.ts';
import type { Candidate } from './candidates.ts';

/**
 * A turn after which only the final score matters, and how the advisor values it:
 * - `final`: the game's last turn (the final round's last turn, the last turn of a game of
 *   fixed rounds, the last turn of a tie-break play-off), or a final-round turn with players
 *   still to come. Everyone who moves after the player in a final round is below the target,
 *   so the best other score is the one to beat; on the game's last turn (`exact`) the values
 *   are exact win shares. Earlier in a final round of three or more players they are the share
 *   against the scores as they stand (the later players are not modelled), which never
 *   favours a bank behind the leader: that bank is a certain loss.
 * - `reach`: first to the target wins at once and a bank now reaches it. The bank wins
 *   outright (1); the other options are valued by the chance to reach the target in this
 *   turn, a lower bound on their worth, so the bank always ranks first.
 * A tie shares the win (1/k among k players); with a tie-break play-off it leads to another
 * round, which is valued as the same share (so `exact` is false when a tie is possible).
 */
export interface LastTurnCase {
  readonly kind: 'final' | 'reach';
  readonly exact: boolean;
  readonly goal: LastTurnGoal;
}

/** The last-turn case of the position in front of the player on turn, or null. */
export function lastTurnCase(s: GameState, cands: readonly Candidate[]): LastTurnCase | null {
  if (s.phase === 'over') return null;
  const r = s.rules;
  const me = s.current;
  const mine = (s.scores[me] ?? 0) / UNIT;
  const min = lean.bankMinimum(s) / UNIT;
  if (!Number.isInteger(mine) || !Number.isInteger(min)) return null;
  // While a play-off is on, `winners` lists its players in turn order.
  const playOff = s.winners.length > 0;
  let rivals: number[] | null = null;
  let exact = false;
  if (playOff) {
    if (s.winners[s.winners.length - 1] === me) [rivals, exact] = [s.winners, true];
  } else if (r.rounds) {
    if (s.turnNumber >= r.rounds * s.players) [rivals, exact] = [allSeats(s), true];
  } else if (r.end === 'final-round') {
    if (s.finalRound) [rivals, exact] = [allSeats(s), s.finalRound.turnsLeft <= 1];
  } else {
    const need = r.target / UNIT - mine;
    const reaches = cands.some((c) => c.after.kind === 'bank' && c.after.total / UNIT >= need);
    if (!reaches) return null;
    return { kind: 'reach', exact: false, goal: { win: need, tieShare: 0, min, zilchShare: 0 } };
  }
  if (!rivals) return null;
  let best = -Infinity;
  let atBest = 0;
  for (const i of rivals) {
    if (i === me) continue;
    const v = s.scores[i]!;
    if (v > best) [best, atBest] = [v, 1];
    else if (v === best) atBest++;
  }
  best /= UNIT;
  if (!Number.isInteger(best)) return null;
  const tieShare = 1 / (atBest + 1);
  const share = (final: number): number => (final > best ? 1 : final === best ? tieShare : 0);
  const pen = r.zilchPenalty;
  const streak = s.zilchStreak[me] ?? 0;
  const lost = pen && streak + 1 >= pen.zilches ? pen.points / UNIT : 0;
  return {
    kind: 'final',
    exact: exact && r.ties === 'share',
    goal: { win: best - mine + 1, tieShare, min, zilchShare: share(mine - lost) },
  };
}

function allSeats(s: GameState): number[] {
  return Array.from({ length: s.players }, (_, i) => i);
}

/** Values candidates by the share of the win under the last-turn case's goal. */
export function lastTurnValuer(s: GameState, c: LastTurnCase): (x: Candidate) => number {
  const tab = lastTurn(s.rules, c.goal);
  return (x) => {
    const t = x.after.total / UNIT;
    if (x.after.kind === 'bank') return tab.bankShare(t);
    if (x.after.mercy) return firstRollShare(s.rules, tab);
    return tab.roll(t, x.after.dice, x.after.held, x.after.locked / UNIT, x.after.sets);
  };
}
