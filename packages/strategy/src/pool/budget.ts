import type { RuleSet } from '@zilch/engine';
import { TWO_PLAYER_EXTRA_POINTS, twoPlayerUnsupported } from '../solver/two-player.ts';

/**
 * Bytes an exact two-player solution of a rule set holds (its table of win probabilities), or 0
 * when the solver does not model the rule set. The working tables of a solve are small beside it.
 * Mirrors the store size of `TwoPlayerSolution`: T·T(T+1)/2·N values with offers, else T·T.
 */
export function twoPlayerBytes(rules: RuleSet): number {
  if (twoPlayerUnsupported(rules)) return 0;
  const T = rules.target / 50;
  const N = rules.dice;
  const values = rules.offers !== null ? T * ((T * (T + 1)) / 2) * N : T * T;
  return values * 8;
}

/** Bytes a solve of a rule set may use at its peak: the store, plus a copy while it is read from disk or handed over. */
export function twoPlayerPeakBytes(rules: RuleSet): number {
  const bytes = twoPlayerBytes(rules);
  // The final-round tables grow with the room above the target; a few MB at most.
  const extra = rules.end === 'final-round' ? (TWO_PLAYER_EXTRA_POINTS / 50) * 1024 : 0;
  return Math.ceil(bytes * 1.25) + extra;
}
