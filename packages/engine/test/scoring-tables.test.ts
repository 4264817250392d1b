/**
 * Every cell of each preset's scoring table in SPEC.md, and every SPEC.md scoring example.
 * Expected values are written out from SPEC.md, never computed from the presets.
 */
import { describe, expect, it } from 'vitest';
import {
  formatFraction,
  preset,
  scoringTable,
  zilchChance,
  type PresetId,
  type RuleSet,
} from '../src/index.ts';

/** Points of keeping exactly these faces out of a roll of exactly these faces; null if illegal. */
function pointsOf(rules: RuleSet, faces: number[]): number | null {
  const info = scoringTable(rules).lookup(faces);
  const sorted = faces.slice().sort((a, b) => a - b);
  const option = info.options.find((o) => o.dice === faces.length);
  if (!option) return null;
  expect(option.keep).toEqual(sorted);
  return option.points;
}

const of = (face: number, n: number): number[] => new Array<number>(n).fill(face);

/** n of a kind, n = 3..6, per face 1..6, as each preset's column of SPEC.md says. */
const KINDS_3_TO_6: Record<Exclude<PresetId, 'ten-dice'>, (number | null)[][]> = {
  // 2× / 4× / 8× the triple (the Serendipity Creak table).
  'serendipity-creak': [
    [1000, 2000, 4000, 8000],
    [200, 400, 800, 1600],
    [300, 600, 1200, 2400],
    [400, 800, 1600, 3200],
    [500, 1000, 2000, 4000],
    [600, 1200, 2400, 4800],
  ],
  // 2× / 3× / 4× the triple.
  classic: [
    [1000, 2000, 3000, 4000],
    [200, 400, 600, 800],
    [300, 600, 900, 1200],
    [400, 800, 1200, 1600],
    [500, 1000, 1500, 2000],
    [600, 1200, 1800, 2400],
  ],
  // From a running total of 0 each extending die doubles: 2× / 4× / 8× the triple.
  'hot-dice': [
    [1000, 2000, 4000, 8000],
    [200, 400, 800, 1600],
    [300, 600, 1200, 2400],
    [400, 800, 1600, 3200],
    [500, 1000, 2000, 4000],
    [600, 1200, 2400, 4800],
  ],
  // 2× / 4× / 8×, but six of a kind is also "any three pairs" (1500) where that is more.
  'zilch-online': [
    [1000, 2000, 4000, 8000],
    [200, 400, 800, 1600],
    [300, 600, 1200, 2400],
    [400, 800, 1600, 3200],
    [500, 1000, 2000, 4000],
    [600, 1200, 2400, 4800],
  ],
  // Only triples and singles: four 1s = 1000 + 100, six 2s = two triples; a lone 2 cannot be kept.
  'farkle-2017': [
    [1000, 1100, 1200, 2000],
    [200, null, null, 400],
    [300, null, null, 600],
    [400, null, null, 800],
    [500, 550, 600, 1000],
    [600, null, null, 1200],
  ],
};

describe('single dice', () => {
  const ids: PresetId[] = [
    'serendipity-creak',
    'classic',
    'hot-dice',
    'ten-dice',
    'zilch-online',
    'farkle-2017',
  ];
  for (const id of ids) {
    it(`${id}: a 1 is 100, a 5 is 50, no other face scores alone`, () => {
      const r = preset(id);
      expect([1, 2, 3, 4, 5, 6].map((f) => pointsOf(r, [f]))).toEqual([
        100,
        null,
        null,
        null,
        50,
        null,
      ]);
      expect(pointsOf(r, [1, 5])).toBe(150);
      expect(pointsOf(r, [1, 1])).toBe(200);
      expect(pointsOf(r, [5, 5])).toBe(100);
    });
  }
});

describe('three to six of a kind', () => {
  for (const [id, rows] of Object.entries(KINDS_3_TO_6)) {
    it(`${id}: every face and count`, () => {
      const r = preset(id as PresetId);
      for (let face = 1; face <= 6; face++)
        for (let n = 3; n <= 6; n++)
          expect(pointsOf(r, of(face, n)), `${n} × ${face}`).toBe(rows[face - 1]![n - 3]);
    });
  }

  it('ten-dice: three of a kind is 1000 for 1s else 100 × face; 4..10 of any face 1000 × (n − 3)', () => {
    const r = preset('ten-dice');
    expect([1, 2, 3, 4, 5, 6].map((f) => pointsOf(r, of(f, 3)))).toEqual([
      1000, 200, 300, 400, 500, 600,
    ]);
    // Four 1s score more as three 1s and a single (SPEC.md: the maximum rule still applies).
    const fours = [1100, 1000, 1000, 1000, 1000, 1000];
    for (let f = 1; f <= 6; f++) {
      expect(pointsOf(r, of(f, 4)), `4 × ${f}`).toBe(fours[f - 1]);
      expect(pointsOf(r, of(f, 5)), `5 × ${f}`).toBe(2000);
      expect(pointsOf(r, of(f, 6)), `6 × ${f}`).toBe(3000);
      expect(pointsOf(r, of(f, 7)), `7 × ${f}`).toBe(4000);
      expect(pointsOf(r, of(f, 8)), `8 × ${f}`).toBe(5000);
      expect(pointsOf(r, of(f, 9)), `9 × ${f}`).toBe(6000);
      expect(pointsOf(r, of(f, 10)), `10 × ${f}`).toBe(7000);
    }
  });
});

describe('straights, three pairs, two triplets, nothing', () => {
  const cases: [PresetId, number[], number | null][] = [
    // 1-2-3-4-5 and 2-3-4-5-6 score 750 only in serendipity-creak.
    ['serendipity-creak', [1, 2, 3, 4, 5], 750],
    ['serendipity-creak', [2, 3, 4, 5, 6], 750],
    ['serendipity-creak', [1, 2, 3, 4, 5, 6], 1500],
    ['classic', [1, 2, 3, 4, 5], null],
    ['classic', [2, 3, 4, 5, 6], null],
    ['classic', [1, 2, 3, 4, 5, 6], 1500],
    ['hot-dice', [1, 2, 3, 4, 5], null],
    ['hot-dice', [1, 2, 3, 4, 5, 6], 1500],
    ['ten-dice', [1, 2, 3, 4, 5, 6], 1500],
    ['ten-dice', [1, 2, 3, 4, 5], null],
    ['zilch-online', [1, 2, 3, 4, 5, 6], 1500],
    ['zilch-online', [2, 3, 4, 5, 6], null],
    ['farkle-2017', [1, 2, 3, 4, 5, 6], null],
    // Three pairs of different faces: 1500 in serendipity-creak and classic.
    ['serendipity-creak', [2, 2, 3, 3, 4, 4], 1500],
    // 4 + 2 is not three pairs there, so the lone pair of 3s (or 6s) cannot be kept with it.
    ['serendipity-creak', [2, 2, 2, 2, 3, 3], null],
    ['classic', [2, 2, 3, 3, 6, 6], 1500],
    ['classic', [3, 3, 3, 3, 6, 6], null],
    ['hot-dice', [2, 2, 3, 3, 4, 4], null],
    ['ten-dice', [2, 2, 3, 3, 4, 4], null],
    ['farkle-2017', [2, 2, 3, 3, 4, 4], null],
    // zilch-online: any three pairs, 4 + 2 and six of a kind included.
    ['zilch-online', [2, 2, 3, 3, 4, 4], 1500],
    ['zilch-online', [2, 2, 2, 2, 3, 3], 1500],
    ['zilch-online', [6, 6, 6, 6, 2, 2], 1500],
    ['zilch-online', [3, 3, 3, 3, 3, 3], 2400],
    ['zilch-online', [1, 1, 1, 1, 5, 5], 2100],
    // Two triplets: classic only, 2500.
    ['classic', [2, 2, 2, 5, 5, 5], 2500],
    ['classic', [1, 1, 1, 6, 6, 6], 2500],
    ['serendipity-creak', [2, 2, 2, 3, 3, 3], 500],
    ['farkle-2017', [2, 2, 2, 3, 3, 3], 500],
    // Six dice where nothing scores: 500 in zilch-online, else no selection at all.
    ['zilch-online', [2, 3, 4, 6, 6, 3], 500],
    ['serendipity-creak', [2, 3, 4, 6, 6, 3], null],
    ['classic', [2, 3, 4, 6, 6, 3], null],
    ['hot-dice', [2, 3, 4, 6, 6, 3], null],
    ['farkle-2017', [2, 3, 4, 6, 6, 3], null],
  ];
  for (const [id, faces, expected] of cases) {
    it(`${id}: ${faces.join(' ')} → ${expected ?? 'cannot be kept'}`, () => {
      expect(pointsOf(preset(id), faces)).toBe(expected);
    });
  }

  it('zilch-online: the nothing bonus is only for all six dice', () => {
    const info = scoringTable(preset('zilch-online')).lookup([2, 3, 4, 6, 6]);
    expect(info.zilch).toBe(true);
  });
});

describe('SPEC.md examples', () => {
  const best = (id: PresetId, faces: number[]) => scoringTable(preset(id)).lookup(faces).best;

  it('serendipity-creak: 1 2 3 4 5 5 → 800, six dice kept', () => {
    expect(best('serendipity-creak', [1, 2, 3, 4, 5, 5])).toMatchObject({
      points: 800,
      dice: 6,
      keep: [1, 2, 3, 4, 5, 5],
    });
  });
  it('serendipity-creak: 2 2 3 3 4 4 → 1500; 2 3 4 6 6 3 → zilch', () => {
    expect(best('serendipity-creak', [2, 2, 3, 3, 4, 4])?.points).toBe(1500);
    const z = scoringTable(preset('serendipity-creak')).lookup([2, 3, 4, 6, 6, 3]);
    expect(z.zilch).toBe(true);
    expect(z.options).toEqual([]);
    expect(z.best).toBeNull();
  });
  it('serendipity-creak: 1 1 1 1 5 2 → 2050; 2 2 2 2 3 3 → 400', () => {
    expect(best('serendipity-creak', [1, 1, 1, 1, 5, 2])).toMatchObject({
      points: 2050,
      keep: [1, 1, 1, 1, 5],
    });
    expect(best('serendipity-creak', [2, 2, 2, 2, 3, 3])).toMatchObject({
      points: 400,
      keep: [2, 2, 2, 2],
    });
  });
  it('classic: 2 2 2 5 5 5 → 2500; 4 4 4 4 4 4 → 1600', () => {
    expect(best('classic', [2, 2, 2, 5, 5, 5])?.points).toBe(2500);
    expect(best('classic', [4, 4, 4, 4, 4, 4])?.points).toBe(1600);
  });
  it('zilch-online: 2 2 2 2 3 3 → 1500; 2 3 4 6 6 3 → 500 keeping all six', () => {
    expect(best('zilch-online', [2, 2, 2, 2, 3, 3])?.points).toBe(1500);
    expect(best('zilch-online', [2, 3, 4, 6, 6, 3])).toMatchObject({ points: 500, dice: 6 });
  });
  it('ten-dice: 1 1 1 1 2 3 4 6 6 2 → 1100', () => {
    expect(best('ten-dice', [1, 1, 1, 1, 2, 3, 4, 6, 6, 2])).toMatchObject({
      points: 1100,
      keep: [1, 1, 1, 1],
    });
  });
  it('a 2 on its own cannot be kept, and options list every legal selection best first', () => {
    const info = scoringTable(preset('serendipity-creak')).lookup([1, 5, 2]);
    expect(info.options.map((o) => [o.keep, o.points])).toEqual([
      [[1, 5], 150],
      [[1], 100],
      [[5], 50],
    ]);
  });
});

describe('chance to zilch', () => {
  const z = (id: PresetId, n: number) => formatFraction(zilchChance(preset(id), n));

  it('six dice: 5/216 with three pairs, 5/162 without, 0 with the nothing bonus', () => {
    expect(z('serendipity-creak', 6)).toBe('5/216');
    expect(z('classic', 6)).toBe('5/216');
    expect(z('hot-dice', 6)).toBe('5/162');
    expect(z('farkle-2017', 6)).toBe('5/162');
    expect(z('zilch-online', 6)).toBe('0/1');
  });
  it('one die 2/3, two dice 4/9, three dice 5/18 (no 1, no 5, no triple) in every preset', () => {
    for (const id of ['serendipity-creak', 'classic', 'ten-dice', 'farkle-2017'] as PresetId[]) {
      expect(z(id, 1)).toBe('2/3');
      expect(z(id, 2)).toBe('4/9');
      expect(z(id, 3)).toBe('5/18');
    }
  });
  it('ten-dice: nine or ten dice always score (four faces, at most two each, is eight dice)', () => {
    expect(z('ten-dice', 9)).toBe('0/1');
    expect(z('ten-dice', 10)).toBe('0/1');
  });
});

describe('the rule table of SPEC.md', () => {
  const rows: [PresetId, Partial<RuleSet>][] = [
    [
      'serendipity-creak',
      {
        dice: 6,
        target: 10000,
        end: 'final-round',
        openingMinimum: 0,
        bankMinimum: 0,
        zilchPenalty: null,
        offers: { afterHotDice: true },
        lockOnHotDice: false,
        hotDiceDoubling: false,
        nothingBonus: null,
        firstPlayer: 'random',
        ties: 'share',
      },
    ],
    [
      'classic',
      {
        dice: 6,
        target: 10000,
        end: 'final-round',
        openingMinimum: 0,
        bankMinimum: 0,
        offers: null,
        lockOnHotDice: false,
        firstPlayer: 'random',
      },
    ],
    [
      'hot-dice',
      {
        dice: 6,
        target: 10000,
        end: 'final-round',
        openingMinimum: 1000,
        bankMinimum: 0,
        offers: null,
        hotDiceDoubling: true,
        firstPlayer: 'random',
      },
    ],
    [
      'ten-dice',
      {
        dice: 10,
        target: 20000,
        end: 'final-round',
        offers: { afterHotDice: true },
        lockOnHotDice: true,
        nothingBonus: null,
        firstPlayer: 'roll-off',
      },
    ],
    [
      'zilch-online',
      {
        dice: 6,
        target: 10000,
        end: 'final-round',
        nothingBonus: 500,
        bankMinimum: 300,
        openingMinimum: 0,
        zilchPenalty: { zilches: 3, points: 500 },
        offers: null,
        firstPlayer: 'random',
      },
    ],
    [
      'farkle-2017',
      {
        dice: 6,
        target: 10000,
        end: 'immediate',
        offers: null,
        nothingBonus: null,
        zilchPenalty: null,
        firstPlayer: 'seat-1',
      },
    ],
  ];
  for (const [id, expected] of rows) {
    it(`${id}`, () => {
      expect(preset(id)).toMatchObject(expected);
    });
  }
});
