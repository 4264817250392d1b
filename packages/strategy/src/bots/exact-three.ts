import { legalActions, type Action, type GameState } from '@zilch/engine';
import { advise } from '../advisor/index.ts';
import { candidates, type Candidate } from '../advisor/candidates.ts';
import { UNIT } from '../solver/outcomes.ts';
import type { ThreePlayerSolution } from '../solver/three-player.ts';
import { sweepAt } from '../solver/turn-sweep.ts';
import { legalFor } from './advised.ts';
import type { Bot } from './types.ts';

/**
 * The exact three-player policy's value of each option of a position (the player on turn's
 * share of the win), or null on the game's last turn (the last-turn solver is exact there).
 */
function exactThreeValuer(
  s: GameState,
  sol: ThreePlayerSolution,
): ((c: Candidate) => number) | null {
  if (s.players !== 3 || s.phase === 'over') return null;
  const seat = (k: number): number => s.scores[(s.current + k) % 3]! / UNIT;
  const [a, b, c] = [seat(0), seat(1), seat(2)];
  const N = sol.N;
  if (!s.finalRound) {
    const tab = sol.turn(a, b, c);
    const v: number[] = [0, 0, 0];
    return (x) => {
      const t = x.after.total / UNIT;
      // Above the cap the solver banks: a keep is worth its bank, another roll is not taken.
      if (x.after.kind === 'roll' && t > sol.cap && s.phase === 'decide') return -1;
      if (x.after.kind === 'bank' || t > sol.cap) {
        sol.bankValue(a, b, c, t, x.after.dice, v);
        return v[0]!;
      }
      return tab.R[sweepAt(tab, N, t, x.after.dice)]!;
    };
  }
  if (s.finalRound.turnsLeft !== 2 || !sol.final) return null;
  // B's last turn, C still to come: A (who reached the target) is the seat before.
  const tab = sol.final.bTable(c - a, c - b, sol.minFor(a), sol.minFor(b));
  return (x) => {
    if (x.after.kind === 'roll' && s.phase === 'decide' && x.after.total / UNIT > sol.cap)
      return -1;
    const at = sweepAt(tab, N, x.after.total / UNIT, x.after.dice);
    return x.after.kind === 'bank' ? tab.bank[at]! : tab.R[at]!;
  };
}

/** A bot that plays the exact three-player policy (small targets: the yardstick). */
export function exactThreeBot(sol: ThreePlayerSolution): Bot {
  return {
    id: 'optimal',
    decide(s: GameState): Action {
      const legal = legalActions(s);
      if (legal.length === 1) return legal[0] as Action;
      const value = exactThreeValuer(s, sol);
      const options = value
        ? candidates(s)
            .map((x) => ({ move: x.move, v: value(x) }))
            .sort((p, q) => q.v - p.v)
        : advise(s, 'win').options;
      for (const o of options) {
        const act = legalFor(s, o.move, legal);
        if (act) return act;
      }
      return legal[0] as Action;
    },
  };
}

/**
 * How much of the player's share of the win an action gives up under the exact three-player
 * values (0 for an exact-best action), or null where the position has no exact values here.
 */
export function exactLoss(s: GameState, sol: ThreePlayerSolution, action: Action): number | null {
  const value = exactThreeValuer(s, sol);
  const legal = legalActions(s);
  // Above the cap the solver only banks: the real game has no cap, so no loss is counted.
  if (!value || legal.length < 2 || s.turn.total / UNIT > sol.cap) return null;
  const key = JSON.stringify(action);
  let best = -Infinity;
  let mine: number | null = null;
  for (const x of candidates(s)) {
    const v = value(x);
    if (v > best) best = v;
    const a = legalFor(s, x.move, legal);
    if (a && JSON.stringify(a) === key) mine = v;
  }
  return mine === null ? null : best - mine;
}
