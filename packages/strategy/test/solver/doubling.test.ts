import { describe, expect, it } from 'vitest';
import { preset, type RuleSet } from '@zilch/engine';
import { doublingGroups, totalAfter } from '../../src/solver/doubling-groups.ts';
import { solveTwoPlayer } from '../../src/solver/two-player.ts';
import { TwoPlayerSolution } from '../../src/solver/two-player-solution.ts';
import { turnKernel, kernelGain } from '../../src/solver/turn-kernel.ts';
import { bruteGame } from './brute-game.ts';
import { tiny } from './tiny-rules.ts';

function solve(rules: RuleSet, extraPoints?: number): TwoPlayerSolution {
  const s = solveTwoPlayer(rules, extraPoints === undefined ? {} : { extraPoints });
  if (!(s instanceof TwoPlayerSolution)) throw new Error(s.message);
  return s;
}

/**
 * Tiny Hot Dice games: 4 dice, so a held triple can be extended by the fourth die. Triples
 * score 100 × face (three 1s 100), which keeps the jumps of a doubling, and so the last
 * turns the brute force must walk, small.
 */
const SMALL_TRIPLES = [1, 2, 3, 4, 5, 6].map((f) => [100 * f, 0]);
const TINY: [string, RuleSet, number][] = [
  [
    '4 dice, final round, ceiling 50 above the target',
    tiny(4, { target: 50, end: 'final-round', hotDiceDoubling: true, ofAKind: SMALL_TRIPLES }),
    50,
  ],
  [
    '4 dice, first to the target, opening minimum 150',
    tiny(4, { target: 150, end: 'immediate', hotDiceDoubling: true, openingMinimum: 150 }),
    0,
  ],
];

describe('two-player solver under Hot Dice doubling', () => {
  it.each(TINY)(
    'agrees with value iteration over the engine’s game states: %s',
    (_n, rules, extra) => {
      const sol = solve(rules, extra);
      const brute = bruteGame(
        rules,
        Infinity,
        rules.target + (rules.end === 'final-round' ? extra : 0),
      );
      expect(Math.abs(sol.fresh(0, 0) - brute.value)).toBeLessThan(1e-10);
      expect(Math.abs(brute.win0 + brute.win1 + brute.tie - 1)).toBeLessThan(1e-10);
      expect(Math.abs(brute.win0 + brute.tie / 2 - sol.fresh(0, 0))).toBeLessThan(1e-10);
      // The slope shortcut is exact: full sweeps at every step give the same values.
      const ref = solveTwoPlayer(rules, {
        extraPoints: extra,
        fullSweeps: true,
      }) as TwoPlayerSolution;
      for (let i = 0; i < sol.store.length; i++)
        expect(Math.abs(sol.store[i]! - ref.store[i]!)).toBeLessThan(1e-13);
    },
  );

  it('its flat kernel gives the engine’s totals (largest split) for every option', () => {
    const rules = preset('hot-dice');
    const g = doublingGroups(rules);
    const k = turnKernel(rules);
    let checked = 0;
    k.states.forEach((st, s) => {
      for (const out of st.outcomes)
        for (const o of out.options) {
          // The option is in one of the state's groups, with the same next state and total.
          for (const t of [0, 7, 133]) {
            const want = t + kernelGain(o, t);
            let found = false;
            for (let q = g.gFrom[s]!; q < g.gFrom[s + 1]! && !found; q++)
              for (let j = g.oFrom[q]!; j < g.oFrom[q + 1]!; j++)
                if (g.next[j] === o.next && totalAfter(g, j, t) === want) found = true;
            expect(found).toBe(true);
            checked++;
          }
        }
    });
    expect(checked).toBeGreaterThan(1000);
    const probs = Array.from({ length: g.S }, (_, s) => {
      let p = g.zilch[s]!;
      for (let q = g.gFrom[s]!; q < g.gFrom[s + 1]!; q++) p += g.prob[q]!;
      return p;
    });
    for (const p of probs) expect(p).toBeCloseTo(1, 12);
  });

  it('roll values with held sets come from the pair table and lie in [0, 1]', () => {
    const rules = { ...preset('hot-dice'), target: 1000 };
    const sol = solve(rules, 1000);
    const g = doublingGroups(rules);
    // Rolling 6 fresh dice at (a, b) is the stored fresh value.
    for (const [a, b] of [
      [0, 0],
      [5, 12],
      [19, 3],
    ] as const)
      expect(Math.abs(sol.roll(a, b, 0, 6) - sol.fresh(a, b))).toBeLessThan(1e-13);
    for (const st of g.kernel.states) {
      const v = sol.roll(4, 9, 30, st.dice, st.held);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    // A held set makes rolling on worth more than without it at a total worth doubling.
    expect(sol.roll(4, 9, 30, 3, 1 << 1)).toBeGreaterThan(sol.roll(4, 9, 30, 3, 0));
  });

  it('refuses Hot Dice doubling with offers, as a value', () => {
    const r = solveTwoPlayer({ ...preset('hot-dice'), offers: { afterHotDice: true } });
    expect(r).toMatchObject({ code: 'UNSUPPORTED_RULES' });
  });
});
