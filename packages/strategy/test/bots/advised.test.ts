import { describe, expect, it } from 'vitest';
import { legalActions, lean, preset, type GameState } from '@zilch/engine';
import { advise } from '../../src/advisor/index.ts';
import { createBot } from '../../src/bots/index.ts';
import { legalFor } from '../../src/bots/advised.ts';

const sc = preset('serendipity-creak');

function keepState(roll: number[], total = 0): GameState {
  const s = lean.initialState(sc, 2, 1);
  s.phase = 'keep';
  s.turn.roll = roll;
  s.turn.total = total;
  s.turn.available = roll.length;
  s.turn.rolls = 1;
  return s;
}

describe('advised bots', () => {
  it('turn an advised keep-and-roll into the plain keep, matching dice by face', () => {
    const s = keepState([5, 2, 1, 3, 1, 6]);
    const legal = legalActions(s);
    // Positions 4 and 0 pick a 1 and a 5, as the legal keep at positions 0 and 2 does.
    const a = legalFor(s, { type: 'keep', dice: [4, 0], then: 'roll' }, legal);
    expect(a).not.toBeNull();
    expect(a).toMatchObject({ type: 'keep', seat: 1 });
    expect(a && 'then' in a ? a.then : undefined).toBeUndefined();
    expect(legal).toContainEqual(a);
    expect(legalFor(s, { type: 'keep', dice: [1], then: 'bank' }, legal)).toBeNull();
  });

  it('expected plays the top option of the points advice', () => {
    for (const roll of [
      [1, 1, 5, 2, 3, 4],
      [5, 5, 2, 2, 3, 6],
      [1, 2, 3, 4, 5, 5],
    ]) {
      for (const total of [0, 350, 2000]) {
        const s = keepState(roll, total);
        const top = advise(s, 'points').options[0]!;
        expect(createBot('expected', sc, 1).decide(s)).toEqual(
          legalFor(s, top.move, legalActions(s)),
        );
      }
    }
  });

  it('banks a big total with one die left and rolls on with six', () => {
    const s = lean.initialState(sc, 2, 0);
    s.phase = 'decide';
    s.turn.rolls = 1;
    s.turn.total = 2500;
    s.turn.available = 1;
    expect(createBot('expected', sc, 1).decide(s).type).toBe('bank');
    s.turn.total = 300;
    s.turn.available = 6;
    expect(createBot('expected', sc, 1).decide(s).type).toBe('roll');
  });
});
