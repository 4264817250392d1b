import type { GameState } from '@zilch/engine';
import { memorySolutions, type SolutionSource } from '../solver/memory.ts';
import { candidates, type Candidate } from './candidates.ts';
import { pointsValue, turnFor } from './points.ts';
import type { Advice, AdviceOption } from './types.ts';
import { winValuer } from './win.ts';

export * from './types.ts';

/** What the advisor maximises: the chance to win, expected points, or the best available. */
export type AdviceMode = 'auto' | 'points' | 'win';

/** Where the advisor gets two-player solutions. */
export interface AdviseOptions {
  /** Default: memory only (`memorySolutions`); `diskSolutions(dir)` of `@zilch/strategy/node` adds a disk cache. */
  readonly solutions?: SolutionSource;
}

/** Every option of the position in front of the player on turn, valued, best first. */
export function advise(
  state: GameState,
  mode: AdviceMode = 'auto',
  opts: AdviseOptions = {},
): Advice {
  const cands = candidates(state);
  if (mode !== 'points') {
    const win = winValuer(state, mode, opts.solutions ?? memorySolutions);
    if (win) return rank('win', cands, win);
  }
  const turn = turnFor(state);
  return rank('points', cands, (c) => pointsValue(turn, c.after));
}

function rank(kind: Advice['kind'], cands: Candidate[], value: (c: Candidate) => number): Advice {
  const valued = cands.map((c) => ({ c, v: value(c) }));
  const best = valued.reduce((m, x) => Math.max(m, x.v), -Infinity);
  const options: AdviceOption[] = valued
    .map(({ c, v }) => ({ move: c.move, label: c.label, value: v, loss: best - v }))
    .sort((a, b) => a.loss - b.loss);
  return { kind, options };
}
