import {
  keepChoices,
  lean,
  type Action,
  type GameState,
  type KeepChoice,
  type RuleSet,
} from '@zilch/engine';
import { cachedRollStats, type RollStats } from './roll-stats.ts';
import type { Bot, BotFactory } from './types.ts';

/** The knobs that make a rule-of-thumb player careful or daring. */
export interface Temperament {
  readonly id: 'cautious' | 'bold';
  /** Scales the bank thresholds: below 1 banks early, above 1 pushes on. */
  readonly bankFactor: number;
  /** How much the dice left to roll count when choosing what to keep (0: keep the most points). */
  readonly diceWeight: number;
  /** An offer is taken when its worth reaches this multiple of a fresh throw's worth. */
  readonly offerFactor: number;
}

/** Banks early, keeps points, takes only generous offers. */
export const CAUTIOUS: Temperament = {
  id: 'cautious',
  bankFactor: 0.55,
  diceWeight: 0.7,
  offerFactor: 1.3,
};

/** Pushes its luck, keeps dice to roll, takes most offers. */
export const BOLD: Temperament = { id: 'bold', bankFactor: 1.6, diceWeight: 1, offerFactor: 0.8 };

/** The rules of thumb, worked out once per rule set from the throw statistics. */
interface Thumb {
  /** Worth of throwing n dice: the points it adds on average, hot dice counted as a fresh throw. */
  readonly worth: number[];
  /** Bank when the running total reaches this with n dice left. */
  readonly bankAt: number[];
  readonly stats: RollStats[];
}

function thumbFor(rules: RuleSet, t: Temperament): Thumb {
  const stats = cachedRollStats(rules);
  const all = stats[rules.dice] as RollStats;
  // A fresh throw of every die, one step deep: what hot dice buys you.
  const fresh = (1 - all.zilch) * all.gain;
  const worth = stats.map((s, n) => (n === 0 ? 0 : (1 - s.zilch) * (s.gain + s.hot * fresh)));
  // Roll again while the expected gain beats the expected loss of the running total.
  const bankAt = stats.map((s, n) =>
    n === 0 || s.zilch === 0 ? Infinity : (t.bankFactor * (worth[n] as number)) / s.zilch,
  );
  return { worth, bankAt, stats };
}

function bestOther(s: GameState): number {
  let best = -Infinity;
  s.scores.forEach((v, i) => {
    if (i !== s.current && v > best) best = v;
  });
  return best;
}

/** Whether to bank `total` with `diceLeft` dice left, the bank being allowed. */
function wantsBank(s: GameState, thumb: Thumb, total: number, diceLeft: number): boolean {
  const score = (s.scores[s.current] as number) + total;
  const r = s.rules;
  if (s.finalRound) {
    // Last chance: a bank that leaves you behind loses, so roll until ahead.
    if (score <= bestOther(s)) return false;
    if (s.finalRound.turnsLeft <= 1) return true;
  } else if (score >= r.target) return true;
  return total >= (thumb.bankAt[diceLeft] as number);
}

function keepAction(seat: number, c: KeepChoice, bank: boolean): Action {
  return bank
    ? { type: 'keep', seat, dice: c.positions, then: 'bank' }
    : { type: 'keep', seat, dice: c.positions };
}

/** A human-like player whose temperament sets its bank thresholds, keeps and offers. */
export function heuristicBot(t: Temperament): BotFactory {
  return (rules): Bot => {
    const thumb = thumbFor(rules, t);
    return {
      id: t.id,
      decide(s: GameState): Action {
        const seat = s.current;
        switch (s.phase) {
          case 'over':
            throw new Error(`${t.id} bot asked to move in a finished game`);
          case 'choose': {
            const offer = s.offer as { points: number; dice: number };
            const st = thumb.stats[offer.dice] as RollStats;
            const taken = (thumb.worth[offer.dice] as number) + (1 - st.zilch) * offer.points;
            const fresh = thumb.worth[rules.dice] as number;
            return { type: taken >= t.offerFactor * fresh ? 'inherit' : 'fresh', seat };
          }
          case 'roll':
            return { type: 'roll', seat };
          case 'decide':
            return lean.canBank(s) && wantsBank(s, thumb, s.turn.total, s.turn.available)
              ? { type: 'bank', seat }
              : { type: 'roll', seat };
          case 'keep': {
            const choices = keepChoices(s);
            const most = choices[0] as KeepChoice; // most points first
            if (most.canBank && wantsBank(s, thumb, most.total, most.diceLeft))
              return keepAction(seat, most, true);
            let pick = most;
            let pickValue = -Infinity;
            for (const c of choices) {
              const v = c.total + t.diceWeight * (thumb.worth[c.diceLeft] as number);
              if (v > pickValue) [pick, pickValue] = [c, v];
            }
            return keepAction(seat, pick, false);
          }
        }
      },
    };
  };
}
