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
  /** Points added to every bank threshold per 1,000 points the player is behind. */
  readonly behindPer1000: number;
  /** Points taken off every bank threshold per 1,000 points the player is ahead. */
  readonly aheadPer1000: number;
  /** Final-round games: a bank that reaches the target needs at least this lead. */
  readonly endLead: number;
}

/** What a card plays with on a rule set nobody tuned it for. */
export const DEFAULT_CARD_PARAMS: CardParams = {
  behindPer1000: 50,
  aheadPer1000: 50,
  endLead: 1000,
};

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

/** Tuned presets; the others play with `DEFAULT_CARD_PARAMS`. */
export const CARD_TUNING: readonly CardTuning[] = [
  tuning('serendipity-creak', {
    bankAt: [500, 250, 400, 2100, null, null],
    worth: [50, 50, 100, 150, 300, 600],
    behindPer1000: 50,
    aheadPer1000: 50,
    endLead: 500,
  }),
];
