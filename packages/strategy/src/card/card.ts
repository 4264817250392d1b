import type { RuleSet } from '@zilch/engine';
import { ruleKey } from '../pool/canonical.ts';
import { solveLongRun } from '../solver/long-run.ts';
import { UNIT } from '../solver/outcomes.ts';
import { bandOf } from './bands.ts';
import { CARD_TUNING, defaultCardParams, type CardFigure, type CardParams } from './params.ts';

/** Bank threshold of the card for a number of dice left. */
export interface CardThreshold {
  readonly dice: number;
  /** Bank once the turn total reaches this (points), or null: never bank with this many dice. */
  readonly bankAt: number | null;
}

/** The least offer worth inheriting with a number of dice. */
export interface CardOffer {
  readonly dice: number;
  /** Inherit an offer of at least this many points, or null: always start fresh. */
  readonly from: number | null;
}

/** A grid of a card line: rows (score or total bands) by columns (dice), cells as printed. */
export interface CardGrid {
  /** When the grid applies ("before anyone has 8,000"), or '' when the line has one grid. */
  readonly caption: string;
  /** What the rows stand for ("the score", "your turn total"). */
  readonly rowsBy: string;
  /** Column heads: dice counts, 1 upwards. */
  readonly dice: readonly number[];
  readonly rows: readonly {
    readonly label: string;
    /** The label in a few characters, for a column head ("ahead > 1,000"). */
    readonly short: string;
    readonly cells: readonly string[];
  }[];
}

/** A card line whose numbers form grids: its words up to them, then the grids (same numbers). */
export interface CardGridLine {
  /** Index in `lines`. */
  readonly line: number;
  readonly lead: string;
  readonly grids: readonly CardGrid[];
}

/**
 * A strategy a person can learn: bank thresholds by dice left, moved by the score gap, a keep
 * rule, the offer choice and the end-of-game rules. A `card` bot plays exactly this.
 */
export interface StrategyCard {
  readonly rules: string;
  /** Whether the parameters were tuned for this very rule set (a preset) or are the defaults. */
  readonly tuned: boolean;
  /** The tuned card's win share measured by `npm run bench -- card`, or null. */
  readonly figure: CardFigure | null;
  readonly params: CardParams;
  readonly thresholds: readonly CardThreshold[];
  /**
   * Points the dice left to roll count for when choosing what to keep (index: dice − 1); a
   * banded card's row for the lowest running totals.
   */
  readonly worth: readonly number[];
  /**
   * Inherit-or-fresh per dice count (a banded card's row for level scores); null when the rules
   * have no offers.
   */
  readonly offers: readonly CardOffer[] | null;
  /** How the game ends: 'final-round' (others get a last turn) or 'immediate' (first to the target). */
  readonly end: RuleSet['end'];
  readonly target: number;
  /** Ten Dice lock: the thresholds count only the points not yet locked. */
  readonly lock: boolean;
  /** Offers after hot dice: never bank after hot dice (before the last turn). */
  readonly noHotBank: boolean;
  /** The card in plain words, one rule a line. */
  readonly lines: readonly string[];
  /** The lines whose numbers are grids (a banded card), for a table instead of a run of numbers. */
  readonly grids: readonly CardGridLine[];
}

/** Thresholds this far up (or more) are shown and played as "never". */
const NEVER_SHARE_OF_TARGET = 0.5;

/** The running total at which the default worth of dice left is read off the turn strategy. */
const WORTH_FROM = 300;

const memo = new Map<string, StrategyCard>();

/**
 * The strategy card of a rule set. Thresholds and offers come from the expected-points turn
 * strategy (long-run average under a zilch penalty); the keep weight, score-gap adjustments
 * and end lead come from `CARD_TUNING` for a preset (found by `tuneCard`) or the defaults.
 */
export function strategyCard(rules: RuleSet, params?: CardParams): StrategyCard {
  const key = ruleKey(rules);
  const tuned = CARD_TUNING.find((t) => ruleKey(t.rules) === key);
  const p = params ?? tuned?.params ?? defaultCardParams(rules);
  const memoKey = key + JSON.stringify(p);
  const hit = memo.get(memoKey);
  if (hit) return hit;
  const turn = solveLongRun(rules).turns[0]!;
  const never = rules.target * NEVER_SHARE_OF_TARGET;
  // A banded card's plain table is its row for level scores.
  const level = p.bankGrid?.[bandOf(p.gapCuts, 0)];
  const thresholds = turn.thresholds().map((t, i): CardThreshold => {
    const at = level ? (level[i] ?? null) : p.bankAt ? (p.bankAt[i] ?? null) : t.bankAt;
    return { dice: t.dice, bankAt: at === null || at >= never ? null : at };
  });
  const worth =
    p.worthGrid?.[0] ??
    p.worth ??
    thresholds.map(
      (t) => Math.max(0, Math.round((turn.decide(WORTH_FROM, t.dice) - WORTH_FROM) / UNIT)) * UNIT,
    );
  let offers: CardOffer[] | null = null;
  if (rules.offers) {
    const fresh = turn.roll(0, rules.dice);
    offers = [];
    const levelOffers = p.offerGrid?.[bandOf(p.gapCuts, 0)];
    for (let n = 1; n <= rules.dice; n++) {
      let from: number | null = null;
      // The value of rolling on grows with the total, so the first offer that beats a fresh
      // start is the threshold.
      for (let pts = UNIT; pts < rules.target; pts += UNIT)
        if (turn.roll(pts, n) >= fresh) {
          from = pts;
          break;
        }
      offers.push({ dice: n, from: levelOffers ? (levelOffers[n - 1] ?? null) : from });
    }
  }
  const base = {
    rules: rules.name,
    tuned: params === undefined && tuned !== undefined,
    figure: params === undefined ? (tuned?.figure ?? null) : null,
    params: p,
    thresholds,
    worth,
    offers,
    end: rules.end,
    target: rules.target,
    lock: rules.lockOnHotDice,
    noHotBank: rules.offers?.afterHotDice ?? false,
  };
  const card: StrategyCard = { ...base, ...cardLines(base, rules.dice, minimums(rules)) };
  if (memo.size > 32) memo.delete(memo.keys().next().value as string);
  memo.set(memoKey, card);
  return card;
}

/**
 * The rules' minimums the bank line reminds of: a threshold below them (or moved below them by
 * the score gap) still means "as soon as the rules let you".
 */
function minimums(rules: RuleSet): string {
  const parts: string[] = [];
  if (rules.bankMinimum > 0) parts.push(`at least the rules' ${pts(rules.bankMinimum)}`);
  if (rules.openingMinimum > rules.bankMinimum)
    parts.push(`${pts(rules.openingMinimum)} in one turn to get on the board`);
  return parts.map((w) => `; ${w}`).join('');
}

/** A card before its words. */
type CardBase = Omit<StrategyCard, 'lines' | 'grids'>;

const pts = (n: number): string => n.toLocaleString('en-US');
const dice = (n: number): string => (n === 1 ? '1 die' : `${n} dice`);

/** A table by dice count in words: "1 die 300 · 2 dice 250 · …" (null: never). */
const never = (v: number | null): string => (v === null ? 'never' : pts(v));
const byDice = (values: readonly (number | null)[]): string =>
  values.map((v, i) => `${dice(i + 1)} ${never(v)}`).join(' · ');

/** The entries of `late` that differ from `early`, in words ("3 dice 600 · 1 die never"). */
function changed(
  early: readonly (number | null)[],
  late: readonly (number | null)[],
  word: (v: number | null) => string,
): string {
  const diff = late.flatMap((v, i) =>
    v === (early[i] ?? null) ? [] : [`${dice(i + 1)} ${word(v)}`],
  );
  return diff.length ? `${diff.join(' · ')} (the rest as above)` : 'as above';
}

/** Offer thresholds in words: "from 1,400 with 1 die · …", the dice never inherited left out. */
function offerWords(values: readonly (number | null)[]): string {
  const taken = values.flatMap((v, i) => (v === null ? [] : [`${pts(v)} with ${dice(i + 1)}`]));
  return taken.length
    ? `inherit from ${taken.join(' · ')}; else start fresh`
    : 'always start fresh';
}

/** Words for the gap bands of `cuts` (best other score − own score), one per row: long and short. */
function bandWords(cuts: readonly number[]): { long: string; short: string }[] {
  const side = (v: number): string =>
    v < 0 ? `${pts(-v)} ahead` : v > 0 ? `${pts(v)} behind` : 'level';
  return Array.from({ length: cuts.length + 1 }, (_, i) => {
    const lo = cuts[i - 1];
    const hi = cuts[i];
    if (lo === undefined && hi === 0) return { long: 'ahead', short: 'ahead' };
    if (lo === 0 && hi === undefined) return { long: 'level or behind', short: 'level or behind' };
    if (lo !== undefined && lo < 0 && hi === 0)
      return { long: `ahead by ${pts(-lo)} or less`, short: `ahead ≤ ${pts(-lo)}` };
    if (lo === undefined)
      return hi! <= 0
        ? { long: `ahead by more than ${pts(-hi!)}`, short: `ahead > ${pts(-hi!)}` }
        : { long: `less than ${side(hi!)}`, short: `< ${side(hi!)}` };
    if (hi === undefined)
      return lo >= 0
        ? { long: `behind by ${pts(lo)} or more`, short: `behind ≥ ${pts(lo)}` }
        : { long: `at most ${side(lo)}`, short: `≤ ${side(lo)}` };
    return -lo === hi
      ? { long: `within ${pts(hi)}`, short: `within ${pts(hi)}` }
      : { long: `from ${side(lo)} to less than ${side(hi)}`, short: `${side(lo)} to ${side(hi)}` };
  });
}

/** A table by band, then dice, in words: "ahead by more than 1,000: 300 · 250 · …; …". */
function gridWords(grid: CardGrid): string {
  return grid.rows.map((r) => `${r.label}: ${r.cells.join(' · ')}`).join('; ');
}

/** A grid of values by band (rows, labelled `words`) and dice (columns). */
function grid(
  caption: string,
  rowsBy: string,
  rows: readonly (readonly (number | null)[])[],
  words: readonly { long: string; short: string }[],
  word: (v: number | null) => string = never,
): CardGrid {
  return {
    caption,
    rowsBy,
    dice: (rows[0] ?? []).map((_, i) => i + 1),
    rows: rows.map((r, i) => ({
      label: words[i]?.long ?? '',
      short: words[i]?.short ?? '',
      cells: r.map(word),
    })),
  };
}

/** A card line: its words, and its grids where its numbers form them. */
interface Line {
  readonly text: string;
  readonly lead?: string;
  readonly grids?: readonly CardGrid[];
}

/**
 * A line whose numbers are `grids` (one, or an early and a late one); `lead` holds `{dice}`
 * where the words list the dice counts ("by dice left 1 · 2 · … and the score").
 */
function gridLine(lead: string, all: number, grids: readonly CardGrid[]): Line {
  const words = grids
    .map((g, i) => `${i === 0 ? '' : `. ${cap(g.caption)}: `}${gridWords(g)}`)
    .join('');
  return {
    text: `${lead.replace('{dice}', ` ${columns(all)}`)}: ${words}.`,
    lead: `${lead.replace('{dice}', '')}:`,
    grids,
  };
}

/** The dice counts a grid's columns stand for: "1 · 2 · 3 · 4 · 5 · 6". */
const columns = (all: number): string => Array.from({ length: all }, (_, i) => i + 1).join(' · ');

/** The keep line: the worth of the dice left, by running-total band where the card has them. */
function keepWords(c: CardBase, all: number): Line {
  const table = (w: readonly number[]): string =>
    w.map((v, i) => `${dice(i + 1)} ${pts(v)}`).join(' · ');
  const p = c.params;
  const start = `Keep what scores most, counting the dice you will roll next (hot dice: all ${all}) as`;
  const final = p.finalWorth ? `; in the final round: ${table(p.finalWorth)}` : '';
  if (!p.worthGrid) return { text: `${start}: ${table(c.worth)}${final}.` };
  const cuts = p.worthCuts ?? [];
  const bands = p.worthGrid.map((_, i) => {
    const lo = cuts[i - 1];
    const hi = cuts[i];
    return lo === undefined
      ? `under ${pts(hi!)}`
      : hi === undefined
        ? `from ${pts(lo)}`
        : `from ${pts(lo)} to under ${pts(hi)}`;
  });
  const words = bands.map((b) => ({ long: b, short: b }));
  // The final round's worths, where the card has them, are one more row of the grid.
  const g = grid(
    '',
    'your turn total',
    p.finalWorth ? [...p.worthGrid, p.finalWorth] : p.worthGrid,
    p.finalWorth ? [...words, { long: 'in the final round', short: 'final round' }] : words,
    (v) => pts(v ?? 0),
  );
  const text = p.worthGrid
    .map((w, i) => `${i === 0 ? 'with a turn total ' : ''}${bands[i]}: ${table(w)}`)
    .join('; ');
  return {
    text: `${start}, ${text}${final}.`,
    lead: `${start} these points, by your turn total${p.finalWorth ? ' (and in the final round)' : ''}:`,
    grids: [g],
  };
}

/** The bank line: thresholds by dice left, by gap band where the card has them. */
function bankWords(c: CardBase, all: number, late: string, minimums: string): Line {
  const p = c.params;
  const start = `Then bank (keeping every scoring die${minimums}) once your turn total${c.lock ? ' (points not yet locked)' : ''} reaches`;
  const thresholds = c.thresholds.map((t) => t.bankAt);
  if (!p.bankGrid)
    return {
      text: `${start}, by dice left: ${byDice(thresholds)}${p.lateBankAt && late ? `; ${late}: ${changed(thresholds, p.lateBankAt, never)}` : ''}.`,
    };
  return gridLine(
    `${start}, by dice left{dice} and the score`,
    all,
    bandGrids(p, p.bankGrid, p.lateBankGrid, late),
  );
}

/** A banded table and its late-game twin as grids by the score. */
function bandGrids(
  p: CardParams,
  early: readonly (readonly (number | null)[])[],
  lateRows: readonly (readonly (number | null)[])[] | undefined,
  late: string,
): CardGrid[] {
  const words = bandWords(p.gapCuts ?? []);
  if (!lateRows || !late) return [grid('', 'the score', early, words)];
  const before = late.replace(/^once/, 'before');
  return [grid(before, 'the score', early, words), grid(late, 'the score', lateRows, words)];
}

/** The offer line, by gap band where the card has them. */
function offerLine(c: CardBase, all: number, late: string): Line {
  const p = c.params;
  const offers = c.offers?.map((o) => o.from) ?? [];
  if (!p.offerGrid)
    return {
      text: `Offers: ${offerWords(offers)}${p.lateOffers && late ? `; ${late}: ${changed(offers, p.lateOffers, (v) => (v === null ? 'never' : `from ${pts(v)}`))}` : ''}.`,
    };
  return gridLine(
    `Offers: inherit from these points, by dice{dice} and the score (never: start fresh)`,
    all,
    bandGrids(p, p.offerGrid, p.lateOfferGrid, late),
  );
}

const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

/** The card's rules in plain words (at most 8 lines), and the lines whose numbers are grids. */
function cardLines(
  c: CardBase,
  all: number,
  minimums: string,
): Pick<StrategyCard, 'lines' | 'grids'> {
  const made = cardWords(c, all, minimums);
  return {
    lines: made.map((l) => l.text),
    grids: made.flatMap((l, line) =>
      l.grids && l.lead ? [{ line, lead: l.lead, grids: l.grids }] : [],
    ),
  };
}

/** The card's lines, in order. */
function cardWords(c: CardBase, all: number, minimums: string): Line[] {
  const p = c.params;
  const late = p.lateAt !== undefined ? `once anyone has ${pts(p.lateAt)}` : '';
  const lines: Line[] = [keepWords(c, all), bankWords(c, all, late, minimums)];
  const push = (text: string): void => {
    lines.push({ text });
  };
  if (c.noHotBank) {
    const cost =
      p.hotBackLoss !== undefined ? `, if that gives up at most ${pts(p.hotBackLoss)}` : '';
    push(
      p.hotBankAt > 0
        ? `Hot dice: roll all ${all} again (never bank them: the next player could inherit them); from ${pts(p.hotBankAt)} keep one die back and bank instead${cost}.`
        : `Hot dice: roll all ${all} again, never bank them (the next player could inherit them).`,
    );
  }
  if (p.heldFactor && p.heldFactor !== 1)
    push(`Holding a set (doubling): bank only at ${p.heldFactor} times those totals.`);
  const gap: string[] = [];
  const behindLate =
    p.lateAt !== undefined &&
    p.behindLatePer1000 !== undefined &&
    p.behindLatePer1000 !== p.behindPer1000
      ? ` (${pts(p.behindLatePer1000)} once they have ${pts(p.lateAt)})`
      : '';
  if (p.behindPer1000 || behindLate)
    gap.push(`add ${pts(p.behindPer1000)} per 1,000 you are behind${behindLate}`);
  if (p.aheadPer1000) gap.push(`take off ${pts(p.aheadPer1000)} per 1,000 you are ahead`);
  if (gap.length) push(`Score gap: ${gap.join('; ')}.`);
  if (c.offers) lines.push(offerLine(c, all, late));
  if (p.chaseWithin > 0)
    push(
      `Chase: once another player is within ${pts(p.chaseWithin)} of ${pts(c.target)}, bank only a score that reaches ${pts(c.target)}.`,
    );
  if (c.end === 'immediate')
    push(`Bank as soon as your score would reach ${pts(c.target)}: that wins.`);
  else {
    if (p.endGrid)
      lines.push(
        gridLine(
          `Reaching ${pts(c.target)}: bank only if your lead would then be at least these points, by dice left{dice} and the score (never: roll on)`,
          all,
          [grid('', 'the score', p.endGrid, bandWords(p.endCuts ?? []))],
        ),
      );
    else push(`Reaching ${pts(c.target)}: ${endWords(c)}; else roll on.`);
    const final = 'Final round: roll until you are ahead of the leader, then bank';
    if (c.offers && p.finalOfferGrid)
      lines.push(
        gridLine(
          `${final}. Offers: inherit from these points, by dice{dice} and how far you are behind the leader (never: start fresh)`,
          all,
          [grid('', 'the score', p.finalOfferGrid, bandWords(p.finalCuts ?? []))],
        ),
      );
    else
      push(`${final}${c.offers && p.finalOffers ? `. Offers: ${offerWords(p.finalOffers)}` : ''}.`);
  }
  return lines;
}

/** When a bank that reaches the target is made, in words. */
function endWords(c: CardBase): string {
  const p = c.params;
  const lead = `a lead of ${pts(p.endLead)} or more`;
  if (p.endBankDice === undefined)
    return `bank as above, and only with ${lead}${p.endMaxDice !== undefined ? ` and at most ${dice(p.endMaxDice)} left` : ''}`;
  const ahead =
    p.endAheadDice !== undefined && p.endAheadDice > p.endBankDice
      ? `up to ${dice(p.endAheadDice)} if you began the turn ${pts(p.endAheadBy ?? 0)} or more ahead${c.offers ? ' (the next player may inherit your total)' : ''}`
      : '';
  const few = p.endBankDice > 0 ? `at most ${dice(p.endBankDice)} left` : '';
  return `bank with ${lead} and ${[few, ahead].filter(Boolean).join(', or ')}`;
}
