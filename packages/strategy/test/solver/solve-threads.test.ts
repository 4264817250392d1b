// Issue 26, item 5: a solve spread over threads fills the store with the very bits one thread
// does, for every kind of table (offers with stationary rows, no offers, Hot Dice doubling).
import { describe, expect, it } from 'vitest';
import { preset, type PresetId, type RuleSet } from '@zilch/engine';
import { solveTwoPlayerThreads } from '../../src/solver/solve-threads.ts';
import { solveTwoPlayer, type TwoPlayerOptions } from '../../src/solver/two-player.ts';
import { TwoPlayerSolution } from '../../src/solver/two-player-solution.ts';

function solved(s: TwoPlayerSolution | { message: string }): TwoPlayerSolution {
  if (!(s instanceof TwoPlayerSolution)) throw new Error(s.message);
  return s;
}

/** The store's bytes, to compare to the bit (NaN and −0 included). */
const bytes = (sol: TwoPlayerSolution) =>
  Buffer.from(sol.store.buffer, sol.store.byteOffset, sol.store.byteLength);

// Hot Dice with 500 points of room above the target: its last turns alone would take half
// a minute at the full ceiling, in every thread.
const CASES: [PresetId, number, TwoPlayerOptions][] = [
  ['serendipity-creak', 2_500, {}],
  ['classic', 2_000, {}],
  ['farkle-2017', 3_000, {}],
  ['hot-dice', 1_500, { extraPoints: 500 }],
];

describe('a two-player solve over threads', () => {
  it.each(CASES)(
    '%s at target %i: the same store, to the bit, as one thread',
    async (id, target, opts) => {
      const rules: RuleSet = { ...preset(id), target };
      const one = solved(solveTwoPlayer(rules, opts));
      let reported = 0;
      const three = solved(
        await solveTwoPlayerThreads(rules, {
          ...opts,
          threads: 3,
          onProgress: (f) => (reported = f),
        }),
      );
      expect(three.store.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(three.store.length).toBe(one.store.length);
      expect(bytes(three).equals(bytes(one))).toBe(true);
      expect(three.fresh(0, 0)).toBe(one.fresh(0, 0));
      // Every pair was solved once, whichever thread took it.
      expect(three.states).toBe(one.states);
      expect(three.sweeps).toBeCloseTo(one.sweeps, 6);
      expect(reported).toBe(1);
    },
    60_000,
  );

  it.each([
    ['full passes with proofs from recorded decisions', {}],
    ['plain value iteration', { fullSweeps: true }],
  ] as [string, TwoPlayerOptions][])(
    'a zilch penalty, %s: the same store and passes as one thread',
    async (_name, opts) => {
      // zilch-online's penalty at target 300, final round, the floor one penalty down.
      const rules: RuleSet = { ...preset('zilch-online'), target: 300 };
      const o = { ...opts, floorPoints: 500 };
      const one = solved(solveTwoPlayer(rules, o));
      const two = solved(await solveTwoPlayerThreads(rules, { ...o, threads: 2 }));
      expect(two.store.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(bytes(two).equals(bytes(one))).toBe(true);
      expect(two.penaltyStats).toEqual(one.penaltyStats);
      expect(two.states).toBe(one.states);
    },
    60_000,
  );

  it('refuses what the solver refuses', async () => {
    const ten = await solveTwoPlayerThreads(preset('ten-dice'), { threads: 2 });
    expect(ten).toMatchObject({ code: 'UNSUPPORTED_RULES' });
  });
});
