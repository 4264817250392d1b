import { describe, expect, it } from 'vitest';
import { preset, type RuleSet } from '@zilch/engine';
import { solveThreePlayer, ThreePlayerSolution } from '../../src/solver/three-player.ts';
import { bruteGame3 } from './brute-game3.ts';
import { tiny } from './tiny-rules.ts';

function solve(rules: RuleSet, capPoints: number): ThreePlayerSolution {
  const s = solveThreePlayer(rules, { capPoints });
  if (!(s instanceof ThreePlayerSolution)) throw new Error(s.message);
  return s;
}

// [name, rules, cap on the running total in points]
const TINY: [string, RuleSet, number][] = [
  [
    '2 dice, final round, offers (after hot dice too)',
    tiny(2, { target: 100, end: 'final-round', offers: { afterHotDice: true } }),
    100,
  ],
  [
    '2 dice, first to the target, bank minimum 100, opening minimum 150',
    tiny(2, { target: 200, bankMinimum: 100, openingMinimum: 150 }),
    250,
  ],
  [
    '2 dice, final round, offers but none after hot dice, opening 100',
    tiny(2, {
      target: 100,
      end: 'final-round',
      offers: { afterHotDice: false },
      openingMinimum: 100,
    }),
    200,
  ],
  ['3 dice, first to the target, nothing bonus', tiny(3, { target: 100, nothingBonus: 100 }), 150],
];

describe('three-player solver', () => {
  it.each(TINY)(
    'agrees with value iteration over the engine’s game states: %s',
    (_n, rules, cap) => {
      const brute = bruteGame3(rules, cap);
      const sol = solve(rules, cap);
      const v = sol.fresh(0, 0, 0);
      for (let k = 0; k < 3; k++) expect(Math.abs(v[k]! - brute.values[k]!)).toBeLessThan(1e-10);
      expect(Math.abs(v[0] + v[1] + v[2] - 1)).toBeLessThan(1e-12);
      expect(sol.mixed).toEqual([]);
    },
  );

  it('every score triple’s values add up to one, and the first seat leads (classic, target 300)', () => {
    const sol = solve({ ...preset('classic'), target: 300 }, 300);
    let worst = 0;
    for (let a = 0; a < sol.T; a++)
      for (let b = 0; b < sol.T; b++)
        for (let c = 0; c < sol.T; c++) {
          const v = sol.fresh(a, b, c);
          worst = Math.max(worst, Math.abs(v[0] + v[1] + v[2] - 1));
          for (const x of v) expect(x).toBeGreaterThanOrEqual(-1e-12);
        }
    expect(worst).toBeLessThan(1e-12);
    const start = sol.fresh(0, 0, 0);
    expect(start[0]).toBeGreaterThan(start[1]);
    expect(start[1]).toBeGreaterThan(start[2]);
  });

  it('refuses rule sets it does not model, as a value', () => {
    expect(solveThreePlayer(preset('hot-dice'))).toMatchObject({ code: 'UNSUPPORTED_RULES' });
  });
});
