import type { RuleSet } from './schema.ts';

const n = (x: number): string => x.toLocaleString('en-US');
const FACE_NAMES = ['1s', '2s', '3s', '4s', '5s', '6s'];

/**
 * A rule set in plain words, one section per topic; the rules pages and `zilch rules` print
 * this. It says every rule of SPEC.md that the rule set plays (test/describe-rules.test.ts
 * walks SPEC's decisions and finds each one here).
 */
export function describeRules(r: RuleSet): { title: string; lines: string[] }[] {
  const sections: { title: string; lines: string[] }[] = [];
  const ties =
    r.ties === 'play-off'
      ? 'players tied on it play a further round while the others sit out, one turn each in seat order, starting with the first of them seated after the player who took the last turn; rounds go on, in the same order, until one leads (there are no shared wins).'
      : 'ties share the win.';
  const game = [
    r.rounds
      ? `${r.dice} dice. The game lasts ${r.rounds} round${r.rounds === 1 ? '' : 's'}: every seat takes ${r.rounds} turn${r.rounds === 1 ? '' : 's'}, and reaching a target does not end it. Then the highest score wins; ${ties}`
      : `${r.dice} dice. The target is ${n(r.target)} points.`,
    ...(r.rounds
      ? []
      : [
          r.end === 'final-round'
            ? `Reaching ${n(r.target)} or more starts the final round: every other player gets exactly one more full turn, in seat order${r.offers ? ', offers included' : ''}. A bank over the target during the final round does not start another. Then the highest score wins; ${ties}`
            : `The first player to bank ${n(r.target)} or more wins at once.`,
        ]),
    {
      random: 'A random seat starts; play passes seat by seat.',
      'roll-off': `Every player throws all ${r.dice} dice; the highest total starts, and only those tied for it throw again; then play passes seat by seat.`,
      'seat-1': 'Seat 1 starts; play passes seat by seat.',
    }[r.firstPlayer],
  ];
  sections.push({ title: 'The game', lines: game });
  const scoring: string[] = [];
  r.singles.forEach((p, i) => {
    if (p > 0) scoring.push(`A single ${i + 1}: ${n(p)}.`);
  });
  r.ofAKind.forEach((row, i) => {
    const parts = row.flatMap((p, k) => (p > 0 ? [`${k + 3} for ${n(p)}`] : []));
    if (parts.length) scoring.push(`${FACE_NAMES[i]} of a kind: ${parts.join(', ')}.`);
  });
  for (const s of r.straights) scoring.push(`Straight ${s.faces.join('-')}: ${n(s.points)}.`);
  if (r.threePairs) {
    const form = {
      distinct: 'three different faces',
      'four-plus-pair': 'four of a kind plus a pair of another face also counts',
      any: 'any three pairs; four of a kind plus a pair and six of a kind count too',
    }[r.threePairs.form];
    scoring.push(`Three pairs (${form}): ${n(r.threePairs.points)}.`);
  }
  if (r.twoTriplets) {
    scoring.push(
      `Two triplets of different faces: ${n(r.twoTriplets.points)}${r.twoTriplets.sixOfAKind ? '; six of one face counts as two triplets too' : ''}.`,
    );
  }
  if (r.bonusFloor) {
    scoring.push(
      'Three pairs, two triplets or a straight that uses every die rolled is a floor: kept whole, the roll scores the larger of that bonus and the best that any selection from it would score (all of it or any part), and every die counts as kept (hot dice).',
    );
  }
  if (r.nothingBonus !== null) {
    scoring.push(
      `Rolling all ${r.dice} dice with nothing scoring: ${n(r.nothingBonus)}, and all the dice count as kept (hot dice).`,
    );
  }
  if (r.keepSetsWhole) {
    scoring.push(
      `A set is kept whole: when a roll shows three or more of a face${r.setDoubling ? ', or any dice of a face you hold as a set (growing sets, below)' : ''}, keeping any die of that face means keeping all of them.`,
    );
  }
  scoring.push(
    'Combinations count only within one roll. A selection scores the best way its dice can be split; a die that is part of no combination cannot be kept.',
  );
  sections.push({ title: 'Scoring', lines: scoring });
  const turn = [
    `Roll the available dice. If nothing scores, that is a zilch: the running total${r.offers ? ' (inherited points included)' : ''} is lost and the turn ends.`,
    'Otherwise set aside at least one scoring die or set, then bank or roll the rest. You may leave scoring dice to roll again.',
    'Banking needs a keep in the same turn: nobody banks without rolling.',
    'When every die has been set aside (hot dice) you may roll all of them again, or bank.',
  ];
  if (r.hotDiceDoubling) {
    turn.push(
      'Hot Dice extensions: three or more of a face set aside from one roll form a held set. While it is held, every further die of that face is a scoring die (a roll showing one is not a zilch): it may be kept alone and earns no points of its own but doubles the running total.',
      'A selection’s other points are added first, then the total doubles once for each extending die: holding three 4s with 400, keeping a 4 and a 1 makes (400 + 100) × 2 = 1,000.',
      'Hot dice picks every die up again, so it ends every held set.',
    );
  }
  if (r.setDoubling) {
    turn.push(
      'Growing sets: three or more of a face set aside from one roll and scored as of a kind form a held set worth those of-a-kind points. While it is held, every further die of that face is a scoring die (a roll showing one is not a zilch): each one kept in a later roll doubles that set’s points, and the turn gains the difference. Holding 3 3 3 (300) and a 1 with 400, a later 3 makes 700 (the set is now 600), another 3 makes 1,300.',
      'Several dice of the held face kept from one roll double the set once each. A die of the held face may instead join another combination when that scores more; a selection scores its best split.',
      `Hot dice picks every die up again, so it ends every held set, and so does the end of the turn${r.offers ? '. A held set never travels with an offer: an inheritor’s dice score as on a fresh roll' : ''}.`,
    );
  }
  if (r.firstRollMercy) {
    const p = n(r.firstRollMercy.points);
    turn.push(
      `First-roll mercy: a zilch on the first roll of a turn${r.offers ? ' you started fresh (not an inherited one)' : ''} scores ${p} points: they start your running total and you roll all ${r.dice} dice once more (no bank before a keep). A zilch after that ends the turn as usual and loses the ${p} too${r.lockOnHotDice ? ', unless hot dice has locked them (then the locked points bank, as after any lock)' : ''}. The mercy zilch ${r.zilchPenalty ? 'does not count toward the zilch penalty' : 'is not a zilch'}.`,
    );
  }
  if (r.openingMinimum > 0 && r.bankMinimum > 0) {
    turn.push(
      `Your first bank of the game needs at least ${n(r.openingMinimum)} points, and every bank at least ${n(r.bankMinimum)}; when both apply, the larger counts${r.offers ? ' (inherited points count)' : ''}.`,
    );
  } else if (r.openingMinimum > 0) {
    turn.push(
      `Your first bank of the game needs at least ${n(r.openingMinimum)} points${r.offers ? ' (inherited points count)' : ''}; below it, roll on.`,
    );
  } else if (r.bankMinimum > 0) {
    turn.push(
      `Every bank needs at least ${n(r.bankMinimum)} points${r.offers ? ' (inherited points count)' : ''}; below it, roll on.`,
    );
  }
  if (r.zilchPenalty) {
    turn.push(
      `${r.zilchPenalty.zilches} of your turns in a row ending in a zilch cost ${n(r.zilchPenalty.points)} points, and the count starts again; any bank resets it. Scores may go below zero.`,
    );
  }
  if (r.lockOnHotDice)
    turn.push(
      'Hot dice locks the whole running total: a later zilch in the same turn still banks the locked points (it counts as a bank, but gives no offer).',
    );
  if (r.turnTimerSeconds !== null)
    turn.push(
      `Each decision has ${r.turnTimerSeconds} seconds; when time runs out the turn ends as a zilch${r.lockOnHotDice ? ' (locked points still bank)' : ''}. It gives no offer${r.zilchPenalty ? ' and does not count toward the zilch penalty' : ''}.`,
    );
  sections.push({ title: 'A turn', lines: turn });
  if (r.offers) {
    const lines = [
      'When you bank, the next player may start fresh with all the dice, or inherit your running total and roll only the dice you left. The offer goes to the next player only and lapses if not taken.',
      r.lockOnHotDice
        ? 'An inheritor who zilches before any hot dice loses the inherited points too; after hot dice they are locked (banked). After a zilch there is no offer.'
        : 'An inheritor who zilches loses the inherited points too. After a zilch there is no offer.',
      r.offers.afterHotDice
        ? 'After hot dice the offer is your total with all the dice.'
        : 'A bank right after hot dice makes no offer.',
    ];
    if (r.lockOnHotDice)
      lines.push('A lock never travels with an offer: inherited points are not locked.');
    if (r.end === 'final-round' || r.rounds)
      lines.push(
        `An offer from the last turn of the ${r.rounds ? 'last round' : 'final round'} lapses${r.ties === 'play-off' ? ', also when a tie-break round follows' : ''}.`,
      );
    if (r.ties === 'play-off')
      lines.push(
        'In a tie-break round a bank offers to the next tied player in it (those sitting out get none); an offer from the round’s last turn lapses.',
      );
    sections.push({ title: 'Inheritance', lines });
  }
  return sections;
}

/** The plain-words description as text. */
export function describeRulesText(r: RuleSet): string {
  return [
    r.name,
    '',
    ...describeRules(r).flatMap((s) => [s.title, ...s.lines.map((l) => `  - ${l}`), '']),
  ].join('\n');
}
