import { describe, expect, it } from 'vitest';
import { lean, preset, type RuleSet } from '@zilch/engine';
import { advise } from '../../src/advisor/index.ts';
import { loadTwoPlayer, saveTwoPlayer } from '../../src/solver/cache.ts';
import { clearSolutionMemory, memorySolutions } from '../../src/solver/memory.ts';
import {
  solveTwoPlayer,
  solvesOnDemand,
  twoPlayerUnsupported,
  type TwoPlayerOptions,
} from '../../src/solver/two-player.ts';
import { TwoPlayerSolution } from '../../src/solver/two-player-solution.ts';
import { solveThreePlayer } from '../../src/solver/three-player.ts';
import { bruteGame } from './brute-game.ts';
import { tiny } from './tiny-rules.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function solve(rules: RuleSet, opts: TwoPlayerOptions = {}): TwoPlayerSolution {
  const s = solveTwoPlayer(rules, opts);
  if (!(s instanceof TwoPlayerSolution)) throw new Error(s.message);
  return s;
}

/**
 * zilch-online at target 200 with a penalty of 100, first to the target (no room above it to
 * sweep), so the default floor (six penalties) is 600 points and a solve takes a second.
 */
const SMALL: RuleSet = {
  ...preset('zilch-online'),
  target: 200,
  end: 'immediate',
  zilchPenalty: { zilches: 3, points: 100 },
};

/** Tiny games with a zilch penalty; floor in points (a penalty below it loses). */
const TINY: [string, RuleSet, number][] = [
  [
    '2 dice, final round, 2 zilches cost 50',
    tiny(2, { target: 100, end: 'final-round', zilchPenalty: { zilches: 2, points: 50 } }),
    50,
  ],
  [
    '2 dice, first to the target, bank minimum, nothing bonus, 3 zilches cost 50',
    tiny(2, {
      target: 100,
      end: 'immediate',
      bankMinimum: 100,
      nothingBonus: 50,
      zilchPenalty: { zilches: 3, points: 50 },
    }),
    50,
  ],
];

describe('two-player solver under a zilch penalty', () => {
  it.each(TINY)(
    'agrees with value iteration over the engine’s game states: %s',
    (_n, rules, floor) => {
      const sol = solve(rules, { floorPoints: floor });
      const brute = bruteGame(rules, 500, undefined, -floor);
      expect(Math.abs(sol.fresh(0, 0) - brute.value)).toBeLessThan(1e-10);
      // The streaks matter: a player one zilch from the penalty is worse off.
      expect(sol.fresh(0, 0, sol.pen!.Z - 1, 0)).toBeLessThan(sol.fresh(0, 0) - 1e-3);
      // Policy iteration reaches plain value iteration's values.
      const ref = solve(rules, { floorPoints: floor, fullSweeps: true });
      for (let i = 0; i < sol.store.length; i++)
        expect(Math.abs(sol.store[i]! - ref.store[i]!)).toBeLessThan(1e-12);
    },
  );

  it('policy iteration equals plain value iteration where it skips sweeps', () => {
    const fast = solve(SMALL);
    const plain = solve(SMALL, { fullSweeps: true });
    const st = fast.penaltyStats!;
    // The gap proofs were used (values re-decided without a sweep), and sweeps were saved.
    expect(st.skipped).toBeGreaterThan(0);
    expect(st.swept).toBeLessThan(plain.penaltyStats!.swept / 2);
    expect(plain.penaltyStats!.linearPasses).toBe(0);
    let worst = 0;
    for (let i = 0; i < fast.store.length; i++)
      worst = Math.max(worst, Math.abs(fast.store[i]! - plain.store[i]!));
    expect(worst).toBeLessThan(1e-12);
  });

  it('the floor is sound: a loss or a win below it gives the same values from zero up', () => {
    const rules = SMALL;
    const lose = solve(rules, { belowFloor: 0 });
    const win = solve(rules, { belowFloor: 1 });
    // Every value is monotone in the boundary, so the true game lies between the two.
    let worst = 0;
    for (let a = 0; a < lose.T; a++)
      for (let b = 0; b < lose.T; b++)
        for (let sa = 0; sa < 3; sa++)
          for (let sb = 0; sb < 3; sb++) {
            const d = win.fresh(a, b, sa, sb) - lose.fresh(a, b, sa, sb);
            expect(d).toBeGreaterThanOrEqual(-1e-13);
            worst = Math.max(worst, d);
          }
    expect(worst).toBeLessThan(1e-10);
    // At the floor itself the boundary does matter, so the check has teeth.
    const L = -lose.pen!.L;
    expect(win.fresh(L, 0, 2, 0) - lose.fresh(L, 0, 2, 0)).toBeGreaterThan(1e-3);
  });

  it('is refused with offers, Hot Dice doubling or an opening minimum, and by three players', () => {
    const pen = { zilchPenalty: { zilches: 3, points: 500 } };
    expect(twoPlayerUnsupported({ ...preset('serendipity-creak'), ...pen })?.code).toBe(
      'UNSUPPORTED_RULES',
    );
    expect(twoPlayerUnsupported({ ...preset('hot-dice'), ...pen })?.code).toBe('UNSUPPORTED_RULES');
    expect(twoPlayerUnsupported(preset('zilch-online'))).toBeNull();
    expect(solveThreePlayer(preset('zilch-online'))).toMatchObject({ code: 'UNSUPPORTED_RULES' });
    // The full preset is never solved on demand (half an hour); a small target is.
    expect(solvesOnDemand(preset('zilch-online'))).toBe(false);
    expect(solvesOnDemand({ ...tiny(2), zilchPenalty: { zilches: 2, points: 50 } })).toBe(true);
  });

  it('the advisor reads the streaks and negative scores; the cache keeps every value', () => {
    const rules = SMALL;
    const sol = solve(rules);
    const dir = mkdtempSync(join(tmpdir(), 'zilch-pen-'));
    try {
      saveTwoPlayer(sol, dir);
      clearSolutionMemory();
      const back = loadTwoPlayer(rules, dir)!;
      expect(back.pen).toEqual(sol.pen);
      for (let i = 0; i < sol.store.length; i++) expect(back.freshValues![i]).toBe(sol.store[i]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const s = lean.initialState(rules, 2, 0);
    s.scores[0] = -300;
    s.scores[1] = 50;
    s.zilchStreak[0] = 2;
    s.zilchStreak[1] = 1;
    const a = advise(s, 'win', { solutions: memorySolutions });
    expect(a.kind).toBe('win');
    const roll = a.options.find((o) => o.move.type === 'roll')!;
    expect(Math.abs(roll.value - sol.roll(-6, 1, 0, 6, 0, 2, 1))).toBeLessThan(1e-12);
    // At streak 2 the next zilch costs 100: worth less than at streak 0.
    expect(sol.roll(-6, 1, 0, 6, 0, 2, 1)).toBeLessThan(sol.roll(-6, 1, 0, 6, 0, 0, 1));
  });
});
