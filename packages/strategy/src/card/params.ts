import { preset, type PresetId, type RuleSet } from '@zilch/engine';

/** The numbers of a strategy card that are not read off the turn solver. */
export interface CardParams {
  /**
   * Bank thresholds (points) for 1, 2, … dice left, null for never; absent: the expected-points
   * turn strategy's thresholds.
   */
  readonly bankAt?: readonly (number | null)[];
  /**
   * Points 1, 2, … dice left to roll count for when choosing what to keep; absent: what rolling
   * them adds from a total of 300 under the expected-points turn strategy.
   */
  readonly worth?: readonly number[];
  /**
   * Score bands by the gap (best other score − own score), ascending cut points: band i holds
   * the gaps that reach i of them. Rows of `bankGrid`, `lateBankGrid`.
   */
  readonly gapCuts?: readonly number[];
  /** Bank thresholds by gap band, then dice left (null: never); replaces `bankAt`. */
  readonly bankGrid?: readonly (readonly (number | null)[])[];
  /** Once any player has `lateAt`: as `bankGrid` (absent: `bankGrid`, or `lateBankAt`). */
  readonly lateBankGrid?: readonly (readonly (number | null)[])[];
  /** Offers by gap band, then dice: inherit from these points (null: never); replaces `lateOffers`. */
  readonly offerGrid?: readonly (readonly (number | null)[])[];
  /** Once any player has `lateAt`: as `offerGrid`. */
  readonly lateOfferGrid?: readonly (readonly (number | null)[])[];
  /** Running-total cut points for the rows of `worthGrid`. */
  readonly worthCuts?: readonly number[];
  /** Keep worths by running-total band (before the keep), then dice left; replaces `worth`. */
  readonly worthGrid?: readonly (readonly number[])[];
  /** Points added to every bank threshold per 1,000 points the player is behind. */
  readonly behindPer1000: number;
  /** Points taken off every bank threshold per 1,000 points the player is ahead. */
  readonly aheadPer1000: number;
  /**
   * Final-round games: a bank that reaches the target needs at least this lead (unused with
   * `endGrid`).
   */
  readonly endLead: number;
  /** Final-round games: a bank that reaches the target leaves at most this many dice (absent: any). */
  readonly endMaxDice?: number;
  /**
   * Offers after hot dice: from this turn total up, bank keeping one die back rather than take
   * hot dice (0: always take them).
   */
  readonly hotBankAt: number;
  /**
   * With `hotBankAt`: bank instead only if keeping a die back gives up at most this many points
   * (absent: any keep that leaves dice, however little it scores).
   */
  readonly hotBackLoss?: number;
  /**
   * Offers in the final round: inherit from these points for 1, 2, … dice (null: never);
   * absent: the card's usual offers.
   */
  readonly finalOffers?: readonly (number | null)[];
  /**
   * Final-round games with offers: a bank that reaches the target is made, whatever the
   * threshold, with at most this many dice left (absent: `endLead` and `endMaxDice` instead).
   */
  readonly endBankDice?: number;
  /**
   * Score bands by the gap (best other score − own score, as at the start of the turn), ascending
   * cut points: the rows of `endGrid`.
   */
  readonly endCuts?: readonly number[];
  /**
   * Final-round games: a bank that reaches the target needs at least this lead (own score after
   * the bank − best other score), by gap band (`endCuts`), then dice left (null: never);
   * replaces `endLead`, `endMaxDice`, `endBankDice`, `endAheadDice` and `endAheadBy`.
   */
  readonly endGrid?: readonly (readonly (number | null)[])[];
  /** Keep worths in the final round (absent: as before it). */
  readonly finalWorth?: readonly number[];
  /** Score bands by the gap (leader's score − own score), ascending: rows of `finalOfferGrid`. */
  readonly finalCuts?: readonly number[];
  /**
   * Offers in the final round by gap band (`finalCuts`), then dice: inherit from these points
   * (null: never); replaces `finalOffers`.
   */
  readonly finalOfferGrid?: readonly (readonly (number | null)[])[];
  /** With `endBankDice`: with up to this many dice, bank there only if ahead by `endAheadBy`. */
  readonly endAheadDice?: number;
  /** With `endBankDice`: the lead at the start of the turn `endAheadDice` asks for. */
  readonly endAheadBy?: number;
  /** Once any player has `lateAt` or more: the bank thresholds by dice left (absent: `bankAt`). */
  readonly lateBankAt?: readonly (number | null)[];
  /** Once any player has `lateAt` or more: inherit from these points by dice (absent: as before). */
  readonly lateOffers?: readonly (number | null)[];
  /** Once another player has this score or more, `behindLatePer1000` replaces `behindPer1000`. */
  readonly lateAt?: number;
  /** Points added to every bank threshold per 1,000 behind once another player has `lateAt`. */
  readonly behindLatePer1000?: number;
  /** Hot Dice doubling: bank thresholds are multiplied by this while a set is held (absent: 1). */
  readonly heldFactor?: number;
  /** Once another player is this close to the target, bank only a score that reaches it (0: never). */
  readonly chaseWithin: number;
  /**
   * First to the target wins: once the player's own score is this close to the target, bank only
   * a score that reaches it (absent or 0: never).
   */
  readonly finishWithin?: number;
}

/**
 * What a card plays with on a rule set nobody tuned it for: the tuned presets' values, the
 * chase only where the first to the target wins (with a final round it cost Serendipity Creak
 * about a point), the big-total hot-dice bank only where hot dice are offered, the held-set factor only under Hot Dice
 * doubling.
 */
export function defaultCardParams(rules: RuleSet): CardParams {
  return {
    behindPer1000: 50,
    aheadPer1000: 50,
    endLead: 1000,
    chaseWithin: rules.end === 'immediate' ? 500 : 0,
    hotBankAt: rules.offers?.afterHotDice ? 2000 : 0,
    // Hot-dice preset against `expected`, 600 games: ×1 0.343, ×2 0.378, ×4 0.387, never 0.233.
    ...(rules.hotDiceDoubling ? { heldFactor: 4 } : {}),
  };
}

/** A card's measured win share against a stronger bot (`npm run bench -- card`). */
export interface CardFigure {
  readonly against: 'optimal' | 'expected';
  readonly games: number;
  readonly seed: number;
  readonly winRate: number;
  readonly ci95: readonly [number, number];
}

/** Parameters found by `tuneCard` for a preset, and the card's measured win share. */
export interface CardTuning {
  readonly preset: PresetId;
  readonly rules: RuleSet;
  readonly params: CardParams;
  readonly figure: CardFigure | null;
}

const tuning = (
  id: PresetId,
  params: CardParams,
  figure: CardFigure | null = null,
): CardTuning => ({ preset: id, rules: preset(id), params, figure });

/** Tuned presets; the others play with `defaultCardParams`. */
export const CARD_TUNING: readonly CardTuning[] = [
  tuning(
    'serendipity-creak',
    {
      // Tables by the score gap (ahead by more than 1,000 · within 1,000 · behind by 1,000 or
      // more) and dice left, fitted to the exact solution's decisions (docs/solver.md, "Strategy
      // card"); the flat per-1,000 gap adjustment is then not needed.
      gapCuts: [-1000, 1000],
      bankGrid: [
        [300, 250, 350, 1600, null, null],
        [300, 250, 450, null, null, null],
        [550, 300, 450, null, null, null],
      ],
      lateBankGrid: [
        [250, 250, 350, 1100, 1650, null],
        [250, 300, 450, 1750, 2450, null],
        [550, 600, 1400, 3700, null, null],
      ],
      offerGrid: [
        [null, 1000, 700, 600, 400, 50],
        [2450, 950, 700, 600, 400, 50],
        [1500, 950, 700, 300, 400, 50],
      ],
      lateOfferGrid: [
        [null, 1550, 650, 600, 400, 50],
        [null, 1000, 800, 300, 200, 50],
        [1200, 950, 850, 300, 300, 50],
      ],
      worthCuts: [500],
      worthGrid: [
        [0, 0, 0, 150, 350, 600],
        [100, 150, 100, 200, 350, 600],
      ],
      // In the final round (fitted to the exact solution's keeps there, docs/solver.md).
      finalWorth: [0, 0, 0, 200, 450, 600],
      behindPer1000: 0,
      aheadPer1000: 0,
      // A bank that reaches 10,000: the lead it needs by the score gap (ahead by more than 200 ·
      // ahead by 50–200 · level or behind) and dice left, fitted like the bank grid.
      endLead: 0,
      endCuts: [-200, 0],
      endGrid: [
        [800, 950, 1150, 2000, null, null],
        [750, 750, null, null, null, null],
        [500, null, null, null, null, null],
      ],
      chaseWithin: 0,
      hotBankAt: 1500,
      hotBackLoss: 100,
      lateAt: 8000,
      // The exact last-turn table's thresholds where 1,500 or more is needed, then tuned; with
      // less than 1,000 to find, one die is never worth inheriting (fitted).
      finalCuts: [1000],
      finalOfferGrid: [
        [null, 1000, 750, 950, 600, 50],
        [1000, 1000, 750, 950, 600, 50],
      ],
    },
    // ZILCH_BENCH_CARD_PRESETS=serendipity-creak ZILCH_BENCH_CARD_GAMES=10000 npm run bench -- card
    // (the card before the end grid and final-round rows: 0.4768 [0.467, 0.4866] on the same
    // seed; ±1 point cannot tell them apart, the decision losses can: docs/solver.md)
    { against: 'optimal', games: 10_000, seed: 1, winRate: 0.4739, ci95: [0.4642, 0.4837] },
  ),
  tuning(
    'farkle-2017',
    {
      bankAt: [300, 200, 400, 1000, null, null],
      worth: [0, 0, 0, 100, 300, 400],
      behindPer1000: 0,
      aheadPer1000: 50,
      endLead: 1000,
      chaseWithin: 500,
      hotBankAt: 0,
    },
    { against: 'optimal', games: 10_000, seed: 1, winRate: 0.4859, ci95: [0.4761, 0.4957] },
  ),
  tuning(
    'zilch-online',
    {
      // Tuned against the shipped exact solution (tuneCard: decision losses, three passes on
      // seeds 7, 17, 19; docs/solver.md, "Strategy card"). Thresholds below the rules' 300
      // mean "as soon as you may" and move with the score gap.
      behindPer1000: 50,
      aheadPer1000: 150,
      endLead: 500,
      chaseWithin: 0,
      hotBankAt: 0,
      bankAt: [250, 150, 400, 900, 1600, null],
      worth: [0, 0, 0, 150, 350, 500],
    },
    // ZILCH_BENCH_CARD_PRESETS=zilch-online,hot-dice ZILCH_BENCH_CARD_GAMES=10000 npm run bench -- card
    { against: 'optimal', games: 10_000, seed: 1, winRate: 0.4934, ci95: [0.4836, 0.5031] },
  ),
  tuning(
    'hot-dice',
    {
      // Tuned the same way (three passes on seeds 7, 17, 19), held sets at four times the totals.
      behindPer1000: 50,
      aheadPer1000: 25,
      endLead: 0,
      chaseWithin: 500,
      hotBankAt: 0,
      heldFactor: 4,
      bankAt: [250, 450, 750, 750, 3750, null],
      worth: [0, 50, 250, 150, 450, 800],
      endBankDice: 3,
      endAheadDice: 5,
    },
    { against: 'optimal', games: 10_000, seed: 1, winRate: 0.4355, ci95: [0.4258, 0.4452] },
  ),
];
