import type { RuleSet } from './schema.ts';

const n = (x: number): string => x.toLocaleString('en-US');
const FACE_NAMES = ['1s', '2s', '3s', '4s', '5s', '6s'];

/** A rule set in plain words, one section per topic; the rules pages and `zilch rules` print this. */
export function describeRules(r: RuleSet): { title: string; lines: string[] }[] {
  const sections: { title: string; lines: string[] }[] = [];
  sections.push({
    title: 'The game',
    lines: [
      `${r.dice} dice. The target is ${n(r.target)} points.`,
      r.end === 'final-round'
        ? `Reaching ${n(r.target)} or more starts the final round: every other player gets exactly one more turn. The highest score wins; ties share the win.`
        : `The first player to bank ${n(r.target)} or more wins at once.`,
      {
        random: 'A random seat starts.',
        'roll-off': `Every player throws all ${r.dice} dice; the highest total starts (ties throw again).`,
        'seat-1': 'Seat 1 starts.',
      }[r.firstPlayer],
    ],
  });
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
      'four-plus-pair': 'four of a kind plus a pair also counts',
      any: 'any three pairs; four of a kind plus a pair and six of a kind count too',
    }[r.threePairs.form];
    scoring.push(`Three pairs (${form}): ${n(r.threePairs.points)}.`);
  }
  if (r.twoTriplets) scoring.push(`Two triplets of different faces: ${n(r.twoTriplets.points)}.`);
  if (r.nothingBonus !== null) {
    scoring.push(
      `Rolling all ${r.dice} dice with nothing scoring: ${n(r.nothingBonus)}, and all the dice count as kept.`,
    );
  }
  scoring.push(
    'Combinations count only within one roll. A selection scores the best way its dice can be split; a die that is part of no combination cannot be kept.',
  );
  sections.push({ title: 'Scoring', lines: scoring });
  const turn = [
    'Roll the available dice. If nothing scores, that is a zilch: the running total is lost and the turn ends.',
    'Otherwise set aside at least one scoring die or set, then bank or roll the rest.',
    'When every die has been set aside (hot dice) you may roll all of them again.',
  ];
  if (r.hotDiceDoubling) {
    turn.push(
      'Hot Dice extensions: three or more of a face set aside from one roll form a held set. While it is held, every further die of that face scores by doubling the running total.',
    );
  }
  if (r.openingMinimum > 0)
    turn.push(`Your first bank of the game needs at least ${n(r.openingMinimum)} points.`);
  if (r.bankMinimum > 0) turn.push(`Every bank needs at least ${n(r.bankMinimum)} points.`);
  if (r.zilchPenalty) {
    turn.push(
      `${r.zilchPenalty.zilches} zilches in a row cost ${n(r.zilchPenalty.points)} points (the count starts again).`,
    );
  }
  if (r.lockOnHotDice)
    turn.push(
      'Hot dice locks the running total: a later zilch in the same turn still banks the locked points (without an offer).',
    );
  if (r.turnTimerSeconds !== null)
    turn.push(
      `Each decision has ${r.turnTimerSeconds} seconds; when time runs out the turn ends as a zilch.`,
    );
  sections.push({ title: 'A turn', lines: turn });
  if (r.offers) {
    sections.push({
      title: 'Inheritance',
      lines: [
        'When you bank, the next player may start fresh with all the dice, or inherit your running total and roll only the dice you left.',
        'An inheritor who zilches loses the inherited points too. After a zilch there is no offer.',
        r.offers.afterHotDice
          ? 'After hot dice the offer is your total with all the dice.'
          : 'A bank right after hot dice makes no offer.',
      ],
    });
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
