import { describe, expect, it } from 'vitest';
import { lean, preset, type GameState, type RuleSet } from '@zilch/engine';
import { createBot } from '../../src/bots/index.ts';

/** Seat 0 on turn with a roll in front of it (phase keep) or deciding (roll null). */
function position(
  rules: RuleSet,
  opts: { total: number; available: number; roll?: number[]; scores?: number[] },
): GameState {
  const s = lean.initialState(rules, 2, 0);
  s.scores = opts.scores ?? [0, 0];
  s.onBoard = s.scores.map((v) => v > 0);
  s.turn.total = opts.total;
  s.turn.available = opts.available;
  s.turn.rolls = 1;
  if (opts.roll) {
    s.turn.roll = opts.roll;
    s.phase = 'keep';
  } else s.phase = 'decide';
  return s;
}

const sc = preset('serendipity-creak');

describe('cautious and bold rules of thumb', () => {
  it('cautious banks a total that bold rolls on', () => {
    const s = position(sc, { total: 450, available: 3 });
    expect(createBot('cautious', sc, 1).decide(s).type).toBe('bank');
    expect(createBot('bold', sc, 1).decide(s).type).toBe('roll');
  });

  it('both roll on with six fresh dice and bank a big total with one die', () => {
    for (const id of ['cautious', 'bold'] as const) {
      expect(createBot(id, sc, 1).decide(position(sc, { total: 600, available: 6 })).type).toBe(
        'roll',
      );
      expect(createBot(id, sc, 1).decide(position(sc, { total: 1500, available: 1 })).type).toBe(
        'bank',
      );
    }
  });

  it('keeps fewer dice when many are left, and takes hot dice', () => {
    const many = position(sc, { total: 0, available: 6, roll: [1, 5, 2, 2, 3, 6] });
    expect(createBot('bold', sc, 1).decide(many)).toEqual({ type: 'keep', seat: 0, dice: [0] });
    const two = position(sc, { total: 300, available: 2, roll: [5, 1] });
    expect(createBot('cautious', sc, 1).decide(two)).toMatchObject({ type: 'keep', dice: [1, 0] });
  });

  it('never banks below the opening minimum', () => {
    const hd = preset('hot-dice');
    const s = position(hd, { total: 900, available: 1 });
    expect(createBot('cautious', hd, 1).decide(s).type).toBe('roll');
  });

  it('in the final round rolls on until ahead of the leader', () => {
    const s = position(sc, { total: 1500, available: 1, scores: [8000, 10200] });
    s.finalRound = { by: 1, turnsLeft: 1 };
    expect(createBot('cautious', sc, 1).decide(s).type).toBe('roll');
    s.turn.total = 2250;
    expect(createBot('bold', sc, 1).decide(s).type).toBe('bank');
  });

  it('takes a generous offer and declines a poor one', () => {
    const s = lean.initialState(sc, 2, 0);
    s.phase = 'choose';
    s.offer = { points: 1500, dice: 4 };
    expect(createBot('cautious', sc, 1).decide(s).type).toBe('inherit');
    s.offer = { points: 200, dice: 1 };
    expect(createBot('bold', sc, 1).decide(s).type).toBe('fresh');
  });
});

describe('random bot', () => {
  it('is reproducible from its seed and varies with it', () => {
    const s = position(sc, { total: 0, available: 6, roll: [1, 1, 5, 5, 2, 3] });
    const picks = (seed: number): string => {
      const b = createBot('random', sc, seed);
      return JSON.stringify(Array.from({ length: 20 }, () => b.decide(s)));
    };
    expect(picks(3)).toBe(picks(3));
    expect(picks(3)).not.toBe(picks(4));
  });
});
