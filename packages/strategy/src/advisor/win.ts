import type { GameState } from '@zilch/engine';
import type { Candidate } from './candidates.ts';

/** A function valuing a candidate by the chance to win, or null when no solution applies. */
export function winValuer(
  _state: GameState,
  _mode: 'auto' | 'win',
  _dir: string | undefined,
): ((c: Candidate) => number) | null {
  return null;
}
