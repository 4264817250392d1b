import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { applyAction, legalActions, seededDice } from '@zilch/engine';
import { BOT_IDS, botAvailable, createBot, type BotId } from '../../src/bots/index.ts';
import { PRESET_IDS, randomState, smallRules } from './states.ts';

// expected and optimal join as soon as the advisor they are built on is there.
const ready = BOT_IDS.filter((id) => botAvailable(id));

describe('every bot only returns legal actions', () => {
  test.prop(
    [
      fc.constantFrom(...ready),
      fc.constantFrom(...PRESET_IDS),
      fc.integer({ min: 2, max: 4 }),
      // Few distinct targets: each rule set builds its scoring table once.
      fc.constantFrom(1000, 2000),
      fc.integer(),
      fc.integer({ min: 0, max: 60 }),
    ],
    { numRuns: 600 },
  )('random states of every preset', (id: BotId, preset, players, target, seed, steps) => {
    const rules = smallRules(preset, target);
    const s = randomState(rules, players, seed, steps);
    fc.pre(s.phase !== 'over');
    const a = createBot(id, rules, seed).decide(s);
    expect(legalActions(s)).toContainEqual(a);
    const r = applyAction(s, a, seededDice(seed));
    expect(r.ok).toBe(true);
  });
});
