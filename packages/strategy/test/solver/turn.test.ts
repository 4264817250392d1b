import { describe, expect, it } from 'vitest';
import { applyAction, lean, preset, seededDice, type GameState, type RuleSet } from '@zilch/engine';
import { advise } from '../../src/advisor/index.ts';
import { solveTurn } from '../../src/solver/turn.ts';
import { solveLongRun } from '../../src/solver/long-run.ts';
import { bruteRoll } from './brute-turn.ts';
import { tiny } from './tiny-rules.ts';

const CASES: [string, RuleSet, boolean][] = [
  ['2 dice', tiny(2), true],
  [
    '3 dice, bank minimum 150, not on board with opening 300',
    tiny(3, { bankMinimum: 150, openingMinimum: 300 }),
    false,
  ],
  ['3 dice, nothing bonus 100', tiny(3, { nothingBonus: 100 }), true],
  ['2 dice, Ten Dice lock', tiny(2, { lockOnHotDice: true }), true],
  ['3 dice, Hot Dice extensions', tiny(3, { hotDiceDoubling: true, openingMinimum: 200 }), true],
  // House rules that change only what a roll scores reach the solver through the table.
  ['3 dice, sets kept whole', tiny(3, { keepSetsWhole: true }), true],
  [
    '3 dice, bonus floor on a 1-5-6 straight of 100',
    tiny(3, { straights: [{ faces: [1, 5, 6], points: 100 }], bonusFloor: true }),
    true,
  ],
];

/** Held sets of a 4-dice tiny rule set: one triple held, one die left (or none held). */
const SETS_4 = [
  [0, 0, 0, 0, 0, 0],
  [1000, 0, 0, 0, 0, 0],
  [0, 0, 300, 0, 0, 0],
  [0, 0, 0, 0, 0, 600],
];

describe('turn solver under growing sets and first-roll mercy (issue 14)', () => {
  it('growing sets: agrees with enumeration of ordered rolls, each held set by its points', () => {
    const rules = tiny(4, { setDoubling: true });
    const cap = 4000;
    const turn = solveTurn(rules, { capPoints: cap });
    const brute = bruteRoll(rules, true, cap);
    expect(turn.expectedTurn).toBeCloseTo(brute(0, 4, 0), 9);
    for (const total of [0, 300, 600, 1300])
      for (const sets of SETS_4) {
        const held = sets.reduce((m, v, f) => (v > 0 ? m | (1 << f) : m), 0);
        const dice = held ? [1] : [1, 2, 3, 4];
        for (const n of dice)
          expect(turn.roll(total, n, held, 0, sets)).toBeCloseTo(brute(total, n, 0, held, sets), 9);
      }
    // The held set is worth having: one die left with a held set of 3s beats one die alone.
    expect(turn.roll(300, 1, 4, 0, SETS_4[2])).toBeGreaterThan(turn.roll(300, 1));
  });

  it.each([
    ['2 dice', tiny(2, { firstRollMercy: { points: 50 } }), 0],
    ['3 dice, a zilch costs 200', tiny(3, { firstRollMercy: { points: 100 } }), -200],
    ['3 dice, Ten Dice lock', tiny(3, { firstRollMercy: { points: 50 }, lockOnHotDice: true }), 0],
  ] as const)(
    'first-roll mercy: the fresh turn agrees with enumeration, every later roll is unchanged: %s',
    (_name, rules, zilchValue) => {
      const cap = 4000;
      const turn = solveTurn(rules, { capPoints: cap, zilchValue });
      const brute = bruteRoll(rules, true, cap, zilchValue);
      const digits = rules.lockOnHotDice ? 6 : 9;
      expect(turn.expectedTurn).toBeCloseTo(brute(0, rules.dice, 0, 0, undefined, true), digits);
      const without = solveTurn({ ...rules, firstRollMercy: null }, { capPoints: cap, zilchValue });
      expect(turn.expectedTurn).toBeGreaterThan(without.expectedTurn);
      for (const total of [0, 100, 250])
        for (let n = 1; n <= rules.dice; n++)
          expect(turn.roll(total, n)).toBeCloseTo(without.roll(total, n), 12);
    },
  );
});

describe('turn solver', () => {
  it.each(CASES)('agrees with exact enumeration of ordered rolls: %s', (_name, rules, onBoard) => {
    const cap = 4000;
    const turn = solveTurn(rules, { onBoard, capPoints: cap });
    const brute = bruteRoll(rules, onBoard, cap);
    expect(turn.expectedTurn).toBeCloseTo(brute(0, rules.dice, 0), rules.lockOnHotDice ? 6 : 9);
    for (const total of [0, 100, 250, 600])
      for (let n = 1; n <= rules.dice; n++)
        expect(turn.roll(total, n)).toBeCloseTo(brute(total, n, 0), rules.lockOnHotDice ? 6 : 9);
  });

  it('does not move when the cap on the running total grows', () => {
    for (const id of ['serendipity-creak', 'farkle-2017', 'zilch-online'] as const) {
      const a = solveTurn(preset(id)).expectedTurn;
      const b = solveTurn(preset(id), { capPoints: 100_000 }).expectedTurn;
      expect(Math.abs(a - b)).toBeLessThan(1e-9);
    }
  });

  it('bank thresholds are where banking starts to beat rolling', () => {
    const turn = solveTurn(preset('farkle-2017'));
    for (const { dice, bankAt } of turn.thresholds()) {
      expect(bankAt).not.toBeNull();
      expect(turn.roll(bankAt!, dice)).toBeLessThanOrEqual(bankAt!);
      if (bankAt! > 0) expect(turn.roll(bankAt! - 50, dice)).toBeGreaterThan(bankAt! - 50);
    }
  });

  it("matches a Monte-Carlo estimate of the solver's own policy (farkle-2017)", () => {
    const rules = preset('farkle-2017');
    const E = solveTurn(rules).expectedTurn;
    const { mean, se } = playTurns(rules, 20_000, 7, false);
    expect(Math.abs(mean - E)).toBeLessThan(4 * se);
  });

  it('long-run optimum with a three-zilch penalty lies below the penalty-free turn and matches play', () => {
    const rules = preset('zilch-online');
    const lr = solveLongRun(rules);
    expect(lr.gain).toBeLessThan(solveTurn(rules).expectedTurn);
    expect(lr.bias[1]).toBeLessThan(0);
    expect(lr.bias[2]).toBeLessThan(lr.bias[1]!);
    const { mean, se } = playTurns(rules, 10_000, 11, true);
    expect(Math.abs(mean - lr.gain)).toBeLessThan(4 * se);
  });
});

/**
 * Plays turns with the advisor's top 'points' move through the engine and returns the mean
 * score change per turn; `streaks` carries zilch streaks (and penalties) across turns.
 */
function playTurns(
  rules: RuleSet,
  turns: number,
  seed: number,
  streaks: boolean,
): { mean: number; se: number } {
  const dice = seededDice(seed);
  let sum = 0;
  let sq = 0;
  let streak = 0;
  for (let i = 0; i < turns; i++) {
    let s: GameState = lean.initialState({ ...rules, target: 10_000_000 }, 2, 0);
    s.onBoard[0] = true;
    s.zilchStreak[0] = streaks ? streak : 0;
    while (s.current === 0) {
      const top = advise(s, 'points').options[0]!;
      const r = applyAction(s, { ...top.move, seat: 0 } as Parameters<typeof applyAction>[1], dice);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
    streak = s.zilchStreak[0]!;
    const gained = s.scores[0]!;
    sum += gained;
    sq += gained * gained;
  }
  const mean = sum / turns;
  return { mean, se: Math.sqrt((sq / turns - mean * mean) / turns) };
}
