import { describe, expect, it } from 'vitest';
import {
  heldOf,
  NO_SETS,
  optionGain,
  optionSets,
  preset,
  scoringTable,
  type RuleSet,
} from '@zilch/engine';
import { FinalTurn } from '../../src/solver/final-turn.ts';
import { flatGroups } from '../../src/solver/groups-flat.ts';
import {
  firstRollShare,
  LastTurn,
  lastTurn,
  type LastTurnGoal,
} from '../../src/solver/last-turn.ts';
import { UNIT } from '../../src/solver/outcomes.ts';
import { tiny } from './tiny-rules.ts';

/**
 * An independent last-turn solver: every ordered roll (6^n), every keep the engine's table
 * lists, the lock and held sets (and under set doubling their points) kept explicitly, points
 * not units; memoised recursion. `first`: a fresh turn's first roll, where first-roll mercy
 * turns a zilch into a roll of every die from the mercy points.
 */
function bruteLastTurn(
  rules: RuleSet,
  goal: LastTurnGoal,
): (
  total: number,
  dice: number,
  held: number,
  locked: number,
  sets?: readonly number[],
  first?: boolean,
) => number {
  const table = scoringTable(rules);
  const share = (t: number): number =>
    t >= goal.win * UNIT ? 1 : t === (goal.win - 1) * UNIT ? goal.tieShare : 0;
  const memo = new Map<string, number>();
  const decide = (
    total: number,
    dice: number,
    held: number,
    locked: number,
    sets: readonly number[],
  ): number => {
    const r = roll(total, dice, held, locked, sets);
    return total >= goal.min * UNIT ? Math.max(share(total), r) : r;
  };
  const roll = (
    total: number,
    dice: number,
    held: number,
    locked: number,
    sets: readonly number[] = NO_SETS,
    first = false,
  ): number => {
    // Beyond every threshold a bank wins; nothing above can be worth more.
    if (total >= Math.max(goal.win, goal.min) * UNIT)
      return rollRaw(total, dice, held, locked, sets, first);
    const id = `${total}/${dice}/${held}/${locked}/${sets.join()}/${first}`;
    let v = memo.get(id);
    if (v === undefined) memo.set(id, (v = rollRaw(total, dice, held, locked, sets, first)));
    return v;
  };
  const rollRaw = (
    total: number,
    dice: number,
    held: number,
    locked: number,
    sets: readonly number[],
    first: boolean,
  ): number => {
    let sum = 0;
    const faces = new Array<number>(dice).fill(1);
    const count = 6 ** dice;
    for (let i = 0; i < count; i++) {
      let x = i;
      for (let d = 0; d < dice; d++) {
        faces[d] = (x % 6) + 1;
        x = Math.floor(x / 6);
      }
      const info = table.lookup(faces, held);
      if (info.zilch) {
        const mercy = rules.firstRollMercy;
        if (first && mercy) sum += roll(total + mercy.points, rules.dice, 0, 0);
        else sum += locked > 0 ? share(locked) : goal.zilchShare;
        continue;
      }
      let best = 0;
      for (const o of info.options) {
        const t2 = total + optionGain(o, total, sets);
        const left = dice - o.dice;
        const after = optionSets(o, sets);
        const v =
          t2 >= Math.max(goal.win, goal.min) * UNIT
            ? 1
            : left === 0
              ? decide(t2, rules.dice, 0, rules.lockOnHotDice ? t2 : locked, NO_SETS)
              : decide(t2, left, o.grows ? heldOf(after) : held | o.forms, locked, after);
        if (v > best) best = v;
      }
      sum += best;
    }
    return sum / count;
  };
  return roll;
}

const CASES: [string, RuleSet, LastTurnGoal][] = [
  ['3 dice, tie possible', tiny(3), { win: 9, tieShare: 0.5, min: 0, zilchShare: 0 }],
  [
    '3 dice, bank minimum above the winning total',
    tiny(3, { bankMinimum: 400 }),
    { win: 5, tieShare: 0.5, min: 8, zilchShare: 0 },
  ],
  [
    '3 dice, Ten Dice lock, three-way tie',
    tiny(3, { lockOnHotDice: true }),
    { win: 12, tieShare: 1 / 3, min: 0, zilchShare: 0 },
  ],
  [
    '4 dice, Hot Dice doubling',
    tiny(4, { hotDiceDoubling: true }),
    { win: 30, tieShare: 0.5, min: 0, zilchShare: 0 },
  ],
  [
    '3 dice, a zilch that still wins (ahead by more than a penalty)',
    tiny(3, { nothingBonus: 100 }),
    { win: 6, tieShare: 0.5, min: 2, zilchShare: 0.5 },
  ],
];

describe('last-turn solver', () => {
  it.each(CASES)('agrees with brute force over ordered rolls: %s', (_n, rules, goal) => {
    const lt = new LastTurn(rules, goal);
    const brute = bruteLastTurn(rules, goal);
    const heldSets = rules.hotDiceDoubling ? [0, 1, 2, 16, 32] : [0];
    let worst = 0;
    for (let t = 0; t <= lt.cap + 2; t++)
      for (let n = 1; n <= rules.dice; n++)
        for (const held of heldSets) {
          // A held set takes three kept dice and points to keep them.
          if (held && (t === 0 || n > rules.dice - 3)) continue;
          const locks = rules.lockOnHotDice ? [0, goal.win - 2, goal.win - 1, goal.win] : [0];
          for (const L of locks) {
            if (L < 0 || L > t) continue;
            const d = Math.abs(lt.roll(t, n, held, L) - brute(t * UNIT, n, held, L * UNIT));
            worst = Math.max(worst, d);
          }
        }
    expect(worst).toBeLessThan(1e-12);
  });

  it('growing sets: agrees with brute force, each held set by its points', () => {
    const rules = tiny(4, { setDoubling: true });
    const goal: LastTurnGoal = { win: 30, tieShare: 0.5, min: 0, zilchShare: 0 };
    const brute = bruteLastTurn(rules, goal);
    const sets = [
      [1000, 0, 0, 0, 0, 0],
      [0, 0, 300, 0, 0, 0],
      [0, 0, 0, 0, 500, 0],
    ];
    let worst = 0;
    for (const lt of [new LastTurn(rules, goal), lastTurn(rules, goal)])
      for (let t = 0; t <= 32; t++) {
        for (let n = 1; n <= 4; n++)
          worst = Math.max(worst, Math.abs(lt.roll(t, n) - brute(t * UNIT, n, 0, 0)));
        for (const s of sets)
          worst = Math.max(
            worst,
            Math.abs(lt.roll(t, 1, heldOf(s), 0, s) - brute(t * UNIT, 1, heldOf(s), 0, s)),
          );
      }
    expect(worst).toBeLessThan(1e-12);
  });

  it.each([
    [
      '3 dice',
      tiny(3, { firstRollMercy: { points: 50 } }),
      { win: 9, tieShare: 0.5, min: 0, zilchShare: 0 },
    ],
    [
      '3 dice, a zilch that still ties, bank minimum',
      tiny(3, { firstRollMercy: { points: 100 }, bankMinimum: 200 }),
      { win: 7, tieShare: 0.5, min: 4, zilchShare: 0.5 },
    ],
  ] as const)('first-roll mercy: the fresh turn agrees with brute force: %s', (_n, rules, goal) => {
    const brute = bruteLastTurn(rules, goal);
    const want = brute(0, rules.dice, 0, 0, NO_SETS, true);
    expect(Math.abs(firstRollShare(rules, lastTurn(rules, goal)) - want)).toBeLessThan(1e-12);
    expect(Math.abs(firstRollShare(rules, new LastTurn(rules, goal)) - want)).toBeLessThan(1e-12);
    // The mercy is worth something, and nothing without the rule.
    const plain = { ...rules, firstRollMercy: null };
    expect(want).toBeGreaterThan(new LastTurn(plain, goal).roll(0, rules.dice));
    expect(firstRollShare(plain, lastTurn(plain, goal))).toBe(
      lastTurn(plain, goal).roll(0, rules.dice),
    );
  });

  it('shares one table between goals without doubling, and gives what a table of its own gives', () => {
    for (const rules of [tiny(3, { lockOnHotDice: true }), preset('zilch-online')]) {
      for (const [win, min, tieShare, zilchShare] of [
        [5, 0, 0.5, 0],
        [30, 0, 0.5, 0],
        [12, 6, 1 / 3, 0],
        [3, 6, 0.5, 0],
        [4, 6, 0.5, 0.5],
        [70, 0, 0.5, 0],
        [2, 0, 0, 0],
      ] as const) {
        const goal = { win, min, tieShare, zilchShare };
        const own = new LastTurn(rules, goal);
        const shared = lastTurn(rules, goal);
        for (let t = 0; t < own.cap + 2; t++)
          for (let n = 1; n <= rules.dice; n++) {
            expect(shared.roll(t, n)).toBeCloseTo(own.roll(t, n), 14);
            expect(shared.decide(t, n)).toBeCloseTo(own.decide(t, n), 14);
            if (rules.lockOnHotDice && t >= win - 1 && win > 1)
              expect(shared.roll(t, n, 0, win - 1)).toBeCloseTo(own.roll(t, n, 0, win - 1), 14);
          }
      }
    }
  });

  it('gives the two-player final turn of serendipity-creak, offers and minimums included', () => {
    const rules = preset('serendipity-creak');
    const ft = new FinalTurn(flatGroups(rules), 400);
    for (const [need, min] of [
      [1, 0],
      [7, 0],
      [40, 0],
      [40, 20],
      [10, 20],
      [150, 20],
    ] as const) {
      const tie = need >= min;
      const lt = new LastTurn(rules, { win: need + 1, tieShare: 0.5, min, zilchShare: 0 });
      expect(lt.roll(0, 6)).toBeCloseTo(ft.value(need, min, 0, 0), 13);
      for (const [t, n] of [
        [5, 3],
        [12, 1],
        [need - 1, 2],
      ] as const) {
        if (t < 0) continue;
        const w = tie ? need + 1 : min;
        expect(lt.roll(t, n)).toBeCloseTo(ft.roll(w - t, n, tie), 13);
      }
    }
  });

  it('is worth more the less is needed, and a bank that ties is taken only when rolling is worse', () => {
    const rules = preset('zilch-online');
    let prev = 1;
    for (let win = 1; win < 120; win += 7) {
      const v = new LastTurn(rules, { win, tieShare: 0.5, min: 6, zilchShare: 0 }).roll(0, 6);
      expect(v).toBeLessThanOrEqual(prev + 1e-15);
      prev = v;
    }
    const lt = new LastTurn(rules, { win: 40, tieShare: 0.5, min: 6, zilchShare: 0 });
    expect(lt.decide(39, 1)).toBe(0.5);
    expect(lt.decide(39, 6)).toBeGreaterThan(0.5);
  });
});
