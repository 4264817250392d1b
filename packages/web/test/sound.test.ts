import type { GameEvent } from '@zilch/engine';
import { describe, expect, it } from 'vitest';
import { cuesFor, cuesForStep } from '../app/lib/sound.ts';

const kept: GameEvent = {
  type: 'kept',
  seat: 1,
  positions: [0, 1],
  faces: [1, 5],
  points: 150,
  total: 150,
};
const rolled = (seat: number): GameEvent => ({ type: 'rolled', seat, dice: [2, 3, 4, 6] });
const zilch: GameEvent = { type: 'zilch', seat: 1, lost: 150, locked: 0 };
const banked: GameEvent = { type: 'banked', seat: 1, points: 300, score: 300 };
const turnOf = (seat: number): GameEvent => ({ type: 'turn-started', seat, offer: null });

describe('cuesFor', () => {
  it('sounds each kind once, results after the dice land, your turn last', () => {
    const cues = cuesFor([kept, rolled(1), zilch, turnOf(0)], [0], 900);
    expect(cues).toEqual([
      { cue: 'keep', at: 0 },
      { cue: 'dice', at: 120 },
      { cue: 'zilch', at: 1020 },
      { cue: 'turn', at: 1720 },
    ]);
  });

  it('stays quiet about another seat coming up', () => {
    expect(cuesFor([banked, turnOf(2)], [0], 900)).toEqual([{ cue: 'bank', at: 0 }]);
  });

  it('says hot dice and a bank at once when no roll precedes them', () => {
    const hot: GameEvent = { type: 'hot-dice', seat: 0, locked: 0 };
    expect(cuesFor([kept, hot], [0], 900)).toEqual([
      { cue: 'keep', at: 0 },
      { cue: 'hot', at: 0 },
    ]);
  });
});

describe('cuesForStep', () => {
  const still = { rolling: false, highlight: null };
  it('rattles while the dice tumble and keeps the result for the step that shows it', () => {
    expect(cuesForStep({ rolling: true, highlight: null }, [rolled(1)], [0], 900, false)).toEqual([
      { cue: 'dice', at: 0 },
    ]);
    expect(cuesForStep(still, [zilch, turnOf(0)], [0], 900, false)).toEqual([
      { cue: 'zilch', at: 0 },
      { cue: 'turn', at: 700 },
    ]);
  });

  it("sounds a watched player's keep when it is highlighted, not again when it is applied", () => {
    expect(cuesForStep({ rolling: false, highlight: [0, 1] }, [], [0], 900, false)).toEqual([
      { cue: 'keep', at: 0 },
    ]);
    expect(cuesForStep(still, [kept], [0], 900, true)).toEqual([]);
    // This device's own keep has no highlight step: its events sound.
    expect(cuesForStep(still, [kept], [0], 900, false)).toEqual([{ cue: 'keep', at: 0 }]);
  });
});
