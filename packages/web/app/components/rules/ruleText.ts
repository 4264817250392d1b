// The words of the rule editor: every field's label and help, named as the rules page speaks of
// them, the labels of choices, and what a rule switched on starts as.

/** Labels for the fields, named as the rules page (describeRules) speaks of them. */
export const LABELS: Record<string, string> = {
  name: 'Name of these rules',
  dice: 'Dice',
  target: 'Target score',
  end: 'When someone reaches the target',
  singles: 'Single dice',
  ofAKind: 'Three or more of a kind',
  straights: 'Straights',
  threePairs: 'Three pairs',
  twoTriplets: 'Two triplets',
  hotDiceDoubling: 'Hot Dice extensions',
  nothingBonus: 'Nothing scores: bonus',
  openingMinimum: 'Minimum first bank',
  bankMinimum: 'Minimum bank',
  zilchPenalty: 'Penalty for zilches in a row',
  offers: 'Inheritance',
  lockOnHotDice: 'Hot dice locks the running total',
  firstPlayer: 'Who starts',
  ties: 'Ties',
  afterHotDice: 'Offer after hot dice',
  points: 'Points',
  form: 'Which three pairs count',
  zilches: 'Zilches in a row',
  turnTimerSeconds: 'Seconds per decision',
  sixOfAKind: 'Six of a kind counts as two triplets',
  keepSetsWhole: 'Keep a set whole',
  bonusFloor: 'Bonus as a floor over all the dice',
  rounds: 'A fixed number of rounds',
  setDoubling: 'Growing sets: a later die doubles its set',
  firstRollMercy: 'First-roll mercy',
};

/**
 * Explanations in the words of the rules page: the schema's own descriptions speak to
 * programmers (array indexes, option ids), so every field a player sees has one here.
 */
export const HELP: Record<string, string> = {
  name: 'The name players see for these rules.',
  dice: 'How many dice a turn starts with (1 to 10).',
  target: 'The game ends once someone reaches this score.',
  end: 'Final round: every other player gets exactly one more turn, then the highest score wins. Immediate win: the first player to bank the target or more wins at once.',
  singles:
    'What one die of each face scores on its own; 0 means that face scores only in a combination.',
  ofAKind:
    'What three or more dice of the same face score in one roll, by face (rows) and by how many dice (columns); 0 means it is not a combination.',
  straights:
    'A straight needs one die of each of its faces in the same roll, for example 1-2-3-4-5-6.',
  threePairs:
    'Three pairs in one roll. Choose which count: three different faces only; also four of a kind plus a pair; or any three pairs, six of a kind included.',
  twoTriplets: 'Two sets of three dice of different faces in one roll.',
  hotDiceDoubling:
    'Three or more of a face set aside from one roll form a held set; while it is held, every further die of that face doubles the running total.',
  nothingBonus:
    'Rolling all the dice with nothing scoring pays these points instead of a zilch, and all the dice count as kept.',
  openingMinimum: 'Your first bank of the game needs at least this many points (0: no minimum).',
  bankMinimum: 'Every bank needs at least this many points (0: no minimum).',
  zilchPenalty: 'This many zilches in a row cost these points; the count then starts again.',
  offers:
    'When you bank, the next player may start fresh with all the dice, or inherit your running total and roll only the dice you left.',
  afterHotDice:
    'On: a bank right after hot dice offers your total with all the dice. Off: it makes no offer.',
  lockOnHotDice:
    'The Ten Dice rule: hot dice secures the running total, so a later zilch in the same turn still banks the locked points.',
  firstPlayer: 'Who takes the first turn of the game.',
  ties: 'Share: players tied on the highest score share the win. Play-off: the tied players play further rounds, one turn each in seat order starting after the player who took the last turn, until one leads (with offers, a bank in it offers to the next tied player).',
  sixOfAKind: 'Six dice of one face score as two triplets (or their of-a-kind points, if more).',
  keepSetsWhole:
    'When a roll shows three or more of a face (or, with growing sets, any dice of a face held as a set), keeping any die of that face means keeping all of them.',
  bonusFloor:
    'Three pairs, two triplets or a straight using every die rolled score at least the bonus, or what the best selection from that roll (all of it or any part) scores if more, and every die counts as kept (hot dice).',
  rounds:
    'The game lasts this many rounds (a turn for every seat each) and the highest score wins; the target does not end it.',
  setDoubling:
    'Three or more of a face set aside from one roll form a held set; each further die of that face kept in a later roll doubles that set’s points (not the running total). Hot dice ends the set. Not with Hot Dice extensions.',
  firstRollMercy:
    'A zilch on the first roll of a fresh turn scores these points (50 or more) and you roll every die once more; a zilch after that loses them with the rest, unless a Ten Dice lock has banked them.',
  turnTimerSeconds: 'Time for each decision; when it runs out the turn ends as a zilch.',
};

/** Fields inside another field that still need their own explanation. */
export const NESTED_HELP = new Set(['afterHotDice']);

/** Option ids of the choice fields, as the rules page says them. */
export const OPTION_LABELS: Record<string, string> = {
  'final-round': 'Final round',
  immediate: 'Immediate win',
  random: 'A random seat',
  'roll-off': 'Roll-off: the highest throw starts',
  'seat-1': 'Seat 1',
  share: 'Tied players share the win',
  'play-off': 'Tied players play off',
  distinct: 'Three different faces',
  'four-plus-pair': 'Also four of a kind plus a pair',
  any: 'Any three pairs',
};

/** Defaults when a rule that is off (null) is switched on. */
export const ON: Record<string, unknown> = {
  threePairs: { points: 1500, form: 'distinct' },
  twoTriplets: { points: 2500 },
  nothingBonus: 500,
  zilchPenalty: { zilches: 3, points: 500 },
  offers: { afterHotDice: true },
  rounds: 10,
  firstRollMercy: { points: 50 },
};

/** Rules that exclude each other: switching one on switches the other off. */
export const EXCLUDES: Record<string, string> = {
  setDoubling: 'hotDiceDoubling',
  hotDiceDoubling: 'setDoubling',
};
