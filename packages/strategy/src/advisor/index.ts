import type { GameState } from '@zilch/engine';
import { memorySolutions, type SolutionSource } from '../solver/memory.ts';
import { UNIT } from '../solver/outcomes.ts';
import { candidates, type Candidate } from './candidates.ts';
import { pointsValue, turnFor } from './points.ts';
import type { Advice, AdviceOption } from './types.ts';
import { lastTurnCase, lastTurnValuer } from './last-turn.ts';
import { middleTurnValuer, winValuer } from './win.ts';

export * from './types.ts';
export { lastTurnCase, lastTurnValuer, type LastTurnCase } from './last-turn.ts';

/** What the advisor maximises: the chance to win, expected points, or the best available. */
export type AdviceMode = 'auto' | 'points' | 'win';

/** Where the advisor gets two-player solutions. */
export interface AdviseOptions {
  /** Default: memory only (`memorySolutions`); `diskSolutions(dir)` of `@zilch/strategy/node` adds a disk cache. */
  readonly solutions?: SolutionSource;
  /** In 'points' mode, still play a last turn (final round, or a bank that reaches the target) for the win. */
  readonly lastTurns?: boolean;
  /**
   * With three or more players in 'win' mode: 'pairs' (default) solves the turn and values
   * where it ends from every pair's two-player solution (advisor/field.ts); 'leader' plays
   * the two-player solution against the highest other score (the earlier approximation);
   * 'expected' (three players, the `exploit` bot) takes the other two to play `expected` and
   * values where the turn ends by the race tables (solver/expected-race.ts), else 'pairs'.
   */
  readonly field?: 'pairs' | 'leader' | 'expected';
  /** Three players: value the final round's middle turn exactly (default true). */
  readonly chainFinal?: boolean;
}

/** Every option of the position in front of the player on turn, valued, best first. */
export function advise(
  state: GameState,
  mode: AdviceMode = 'auto',
  opts: AdviseOptions = {},
): Advice {
  const cands = candidates(state);
  // On a last turn only the final score counts: its exact solve comes first, for any rule
  // set and any number of players, and needs no two-player solution.
  const last = mode !== 'points' || opts.lastTurns ? lastTurnCase(state, cands) : null;
  if (last?.kind === 'final') {
    const middle =
      mode === 'win' && opts.chainFinal !== false
        ? middleTurnValuer(state, opts.solutions ?? memorySolutions)
        : null;
    return rank('win', cands, middle ?? lastTurnValuer(state, last));
  }
  if (mode !== 'points') {
    const win = winValuer(state, mode, opts.solutions ?? memorySolutions, opts.field);
    // First to the target: a bank that reaches it wins at once, whatever a 3+ player field
    // estimate makes of the scores past the target.
    const need = last?.kind === 'reach' ? last.goal.win * UNIT : Infinity;
    const reaches = (c: Candidate) => c.after.kind === 'bank' && c.after.total >= need;
    if (win) return rank('win', cands, (c) => (reaches(c) ? 1 : win(c)));
  }
  if (last) return rank('win', cands, lastTurnValuer(state, last));
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
