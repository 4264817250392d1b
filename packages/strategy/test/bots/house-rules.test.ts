/**
 * Every bot plays whole games under the house rules of issue 14: the scoring ones (solved
 * exactly through the roll table), growing sets and first-roll mercy (solved exactly by the
 * turn and last-turn solvers) and the game-end ones. The two-player solver refuses all but
 * the scoring ones, so the advised bots fall back to expected points and the rest play by thumb.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { applyAction, legalActions, preset, seededDice, type RuleSet } from '@zilch/engine';
import { BOT_IDS, createBot } from '../../src/bots/index.ts';
import { playGame } from '../../src/simulate/play-game.ts';
import { twoPlayerUnsupported } from '../../src/solver/two-player.ts';
import { randomState } from './states.ts';

const RULES: [string, RuleSet][] = [
  [
    'classic, 3 rounds, play-off, sets whole, bonus floor, six of a kind',
    {
      ...preset('classic'),
      target: 2000,
      rounds: 3,
      ties: 'play-off',
      keepSetsWhole: true,
      bonusFloor: true,
      twoTriplets: { points: 2500, sixOfAKind: true },
    },
  ],
  [
    'serendipity-creak to 2,000, play-off',
    { ...preset('serendipity-creak'), target: 2000, ties: 'play-off' },
  ],
  ['classic to 2,000, growing sets', { ...preset('classic'), target: 2000, setDoubling: true }],
  [
    'serendipity-creak to 2,000, first-roll mercy of 50, opening minimum 500',
    {
      ...preset('serendipity-creak'),
      target: 2000,
      firstRollMercy: { points: 50 },
      openingMinimum: 500,
    },
  ],
  [
    'zilch-online to 2,000 without the nothing bonus, growing sets and mercy of 100',
    {
      ...preset('zilch-online'),
      target: 2000,
      nothingBonus: null,
      setDoubling: true,
      firstRollMercy: { points: 100 },
    },
  ],
];

describe.each(RULES)('%s', (_, rules) => {
  it('the two-player solver refuses it with a code', () => {
    expect(twoPlayerUnsupported(rules)).toMatchObject({ code: 'UNSUPPORTED_RULES' });
  });

  it.each(BOT_IDS)('%s plays legal moves to a single winner', (id) => {
    for (let seed = 1; seed <= 3; seed++) {
      const bots = [0, 1].map((i) => createBot(id, rules, seed * 10 + i));
      const out = playGame(rules, bots, seededDice(seed), seed % 2);
      expect(out.winners).toHaveLength(1);
      if (rules.rounds) for (const t of out.turns) expect(t).toBeGreaterThanOrEqual(rules.rounds);
    }
  });
});

/** Growing sets and first-roll mercy at low targets (one object each: solvers cache per rule set). */
const ISSUE_14: RuleSet[] = [
  { ...preset('classic'), target: 1000, setDoubling: true },
  { ...preset('serendipity-creak'), target: 1000, firstRollMercy: { points: 50 } },
];

test.prop(
  [
    fc.constantFrom(...BOT_IDS),
    fc.constantFrom(...ISSUE_14),
    fc.integer({ min: 2, max: 3 }),
    fc.integer(),
    fc.integer({ min: 0, max: 60 }),
  ],
  { numRuns: 150 },
)(
  'growing sets and mercy: every bot returns a legal action from random states (held sets, re-rolls, offers, final rounds)',
  (id, rules, players, seed, steps) => {
    const s = randomState(rules, players, seed, steps);
    fc.pre(s.phase !== 'over');
    const a = createBot(id, rules, seed).decide(s);
    expect(legalActions(s)).toContainEqual(a);
    expect(applyAction(s, a, seededDice(seed)).ok).toBe(true);
  },
);
