import type { RuleSet } from '@zilch/engine';
import { penaltyShape } from '../solver/penalty.ts';
import { TWO_PLAYER_EXTRA_POINTS, twoPlayerUnsupported } from '../solver/two-player.ts';

/** Values in the store of `TwoPlayerSolution`: T·T(T+1)/2·N with offers, else T·T. */
function storeValues(rules: RuleSet): number {
  const T = rules.target / 50;
  // Under a zilch penalty: every fresh value with both streaks, scores from the floor.
  const pen = penaltyShape(rules);
  if (pen) return pen.W * pen.W * pen.Z * pen.Z;
  return rules.offers !== null ? T * ((T * (T + 1)) / 2) * rules.dice : T * T;
}

/**
 * Bytes an exact two-player solution of a rule set holds as the cache keeps it (`compact`):
 * with offers its roll values as 32-bit floats plus T·T exact fresh values, else T·T 64-bit
 * values; 0 when the solver does not model the rule set.
 */
export function twoPlayerBytes(rules: RuleSet): number {
  if (twoPlayerUnsupported(rules)) return 0;
  const T = rules.target / 50;
  if (rules.zilchPenalty) return storeValues(rules) * 8;
  return rules.offers !== null ? storeValues(rules) * 4 + T * T * 8 : T * T * 8;
}

/**
 * Bytes a solve of a rule set may use at its peak: the 64-bit store it fills, plus the compact
 * copy made from it (or a copy while it is read from disk or handed over).
 */
export function twoPlayerPeakBytes(rules: RuleSet): number {
  if (twoPlayerUnsupported(rules)) return 0;
  const solving = storeValues(rules) * 8;
  // The final-round tables grow with the room above the target; a few MB at most.
  const extra = rules.end === 'final-round' ? (TWO_PLAYER_EXTRA_POINTS / 50) * 1024 : 0;
  return Math.ceil(solving + twoPlayerBytes(rules) * 1.25) + extra;
}
