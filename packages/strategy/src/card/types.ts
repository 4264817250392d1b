import type { RuleSet } from '@zilch/engine';
import type { CardFigure, CardParams } from './params.ts';
import type { ShortCard } from './short.ts';

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
  /** The short card: at most 20 numbers, shown first; this card is then "the detailed card". */
  readonly short: ShortCard;
}

/** A card before its words. */
export type CardBase = Omit<StrategyCard, 'lines' | 'grids' | 'short'>;
