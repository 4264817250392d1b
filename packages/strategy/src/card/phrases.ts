import type { CardGrid } from './types.ts';

/** A number as printed: "1,500". */
export const pts = (n: number): string => n.toLocaleString('en-US');
export const dice = (n: number): string => (n === 1 ? '1 die' : `${n} dice`);

/** A table by dice count in words: "1 die 300 · 2 dice 250 · …" (null: never). */
export const never = (v: number | null): string => (v === null ? 'never' : pts(v));
export const byDice = (values: readonly (number | null)[]): string =>
  values.map((v, i) => `${dice(i + 1)} ${never(v)}`).join(' · ');

/** The entries of `late` that differ from `early`, in words ("3 dice 600 · 1 die never"). */
export function changed(
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
export function offerWords(values: readonly (number | null)[]): string {
  const taken = values.flatMap((v, i) => (v === null ? [] : [`${pts(v)} with ${dice(i + 1)}`]));
  return taken.length
    ? `inherit from ${taken.join(' · ')}; else start fresh`
    : 'always start fresh';
}

/** Words for the gap bands of `cuts` (best other score − own score), one per row: long and short. */
export function bandWords(cuts: readonly number[]): { long: string; short: string }[] {
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
export function grid(
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
export interface Line {
  readonly text: string;
  readonly lead?: string;
  readonly grids?: readonly CardGrid[];
}

/**
 * A line whose numbers are `grids` (one, or an early and a late one); `lead` holds `{dice}`
 * where the words list the dice counts ("by dice left 1 · 2 · … and the score").
 */
export function gridLine(lead: string, all: number, grids: readonly CardGrid[]): Line {
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

/** A phrase with its first letter in capitals. */
const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
