/**
 * The advisor under growing sets and first-roll mercy (issue 14): each option is valued from
 * the position it leads to, held sets' points and the mercy included, by the exact solvers.
 */
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  lean,
  positionsFor,
  preset,
  recordedDice,
  type Action,
  type GameState,
  type RuleSet,
} from '@zilch/engine';
import { advise } from '../../src/advisor/index.ts';
import { turnFor } from '../../src/advisor/points.ts';
import { firstRollShare, lastTurn } from '../../src/solver/last-turn.ts';
import { lastTurnCase } from '../../src/advisor/last-turn.ts';
import { candidates } from '../../src/advisor/candidates.ts';

/** Plays scripted actions from a fresh two-seat game; each roll uses the next dice given. */
function play(rules: RuleSet, steps: [Action['type'], number[]][]): GameState {
  let s = lean.initialState(rules, 2, 0);
  for (const [type, faces] of steps) {
    const action: Action =
      type === 'keep'
        ? { type, seat: s.current, dice: positionsFor(s.turn.roll!, faces) }
        : ({ type, seat: s.current } as Action);
    const r = applyAction(s, action, recordedDice(type === 'roll' ? [faces] : []));
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  return s;
}

describe('growing sets (setDoubling)', () => {
  const rules: RuleSet = { ...preset('classic'), setDoubling: true };

  it('a keep that doubles the held set is valued from the grown set', () => {
    const s = play(rules, [
      ['roll', [3, 3, 3, 1, 2, 4]],
      ['keep', [3, 3, 3, 1]],
      ['roll', [3, 2]],
    ]);
    const keepAndRoll = candidates(s).find(
      (c) => c.move.type === 'keep' && c.move.then === 'roll',
    )!;
    expect(keepAndRoll.after).toMatchObject({
      kind: 'roll',
      total: 700,
      dice: 1,
      held: 1 << 2,
      sets: [0, 0, 600, 0, 0, 0],
    });
    const turn = turnFor(s);
    const advice = advise(s, 'points');
    const value = advice.options.find((o) => o.label === keepAndRoll.label)!.value;
    expect(value).toBeCloseTo(turn.roll(700, 1, 4, 0, [0, 0, 600, 0, 0, 0]), 9);
    // One die with a 600 set of 3s to grow is worth more than one die alone.
    expect(value).toBeGreaterThan(turn.roll(700, 1));
  });
});

describe('first-roll mercy (firstRollMercy)', () => {
  const rules: RuleSet = { ...preset('serendipity-creak'), firstRollMercy: { points: 50 } };

  it("a fresh turn's first roll is worth the turn with the mercy; an inherited one is not", () => {
    const fresh = lean.initialState(rules, 2, 0);
    const roll = advise(fresh, 'points').options[0]!;
    const turn = turnFor(fresh);
    expect(roll.value).toBeCloseTo(turn.expectedTurn, 9);
    const plain = { ...rules, firstRollMercy: null };
    expect(turn.expectedTurn).toBeGreaterThan(turnFor(lean.initialState(plain, 2, 0)).expectedTurn);
    // After a bank, the next player chooses: fresh carries the mercy, inheriting does not.
    const s = play(rules, [
      ['roll', [1, 2, 3, 4, 6, 6]],
      ['keep', [1]],
      ['bank', []],
    ]);
    const [freshC, inheritC] = candidates(s);
    expect(freshC!.after).toMatchObject({ kind: 'roll', mercy: true });
    expect(inheritC!.after).toMatchObject({ kind: 'roll', mercy: false });
    const byLabel = new Map(advise(s, 'points').options.map((o) => [o.label, o.value]));
    expect(byLabel.get(freshC!.label)).toBeCloseTo(turnFor(s).expectedTurn, 9);
  });

  it('after the mercy the re-roll is an ordinary roll from the mercy points', () => {
    const s = play(rules, [['roll', [2, 3, 4, 6, 6, 3]]]);
    expect(s.turn).toMatchObject({ total: 50, rolls: 1 });
    const [c] = candidates(s);
    expect(c!.after).toMatchObject({ kind: 'roll', total: 50, dice: 6, mercy: false });
  });

  it('on the last turn the first roll is valued with the mercy, exactly', () => {
    const s: GameState = {
      ...lean.initialState({ ...rules, target: 1000 }, 2, 1),
      scores: [1200, 600],
      onBoard: [true, true],
      finalRound: { by: 0, turnsLeft: 1 },
    };
    const cands = candidates(s);
    const last = lastTurnCase(s, cands)!;
    expect(last.kind).toBe('final');
    const advice = advise(s, 'win');
    expect(advice.options[0]!.value).toBeCloseTo(
      firstRollShare(s.rules, lastTurn(s.rules, last.goal)),
      12,
    );
  });
});
