import type { RuleSet } from './schema.ts';

/** Points of three of a kind in every preset: three 1s 1000, otherwise 100 × face. */
const triple = (face: number): number => (face === 1 ? 1000 : 100 * face);

/** An ofAKind table from a rule giving the points of n of a kind of a face. */
function kinds(dice: number, value: (face: number, n: number) => number): number[][] {
  return [1, 2, 3, 4, 5, 6].map((f) => Array.from({ length: dice - 2 }, (_, i) => value(f, i + 3)));
}

const SINGLES = [100, 0, 0, 0, 50, 0];
const FULL_STRAIGHT = { faces: [1, 2, 3, 4, 5, 6], points: 1500 };

const base = {
  dice: 6,
  target: 10_000,
  end: 'final-round',
  singles: SINGLES,
  straights: [FULL_STRAIGHT],
  threePairs: null,
  twoTriplets: null,
  hotDiceDoubling: false,
  nothingBonus: null,
  openingMinimum: 0,
  bankMinimum: 0,
  zilchPenalty: null,
  offers: null,
  lockOnHotDice: false,
  firstPlayer: 'random',
  ties: 'share',
  turnTimerSeconds: null,
} as const satisfies Omit<RuleSet, 'name' | 'ofAKind'>;

/** Every preset by its id; `serendipity-creak` is the default game. */
export const PRESETS = {
  'serendipity-creak': {
    ...base,
    name: 'Zilch: Serendipity Creak Edition',
    ofAKind: kinds(6, (f, n) => triple(f) * 2 ** (n - 3)),
    straights: [
      { faces: [1, 2, 3, 4, 5], points: 750 },
      { faces: [2, 3, 4, 5, 6], points: 750 },
      FULL_STRAIGHT,
    ],
    threePairs: { points: 1500, form: 'distinct' },
    offers: { afterHotDice: true },
  },
  classic: {
    ...base,
    name: 'Classic Zilch',
    ofAKind: kinds(6, (f, n) => triple(f) * (n - 2)),
    threePairs: { points: 1500, form: 'distinct' },
    twoTriplets: { points: 2500 },
  },
  'hot-dice': {
    ...base,
    name: 'Hot Dice',
    ofAKind: kinds(6, (f, n) => (n === 3 ? triple(f) : 0)),
    hotDiceDoubling: true,
    openingMinimum: 1000,
  },
  'ten-dice': {
    ...base,
    name: 'Ten Dice Zilch',
    dice: 10,
    target: 20_000,
    ofAKind: kinds(10, (f, n) => (n === 3 ? triple(f) : 1000 * (n - 3))),
    offers: { afterHotDice: true },
    lockOnHotDice: true,
    firstPlayer: 'roll-off',
  },
  'zilch-online': {
    ...base,
    name: 'Zilch (online classic)',
    ofAKind: kinds(6, (f, n) => triple(f) * 2 ** (n - 3)),
    threePairs: { points: 1500, form: 'any' },
    nothingBonus: 500,
    bankMinimum: 300,
    zilchPenalty: { zilches: 3, points: 500 },
  },
  'farkle-2017': {
    ...base,
    name: 'Farkle (Busche & Neller 2017)',
    end: 'immediate',
    ofAKind: kinds(6, (f, n) => (n === 3 ? triple(f) : 0)),
    straights: [],
    firstPlayer: 'seat-1',
  },
} satisfies Record<string, RuleSet>;

/** The id of a preset. */
export type PresetId = keyof typeof PRESETS;

/** The preset every game uses unless told otherwise. */
export const DEFAULT_PRESET: PresetId = 'serendipity-creak';

/** Preset ids in display order. */
export const PRESET_IDS = Object.keys(PRESETS) as PresetId[];

/** Whether a string names a preset. */
export function isPresetId(id: string): id is PresetId {
  return Object.hasOwn(PRESETS, id);
}

/** A fresh, mutable copy of a preset's rule set. */
export function preset(id: PresetId): RuleSet {
  return structuredClone(PRESETS[id]) as RuleSet;
}
