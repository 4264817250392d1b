/**
 * The rules text against SPEC.md (../shared/rules/SPEC.md): every rule and decision of SPEC,
 * for every preset it applies to, is found in `describeRulesText`, or the table says why the
 * text does not need it.
 */
import { describe, expect, it } from 'vitest';
import { describeRulesText, preset, PRESET_IDS, type RuleSet } from '../src/index.ts';

interface Decision {
  /** Where in SPEC.md, and what it says. */
  readonly spec: string;
  /** Whether the rule set plays this rule (default: every rule set). */
  readonly applies?: (r: RuleSet) => boolean;
  /** Phrases the text must contain when it applies. */
  readonly says?: readonly (string | RegExp)[];
  /** Why the text leaves it out. */
  readonly reason?: string;
}

const DECISIONS: readonly Decision[] = [
  // Scoring a kept selection
  {
    spec: 'Scoring: combinations only within one roll',
    says: ['Combinations count only within one roll'],
  },
  {
    spec: 'Scoring: the best split of all the kept dice',
    says: ['scores the best way its dice can be split'],
  },
  {
    spec: 'Scoring: a die in no combination cannot be kept',
    says: ['a die that is part of no combination cannot be kept'],
  },
  {
    spec: 'Scoring (decision): scoring dice may be left to roll again',
    says: ['You may leave scoring dice to roll again'],
  },
  {
    spec: 'Scoring (decision): three pairs need different faces',
    applies: (r) => r.threePairs?.form === 'distinct',
    says: ['Three pairs (three different faces)'],
  },
  {
    spec: 'Scoring: four of a kind plus a pair means a pair of another face',
    applies: (r) => r.threePairs?.form === 'four-plus-pair',
    says: ['four of a kind plus a pair of another face'],
  },
  {
    spec: 'Presets: zilch-online three pairs are any three pairs (4+2 and 6 of a kind too)',
    applies: (r) => r.threePairs?.form === 'any',
    says: ['any three pairs; four of a kind plus a pair and six of a kind count too'],
  },
  {
    spec: 'Scoring (decision): two triplets need different faces',
    applies: (r) => r.twoTriplets !== null,
    says: ['Two triplets of different faces'],
  },
  {
    spec: 'Presets: six dice with nothing scoring score the bonus and count as all kept',
    applies: (r) => r.nothingBonus !== null,
    says: [/nothing scoring: [\d,]+, and all the dice count as kept \(hot dice\)/],
  },
  {
    spec: 'Presets: the scoring table',
    says: ['A single 1: 100', 'A single 5: 50', '1s of a kind: 3 for 1,000'],
  },
  {
    spec: 'Presets: straights',
    applies: (r) => r.straights.length > 0,
    says: ['Straight 1-2-3-4-5-6: 1,500'],
  },
  // A game
  { spec: 'A game: play passes seat by seat', says: ['play passes seat by seat'] },
  {
    spec: 'A game: the starting seat is random',
    applies: (r) => r.firstPlayer === 'random',
    says: ['A random seat starts'],
  },
  {
    spec: 'A game: a table has 2–8 seats',
    reason: 'the number of seats is chosen when a game is created, not by the rule set',
  },
  {
    spec: "A game: random choices come from the game's dice",
    reason: 'how the server draws dice (fairness) is on the fairness page, not a rule of play',
  },
  // A turn
  {
    spec: 'A turn 1: fresh or inherit',
    applies: (r) => r.offers !== null,
    says: [
      'start fresh with all the dice, or inherit your running total and roll only the dice you left',
    ],
  },
  {
    spec: 'A turn 1: an offer goes to the next player only and lapses if not taken',
    applies: (r) => r.offers !== null,
    says: ['The offer goes to the next player only and lapses if not taken'],
  },
  {
    spec: 'A turn 2: zilch loses the running total and ends the turn',
    says: ['If nothing scores, that is a zilch: the running total'],
  },
  {
    spec: 'A turn 2: a zilch loses inherited points too and gives no offer',
    applies: (r) => r.offers !== null,
    says: ['(inherited points included) is lost', 'After a zilch there is no offer'],
  },
  {
    spec: 'A turn 3: keep at least one scoring die or set',
    says: ['set aside at least one scoring die or set'],
  },
  {
    spec: 'A turn 3: hot dice makes every die available; it never forces a roll',
    says: ['you may roll all of them again, or bank'],
  },
  {
    spec: 'A turn 4: banking needs a keep in the turn',
    says: ['Banking needs a keep in the same turn: nobody banks without rolling'],
  },
  {
    spec: 'A turn 4: keep and bank may be sent as one action',
    reason: 'a way to send moves (protocol), not a rule: the result is the same as two actions',
  },
  {
    spec: 'A turn 5 (decision): after hot dice the offer is all the dice',
    applies: (r) => r.offers?.afterHotDice === true,
    says: ['After hot dice the offer is your total with all the dice'],
  },
  {
    spec: 'House rule: no offer after hot dice',
    applies: (r) => r.offers?.afterHotDice === false,
    says: ['A bank right after hot dice makes no offer'],
  },
  // End of game
  {
    spec: 'End of game: the target or more starts the final round',
    applies: (r) => r.end === 'final-round' && !r.rounds,
    says: [/Reaching [\d,]+ or more starts the final round/],
  },
  {
    spec: 'End of game: every other player gets exactly one more full turn, in seat order',
    applies: (r) => r.end === 'final-round' && !r.rounds,
    says: ['every other player gets exactly one more full turn, in seat order'],
  },
  {
    spec: 'End of game: final-round turns include offers',
    applies: (r) => r.end === 'final-round' && !r.rounds && r.offers !== null,
    says: ['in seat order, offers included'],
  },
  {
    spec: 'End of game: a bank over the target in the final round does not start another',
    applies: (r) => r.end === 'final-round' && !r.rounds,
    says: ['A bank over the target during the final round does not start another'],
  },
  {
    spec: 'End of game: an offer from the last final-round turn lapses',
    applies: (r) => (r.end === 'final-round' || Boolean(r.rounds)) && r.offers !== null,
    says: [/An offer from the last turn of the (final|last) round lapses/],
  },
  {
    spec: 'Presets: farkle-2017 ends at the first bank at or over the target',
    applies: (r) => r.end === 'immediate' && !r.rounds,
    says: [/The first player to bank [\d,]+ or more wins at once/],
  },
  {
    spec: 'A game / decision: ties on the highest score share the win',
    applies: (r) => r.ties === 'share' && (r.end === 'final-round' || Boolean(r.rounds)),
    says: ['ties share the win'],
  },
  // Minimums
  {
    spec: 'Minimums: the opening minimum until the first bank',
    applies: (r) => r.openingMinimum > 0,
    says: [/Your first bank of the game needs at least [\d,]+ points/],
  },
  {
    spec: 'Minimums: the minimum to bank',
    applies: (r) => r.bankMinimum > 0,
    says: [/Every bank needs at least [\d,]+ points|every bank at least [\d,]+/],
  },
  {
    spec: 'Minimums: the larger of the two applies',
    applies: (r) => r.bankMinimum > 0 && r.openingMinimum > 0,
    says: ['when both apply, the larger counts'],
  },
  {
    spec: 'Minimums: inherited points count toward a minimum',
    applies: (r) => r.offers !== null && (r.bankMinimum > 0 || r.openingMinimum > 0),
    says: ['(inherited points count)'],
  },
  // Preset-specific rules
  {
    spec: 'Hot Dice: a held set is three or more of a face from one roll',
    applies: (r) => r.hotDiceDoubling,
    says: ['three or more of a face set aside from one roll form a held set'],
  },
  {
    spec: 'Hot Dice: an extending die may be kept alone; a roll holding one is not a zilch',
    applies: (r) => r.hotDiceDoubling,
    says: ['it may be kept alone', 'a roll showing one is not a zilch'],
  },
  {
    spec: 'Hot Dice (decision): other points first, then the total doubles per extending die',
    applies: (r) => r.hotDiceDoubling,
    says: [
      'other points are added first, then the total doubles once for each extending die',
      '= 1,000',
    ],
  },
  {
    spec: 'Hot Dice: hot dice ends every held set',
    applies: (r) => r.hotDiceDoubling,
    says: ['it ends every held set'],
  },
  {
    spec: 'Hot Dice: three 1s count 1000 only when rolled together',
    applies: (r) => r.hotDiceDoubling,
    says: ['Combinations count only within one roll'],
  },
  {
    spec: 'Ten Dice lock: hot dice locks the whole running total; a later zilch banks it, without an offer',
    applies: (r) => r.lockOnHotDice,
    says: [
      'Hot dice locks the whole running total',
      'still banks the locked points (it counts as a bank, but gives no offer)',
    ],
  },
  {
    spec: 'Ten Dice (decision): a lock never travels with an offer',
    applies: (r) => r.lockOnHotDice && r.offers !== null,
    says: ['A lock never travels with an offer'],
  },
  {
    spec: "Ten Dice (decision): an inheritor's hot dice locks the inherited points too",
    applies: (r) => r.lockOnHotDice && r.offers !== null,
    says: ['after hot dice they are locked (banked)'],
  },
  {
    spec: 'Ten Dice: four or more of a face, with the maximum rule (four 1s = 1,100)',
    applies: (r) => r.dice === 10,
    says: ['1s of a kind: 3 for 1,000, 4 for 1,000', 'scores the best way its dice can be split'],
  },
  {
    spec: 'Roll-off: highest sum starts; only those tied throw again',
    applies: (r) => r.firstPlayer === 'roll-off',
    says: ['the highest total starts, and only those tied for it throw again'],
  },
  {
    spec: 'Roll-off: roll-off throws are not turns',
    reason: 'follows from the throws choosing who starts; the first turn follows the roll-off',
  },
  {
    spec: 'Seat 1 starts (farkle-2017)',
    applies: (r) => r.firstPlayer === 'seat-1',
    says: ['Seat 1 starts'],
  },
  {
    spec: 'Zilch penalty: own consecutive zilch turns; resets on the penalty and on any bank; may go negative',
    applies: (r) => r.zilchPenalty !== null,
    says: [
      /\d+ of your turns in a row ending in a zilch cost [\d,]+ points, and the count starts again; any bank resets it/,
      'Scores may go below zero',
    ],
  },
  {
    spec: 'Classic (decision): classic ends with a final round',
    applies: (r) => r.end === 'final-round' && !r.rounds,
    says: ['starts the final round'],
  },
  // House rules: the turn timer
  {
    spec: 'Turn timer: per decision; running out ends the turn as a zilch, with no offer',
    applies: (r) => r.turnTimerSeconds !== null,
    says: [
      /Each decision has \d+ seconds; when time runs out the turn ends as a zilch/,
      'It gives no offer',
    ],
  },
  {
    spec: 'Turn timer: a Ten Dice lock still banks',
    applies: (r) => r.turnTimerSeconds !== null && r.lockOnHotDice,
    says: ['(locked points still bank)'],
  },
  {
    spec: 'Turn timer: a timeout does not count toward the zilch penalty',
    applies: (r) => r.turnTimerSeconds !== null && r.zilchPenalty !== null,
    says: ['does not count toward the zilch penalty'],
  },
  // House rules of issue 14 (options no preset plays)
  {
    spec: 'House rule: six of a kind as two triplets',
    applies: (r) => r.twoTriplets?.sixOfAKind === true,
    says: ['six of one face counts as two triplets too'],
  },
  {
    spec: 'House rule: a set must be kept whole',
    applies: (r) => r.keepSetsWhole === true,
    says: [
      'A set is kept whole: when a roll shows three or more of a face',
      'keeping any die of that face means keeping all of them',
    ],
  },
  {
    spec: 'House rule: bonus as a floor over all the dice',
    applies: (r) => r.bonusFloor === true,
    says: [
      'the larger of that bonus and the best that any selection from it would score (all of it or any part), and every die counts as kept',
    ],
  },
  {
    spec: 'House rules (follow the peer): a held face’s dice go together when sets are kept whole',
    applies: (r) => r.keepSetsWhole === true && r.setDoubling === true,
    says: ['or any dice of a face you hold as a set (growing sets, below), keeping any die'],
  },
  {
    spec: 'House rule: no shared wins; tied players play further rounds',
    applies: (r) => r.ties === 'play-off' && (r.end === 'final-round' || Boolean(r.rounds)),
    says: [
      'players tied on it play a further round while the others sit out, one turn each in seat order, starting with the first of them seated after the player who took the last turn',
      'until one leads',
    ],
  },
  {
    spec: 'House rule (decision): within a play-off a bank offers to the next tied player',
    applies: (r) => r.ties === 'play-off' && r.offers !== null,
    says: ['In a tie-break round a bank offers to the next tied player in it'],
  },
  {
    spec: 'House rule: a fixed number of rounds; the highest score wins',
    applies: (r) => Boolean(r.rounds),
    says: [
      /The game lasts \d+ rounds?: every seat takes \d+ turns?, and reaching a target does not end it. Then the highest score wins/,
    ],
  },
  {
    spec: 'House rule: growing a held set doubles the set, not the running total',
    applies: (r) => r.setDoubling === true,
    says: [
      'each one kept in a later roll doubles that set’s points',
      'a roll showing one is not a zilch',
      'a later 3 makes 700 (the set is now 600), another 3 makes 1,300',
    ],
  },
  {
    spec: 'House rule (decision): several dice of the held face in one roll double once each',
    applies: (r) => r.setDoubling === true,
    says: ['Several dice of the held face kept from one roll double the set once each'],
  },
  {
    spec: 'House rule (decision): hot dice and the end of the turn end a grown set',
    applies: (r) => r.setDoubling === true,
    says: ['it ends every held set, and so does the end of the turn'],
  },
  {
    spec: 'House rule (decision): a held set never travels with an offer',
    applies: (r) => r.setDoubling === true && r.offers !== null,
    says: ['A held set never travels with an offer'],
  },
  {
    spec: 'House rule: first-roll mercy scores N and gives one re-roll of every die',
    applies: (r) => Boolean(r.firstRollMercy),
    says: [
      /a zilch on the first roll of a turn.* scores [\d,]+ points: they start your running total and you roll all \d+ dice once more/,
      /A zilch after that ends the turn as usual and loses the [\d,]+ too/,
    ],
  },
  {
    spec: 'House rule: a Ten Dice lock banks the mercy points with the rest of the locked total',
    applies: (r) => Boolean(r.firstRollMercy) && r.lockOnHotDice,
    says: [/loses the [\d,]+ too, unless hot dice has locked them \(then the locked points bank/],
  },
  {
    spec: 'House rule (decision): an inherited turn gets no mercy',
    applies: (r) => Boolean(r.firstRollMercy) && r.offers !== null,
    says: ['you started fresh (not an inherited one)'],
  },
  {
    spec: 'House rule (decision): the mercy zilch does not count toward the penalty',
    applies: (r) => Boolean(r.firstRollMercy) && r.zilchPenalty !== null,
    says: ['The mercy zilch does not count toward the zilch penalty'],
  },
  {
    spec: 'Turn timer: a table may let a bot finish the turn',
    reason: 'a table setting of the server (who plays a seat), not part of the rule set',
  },
];

/** Every preset as it ships, and house rules from SPEC that no preset plays. */
const RULE_SETS: [string, RuleSet][] = [
  ...PRESET_IDS.map((id): [string, RuleSet] => [id, preset(id)]),
  ...PRESET_IDS.map((id): [string, RuleSet] => [
    `${id} + timer`,
    { ...preset(id), turnTimerSeconds: 60 },
  ]),
  [
    'classic + six of a kind as two triplets, sets kept whole, bonus floor',
    {
      ...preset('classic'),
      twoTriplets: { points: 2500, sixOfAKind: true },
      keepSetsWhole: true,
      bonusFloor: true,
    },
  ],
  ['serendipity-creak + play-off', { ...preset('serendipity-creak'), ties: 'play-off' }],
  [
    'classic + growing sets kept whole',
    { ...preset('classic'), setDoubling: true, keepSetsWhole: true },
  ],
  [
    'ten-dice + first-roll mercy, play-off',
    { ...preset('ten-dice'), firstRollMercy: { points: 50 }, ties: 'play-off' },
  ],
  [
    'serendipity-creak + growing sets, first-roll mercy',
    { ...preset('serendipity-creak'), setDoubling: true, firstRollMercy: { points: 50 } },
  ],
  [
    'zilch-online + growing sets, first-roll mercy',
    { ...preset('zilch-online'), setDoubling: true, firstRollMercy: { points: 100 } },
  ],
  ['farkle-2017 + 10 rounds, play-off', { ...preset('farkle-2017'), rounds: 10, ties: 'play-off' }],
  ['serendipity-creak + 1 round', { ...preset('serendipity-creak'), rounds: 1 }],
  [
    'classic + four-plus-pair, both minimums',
    {
      ...preset('classic'),
      threePairs: { points: 1500, form: 'four-plus-pair' },
      openingMinimum: 500,
      bankMinimum: 300,
    },
  ],
  [
    'serendipity-creak + no offer after hot dice, opening minimum, penalty, timer',
    {
      ...preset('serendipity-creak'),
      offers: { afterHotDice: false },
      openingMinimum: 500,
      zilchPenalty: { zilches: 3, points: 500 },
      turnTimerSeconds: 30,
    },
  ],
];

describe('the rules text says every SPEC decision', () => {
  it('each entry either names phrases or gives a reason', () => {
    for (const d of DECISIONS)
      expect(Boolean(d.says?.length) !== Boolean(d.reason), d.spec).toBe(true);
  });

  it.each(RULE_SETS)('%s', (_, rules) => {
    const text = describeRulesText(rules).replace(/\n {2}- /g, '\n');
    for (const d of DECISIONS) {
      if (!d.says || (d.applies && !d.applies(rules))) continue;
      for (const phrase of d.says) {
        if (typeof phrase === 'string') expect(text, d.spec).toContain(phrase);
        else expect(text, d.spec).toMatch(phrase);
      }
    }
  });

  it('every described decision applies to at least one rule set checked', () => {
    // Guards the table against predicates that never fire.
    for (const d of DECISIONS) {
      if (!d.says) continue;
      expect(
        RULE_SETS.some(([, r]) => !d.applies || d.applies(r)),
        d.spec,
      ).toBe(true);
    }
  });

  it('a rule a rule set does not play is not described', () => {
    const sc = describeRulesText(preset('serendipity-creak'));
    expect(sc).not.toContain('Hot Dice extensions');
    expect(sc).not.toContain('locks');
    expect(sc).not.toContain('seconds');
    expect(sc).not.toContain('Growing sets');
    expect(sc).not.toContain('mercy');
    const hot = describeRulesText(preset('hot-dice'));
    expect(hot).not.toContain('Inheritance');
    expect(describeRulesText(preset('ten-dice'))).not.toMatch(
      /An inheritor who zilches loses the inherited points too\./,
    );
  });

  it('a sentence about two rules together appears only when both are on', () => {
    const mercyNoLock = describeRulesText({ ...preset('classic'), firstRollMercy: { points: 50 } });
    expect(mercyNoLock).toContain('loses the 50 too.');
    expect(mercyNoLock).not.toContain('locked');
    const wholeOnly = describeRulesText({ ...preset('classic'), keepSetsWhole: true });
    expect(wholeOnly).not.toContain('hold as a set');
    const playOffNoOffers = describeRulesText({ ...preset('classic'), ties: 'play-off' });
    expect(playOffNoOffers).not.toContain('offers to the next tied player');
  });
});
