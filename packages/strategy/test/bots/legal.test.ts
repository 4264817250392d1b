import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { applyAction, legalActions, seededDice } from '@zilch/engine';
import { BOT_IDS, createBot, type BotId } from '../../src/bots/index.ts';
import { PRESET_IDS, randomState, smallRules } from './states.ts';

// optimal solves each small game in memory here (the default source), touching no disk cache;
// Hot Dice's solve takes half a minute of CPU at any target (solver/doubling.test.ts checks it),
// so its bots get no solution here and play expected points outside last turns.
const noSolve = { solutions: { solution: () => null } };

const THUMB: BotId[] = ['random', 'cautious', 'bold'];
const ADVISED = BOT_IDS.filter((id) => !THUMB.includes(id));

describe.each([
  { bots: THUMB, runs: 500, targets: [1000, 2000] },
  // One target: the advisor solves each rule set once, and that is the slow part.
  { bots: ADVISED, runs: 150, targets: [1000] },
])('every bot only returns legal actions: $bots', ({ bots, runs, targets }) => {
  test.prop(
    [
      fc.constantFrom(...bots),
      fc.constantFrom(...PRESET_IDS),
      fc.integer({ min: 2, max: 4 }),
      // Few distinct targets: each rule set builds its tables once.
      fc.constantFrom(...targets),
      fc.integer(),
      fc.integer({ min: 0, max: 60 }),
    ],
    { numRuns: runs },
  )('random states of every preset', (id: BotId, preset, players, target, seed, steps) => {
    const rules = smallRules(preset, target);
    const s = randomState(rules, players, seed, steps);
    fc.pre(s.phase !== 'over');
    const a = createBot(id, rules, seed, preset === 'hot-dice' ? noSolve : {}).decide(s);
    expect(legalActions(s)).toContainEqual(a);
    const r = applyAction(s, a, seededDice(seed));
    expect(r.ok).toBe(true);
  });
});
