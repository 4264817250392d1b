import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyAction, lean, preset, seededDice, type GameState, type RuleSet } from '@zilch/engine';
import { advise } from '../../src/advisor/index.ts';
import { diskSolutions, loadTwoPlayer, saveTwoPlayer } from '../../src/solver/cache.ts';
import { clearSolutionMemory } from '../../src/solver/memory.ts';
import { solveTwoPlayer } from '../../src/solver/two-player.ts';
import { TwoPlayerSolution } from '../../src/solver/two-player-solution.ts';
import { bruteGame } from './brute-game.ts';
import { tiny } from './tiny-rules.ts';

const dir = mkdtempSync(join(tmpdir(), 'zilch-solver-'));
const solutions = diskSolutions(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function solve(rules: RuleSet, opts: Parameters<typeof solveTwoPlayer>[1] = {}): TwoPlayerSolution {
  const s = solveTwoPlayer(rules, opts);
  if (!(s instanceof TwoPlayerSolution)) throw new Error(s.message);
  return s;
}

const TINY: [string, RuleSet][] = [
  [
    '2 dice, final round, offers (after hot dice too)',
    tiny(2, { target: 150, end: 'final-round', offers: { afterHotDice: true } }),
  ],
  [
    '2 dice, first to the target, bank minimum 100, opening minimum 150',
    tiny(2, { target: 250, bankMinimum: 100, openingMinimum: 150 }),
  ],
  [
    '2 dice, final round, offers but none after hot dice, opening 150',
    tiny(2, {
      target: 200,
      end: 'final-round',
      offers: { afterHotDice: false },
      openingMinimum: 150,
    }),
  ],
  ['3 dice, first to the target, nothing bonus', tiny(3, { target: 150, nothingBonus: 100 })],
];

describe('two-player solver', () => {
  it.each(TINY)('agrees with value iteration over the engine’s game states: %s', (_n, rules) => {
    const brute = bruteGame(rules, 500);
    const sol = solve(rules);
    expect(sol.fresh(0, 0)).toBeCloseTo(brute.value, 10);
    // Under the optimal policy the game ends: wins and ties add up to one, seat by seat.
    expect(brute.win0 + brute.win1 + brute.tie).toBeCloseTo(1, 10);
    expect(brute.win0 + brute.tie / 2).toBeCloseTo(sol.fresh(0, 0), 10);
    expect(brute.win1 + brute.tie / 2).toBeCloseTo(1 - sol.fresh(0, 0), 10);
  });

  it('moving along slopes gives the same tables as sweeping every table again', () => {
    const rules = { ...preset('serendipity-creak'), target: 1500 };
    const fast = solve(rules);
    const full = solve(rules, { fullSweeps: true });
    expect(fast.sweeps).toBeLessThan(full.sweeps);
    let worst = 0;
    for (let i = 0; i < fast.store.length; i++)
      worst = Math.max(worst, Math.abs(fast.store[i]! - full.store[i]!));
    expect(worst).toBeLessThan(1e-12);
  });

  it('needs no cap with offers after hot dice, and a growing cap moves nothing elsewhere', () => {
    const sc = { ...preset('serendipity-creak'), target: 1500 };
    const a = solve(sc);
    const b = solve(sc, { extraPoints: 10_000 });
    expect(a.capped).toBe(0);
    expect(Math.abs(a.fresh(0, 0) - b.fresh(0, 0))).toBeLessThan(1e-13);
    const classic = { ...preset('classic'), target: 1500 };
    const c = solve(classic, { extraPoints: 4000 });
    const d = solve(classic, { extraPoints: 8000 });
    expect(Math.abs(c.fresh(0, 0) - d.fresh(0, 0))).toBeLessThan(1e-6);
  });

  it('values rise with your score and fall with theirs (farkle-2017, target 2000)', () => {
    const sol = solve({ ...preset('farkle-2017'), target: 2000 });
    for (let a = 0; a < sol.T; a += 3)
      for (let b = 0; b < sol.T; b += 3) {
        if (a + 1 < sol.T)
          expect(sol.fresh(a + 1, b)).toBeGreaterThanOrEqual(sol.fresh(a, b) - 1e-12);
        if (b + 1 < sol.T) expect(sol.fresh(a, b + 1)).toBeLessThanOrEqual(sol.fresh(a, b) + 1e-12);
      }
  });

  it('refuses rule sets it does not model, as a value', () => {
    const r = solveTwoPlayer(preset('ten-dice'));
    expect(r).toMatchObject({ code: 'UNSUPPORTED_RULES' });
  });

  it('refuses a tie-break play-off and a fixed number of rounds (a tie is not half a win there)', () => {
    const small = tiny(2, { target: 150, end: 'final-round' });
    expect(solveTwoPlayer({ ...small, ties: 'play-off' })).toMatchObject({
      code: 'UNSUPPORTED_RULES',
      message: expect.stringContaining('play-off') as unknown,
    });
    expect(solveTwoPlayer({ ...small, rounds: 5 })).toMatchObject({
      code: 'UNSUPPORTED_RULES',
      message: expect.stringContaining('rounds') as unknown,
    });
    // Its roll tables hold no sets and value every zilch alike (issue 14's two more rules).
    expect(solveTwoPlayer({ ...small, setDoubling: true })).toMatchObject({
      code: 'UNSUPPORTED_RULES',
      message: expect.stringContaining('growing sets') as unknown,
    });
    expect(solveTwoPlayer({ ...small, firstRollMercy: { points: 50 } })).toMatchObject({
      code: 'UNSUPPORTED_RULES',
      message: expect.stringContaining('first-roll mercy') as unknown,
    });
    // Scoring-only house rules are solved (exactly: they only change the roll table).
    expect(solveTwoPlayer({ ...small, keepSetsWhole: true, rounds: null })).toBeInstanceOf(
      TwoPlayerSolution,
    );
  });

  it('round-trips through the disk cache: roll values as 32-bit floats, fresh values exact', () => {
    const rules = { ...preset('serendipity-creak'), target: 1000 };
    const sol = solve(rules);
    saveTwoPlayer(sol, dir);
    clearSolutionMemory();
    const copy = loadTwoPlayer({ ...rules }, dir);
    expect(copy).not.toBeNull();
    expect(copy!.store).toBeInstanceOf(Float32Array);
    expect(Array.from(copy!.store)).toEqual(Array.from(sol.store, Math.fround));
    let worst = 0;
    for (let i = 0; i < sol.store.length; i++)
      worst = Math.max(worst, Math.abs(copy!.store[i]! - sol.store[i]!));
    // Probabilities are at most 1: rounding to 24 significant bits moves one by ≤ 2⁻²⁵.
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(2 ** -25);
    for (let a = 0; a < sol.T; a++)
      for (let b = 0; b < sol.T; b++) expect(copy!.fresh(a, b)).toBe(sol.fresh(a, b));
    // Without offers the fresh values are all a decision reads: kept 64-bit, nothing else.
    const classic = solve({ ...preset('classic'), target: 1000 });
    saveTwoPlayer(classic, dir);
    clearSolutionMemory();
    const again = loadTwoPlayer({ ...classic.rules }, dir)!;
    expect(again.store).toHaveLength(0);
    expect(Array.from(again.freshValues!)).toEqual(Array.from(classic.store));
  });

  it('win-optimal play against itself wins as often as the solver predicts', () => {
    const rules = { ...preset('serendipity-creak'), target: 1000 };
    const sol = solve(rules);
    const p = sol.fresh(0, 0);
    const games = 1500;
    const dice = seededDice(2024);
    let score = 0;
    for (let g = 0; g < games; g++) {
      let s: GameState = lean.initialState(rules, 2, 0);
      while (s.phase !== 'over') {
        const move = advise(s, 'win', { solutions }).options[0]!.move;
        const r = applyAction(
          s,
          { ...move, seat: s.current } as Parameters<typeof applyAction>[1],
          dice,
        );
        if (!r.ok) throw new Error(r.error.message);
        s = r.state;
      }
      score += s.winners.includes(0) ? 1 / s.winners.length : 0;
    }
    const se = Math.sqrt((p * (1 - p)) / games);
    expect(Math.abs(score / games - p)).toBeLessThan(4 * se);
  });
});
