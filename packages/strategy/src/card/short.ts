import { preset, type PresetId, type RuleSet, ruleKey } from '@zilch/engine';
import type { CardFigure, CardParams } from './params.ts';
import { dice, pts } from './phrases.ts';
import type { CardBase } from './types.ts';

/** The most numbers a short card may ask a player to remember (issue 25). */
export const SHORT_CARD_NUMBERS = 20;

/**
 * The short card: a strategy a person can carry in their head, at most `SHORT_CARD_NUMBERS`
 * numbers, every row rising or falling one way. The `card` bot plays it when given its `params`.
 */
export interface ShortCard {
  readonly params: CardParams;
  /** Whether its numbers were fitted for this very rule set (a preset). */
  readonly tuned: boolean;
  /** The card in plain words, one rule a line. */
  readonly lines: readonly string[];
  /** Every number the card asks a player to remember, in the order the lines give them. */
  readonly numbers: readonly number[];
  /** Its win share measured by `npm run bench -- card`, or null. */
  readonly figure: CardFigure | null;
}

interface ShortTuning {
  readonly preset: PresetId;
  readonly params: CardParams;
  readonly figure: CardFigure | null;
}

/** Short cards fitted for presets (docs/solver.md, "The short card"); others are cut from the detailed card. */
const SHORT_TUNING: readonly ShortTuning[] = [
  {
    preset: 'farkle-2017',
    // Coordinate search on decision losses from the detailed card made one way (300 games,
    // seed 7), then again with a late row and the finishing rule (600 games on seeds 7 and 17;
    // the finishing rule on 1,500 of seeds 41 and 43). Out of sample (4,000 games on each of seeds
    // 501 and 502): 0.79 ± 0.05 and 0.82 ± 0.05 points below ½, the card before 0.97 and 1.03.
    params: {
      bankAt: [150, 150, 400, 700, 2000, null],
      worth: [0, 0, 0, 150, 300, 400],
      behindPer1000: 75,
      aheadPer1000: 75,
      lateAt: 8500,
      lateBankAt: [200, 200, 450, 1000, 2000, null],
      behindLatePer1000: 150,
      endLead: 0,
      chaseWithin: 500,
      finishWithin: 500,
      hotBankAt: 0,
    },
    // ZILCH_BENCH_CARD_PRESETS=farkle-2017 ZILCH_BENCH_CARD_SHORT_GAMES=100000
    // ZILCH_BENCH_CARD_DETAILED=0 npm run bench -- card (load average 3.3, 159 s)
    figure: {
      against: 'optimal',
      games: 100_000,
      seed: 1,
      winRate: 0.4933,
      ci95: [0.4902, 0.4964],
    },
  },
  {
    preset: 'serendipity-creak',
    // The same search (200 games, seed 7) from the detailed card's level rows; out of sample
    // (seed 13, 300 games) 4.50 ± 0.80 points below ½: one row cannot say what the detailed
    // card's gap bands and end grid say (docs/solver.md).
    params: {
      bankAt: [350, 350, 450, 2000, null, null],
      worth: [0, 0, 0, 150, 300, 600],
      offerGrid: [[2400, 1000, 700, 650, 400, 50]],
      behindPer1000: 0,
      aheadPer1000: 50,
      endLead: 500,
      chaseWithin: 0,
      hotBankAt: 2000,
    },
    // ZILCH_BENCH_CARD_PRESETS=serendipity-creak ZILCH_BENCH_CARD_SHORT_GAMES=10000
    // ZILCH_BENCH_CARD_DETAILED=0 npm run bench -- card (load average 24)
    figure: { against: 'optimal', games: 10_000, seed: 1, winRate: 0.4511, ci95: [0.4414, 0.4609] },
  },
];

const tunedShort = (rules: RuleSet): ShortTuning | undefined => {
  const key = ruleKey(rules);
  return SHORT_TUNING.find((t) => ruleKey(preset(t.preset)) === key);
};

/**
 * The short card of a rule set: its fitted parameters for a preset, else the detailed card's
 * plain numbers (thresholds and offers of the level row, the keep worths that are not 0).
 */
export function shortCard(c: CardBase, rules: RuleSet): ShortCard {
  const tuned = tunedShort(rules);
  const p = tuned?.params ?? cutDown(c);
  const made = shortLines(p, c, rules);
  return { params: p, tuned: !!tuned, figure: tuned?.figure ?? null, ...made };
}

/** Bank thresholds a cut-down card keeps (more dice: roll on), and worths (fewer dice: 0). */
const CUT_BANKS = 5;
const CUT_WORTHS = 3;
/** Offer thresholds a cut-down card keeps; with more dice it takes any offer. */
const CUT_OFFERS = 6;

/**
 * The detailed card's plain numbers as a short card's parameters, made one-way (a threshold
 * never below the one for fewer dice, an offer never above it, a worth never below it) and cut
 * to `CUT_BANKS` thresholds and the top `CUT_WORTHS` worths.
 */
function cutDown(c: CardBase): CardParams {
  const d = c.params;
  let high = 0;
  const bankAt = c.thresholds.map((t, i): number | null => {
    if (t.bankAt === null || i >= CUT_BANKS || high < 0) return ((high = -1), null);
    return (high = Math.max(high, t.bankAt));
  });
  let low = Infinity;
  const offers = c.offers?.map((o, i) =>
    i >= CUT_OFFERS ? 0 : o.from === null ? null : (low = Math.min(low, o.from)),
  );
  let top = 0;
  const worth = c.worth.map((w, i) =>
    i < c.worth.length - CUT_WORTHS ? 0 : (top = Math.max(top, w)),
  );
  return {
    bankAt,
    worth,
    ...(offers ? { offerGrid: [offers] } : {}),
    behindPer1000: d.behindPer1000,
    aheadPer1000: d.aheadPer1000,
    endLead: d.endLead,
    chaseWithin: d.chaseWithin,
    hotBankAt: d.hotBankAt,
    ...(d.heldFactor ? { heldFactor: d.heldFactor } : {}),
  };
}

/** "350 with 1 die, 250 with 2, …" for the entries that are not null. */
function withDice(values: readonly (number | null)[]): { text: string; numbers: number[] } {
  const taken = values.flatMap((v, i) => (v === null ? [] : [[v, i + 1] as const]));
  return {
    text: taken.map(([v, n], k) => `${pts(v)} with ${k === 0 ? dice(n) : n}`).join(', '),
    numbers: taken.map(([v]) => v),
  };
}

/** The short card's lines, and the numbers they ask to remember. */
function shortLines(
  p: CardParams,
  c: CardBase,
  rules: RuleSet,
): Pick<ShortCard, 'lines' | 'numbers'> {
  const lines: string[] = [];
  const numbers: number[] = [];
  const say = (text: string, ns: readonly number[] = []): void => {
    lines.push(text);
    numbers.push(...ns);
  };
  const worth = p.worth ?? c.worth;
  const counted = worth.flatMap((v, i) => (v > 0 ? [[v, i + 1] as const] : []));
  say(
    counted.length
      ? `Keep what scores most, counting the dice you roll next (hot dice: all ${rules.dice}) as ${counted.map(([v, n]) => `${pts(v)} for ${dice(n)}`).join(', ')}; fewer dice count nothing.`
      : 'Keep what scores most.',
    counted.map(([v]) => v),
  );
  const bank = withDice(p.bankAt ?? c.thresholds.map((t) => t.bankAt));
  const minimum = rules.bankMinimum > 0 ? ` (at least the rules' ${pts(rules.bankMinimum)})` : '';
  say(
    `Bank once your turn total reaches ${bank.text}${minimum}; with more dice, roll on.`,
    bank.numbers,
  );
  if (p.lateAt !== undefined && p.lateBankAt) {
    const base = p.bankAt ?? [];
    const diff = p.lateBankAt.flatMap((v, i) =>
      v === (base[i] ?? null) ? [] : [[v, i + 1] as const],
    );
    if (diff.length)
      say(
        `Once anyone has ${pts(p.lateAt)}: ${diff.map(([v, n]) => `${v === null ? 'never' : pts(v)} with ${dice(n)}`).join(', ')}.`,
        [p.lateAt, ...diff.flatMap(([v]) => (v === null ? [] : [v]))],
      );
  }
  const gap: string[] = [];
  const gapNumbers: number[] = [];
  const lateBehind =
    p.lateAt !== undefined &&
    p.behindLatePer1000 !== undefined &&
    p.behindLatePer1000 !== p.behindPer1000;
  if (p.behindPer1000 || lateBehind) {
    gap.push(
      `add ${pts(p.behindPer1000)} per 1,000 you are behind${lateBehind ? ` (${pts(p.behindLatePer1000!)} once they have ${pts(p.lateAt!)})` : ''}`,
    );
    gapNumbers.push(p.behindPer1000, ...(lateBehind ? [p.behindLatePer1000!] : []));
    // The late score is a number of its own only when no late line gave it already.
    if (lateBehind && !lines.some((l) => l.startsWith('Once anyone'))) gapNumbers.push(p.lateAt!);
  }
  if (p.aheadPer1000) {
    gap.push(`take off ${pts(p.aheadPer1000)} per 1,000 you are ahead`);
    gapNumbers.push(p.aheadPer1000);
  }
  if (gap.length) say(`To those totals ${gap.join('; ')}.`, gapNumbers);
  if (c.noHotBank)
    say(
      p.hotBankAt > 0
        ? `Hot dice: roll all ${rules.dice} again; from ${pts(p.hotBankAt)} keep one die back and bank instead.`
        : `Hot dice: roll all ${rules.dice} again, never bank them.`,
      p.hotBankAt > 0 ? [p.hotBankAt] : [],
    );
  const offers = p.offerGrid?.[0];
  if (c.offers && offers) {
    // Past `CUT_OFFERS` dice a cut-down card takes any offer (its thresholds there are 0).
    const any = offers.length > CUT_OFFERS && offers.slice(CUT_OFFERS).every((v) => v === 0);
    const o = withDice(any ? offers.slice(0, CUT_OFFERS) : offers);
    const rest = any ? `; with ${CUT_OFFERS + 1} dice or more, any offer` : '';
    say(
      o.numbers.length
        ? `Offers: inherit from ${o.text}${rest}; else start fresh.`
        : 'Offers: always start fresh.',
      o.numbers,
    );
  }
  if (rules.end === 'immediate') {
    const finish = p.finishWithin ?? 0;
    // One number where both rules stop at the same distance from the target.
    if (p.chaseWithin > 0 && finish === p.chaseWithin)
      say(
        `Once you or the other player is within ${pts(finish)} of ${pts(rules.target)}, bank only a score that reaches it.`,
        [finish],
      );
    else {
      if (p.chaseWithin > 0)
        say(
          `Once the other player is within ${pts(p.chaseWithin)} of ${pts(rules.target)}, bank only a score that reaches it.`,
          [p.chaseWithin],
        );
      if (finish > 0)
        say(
          `Once you are within ${pts(finish)} of ${pts(rules.target)}, bank only a score that reaches it.`,
          [finish],
        );
    }
    say(`Bank as soon as your score would reach ${pts(rules.target)}: that wins.`);
  } else {
    const few = p.endMaxDice;
    const need = [
      ...(p.endLead > 0 ? [`a lead of ${pts(p.endLead)} or more`] : []),
      ...(few !== undefined ? [`at most ${dice(few)} left`] : []),
    ];
    say(
      `Reaching ${pts(rules.target)}: bank${need.length ? ` only with ${need.join(' and ')}` : ''}. Final round: roll until you lead, then bank.`,
      [...(p.endLead > 0 ? [p.endLead] : []), ...(few !== undefined ? [few] : [])],
    );
  }
  return { lines, numbers };
}
