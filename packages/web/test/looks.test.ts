import { DICE_STYLES, FELTS } from '@zilch/protocol';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOOKS, DICE_NAMES, FELT_NAMES, parseLooks } from '../app/lib/looks.ts';

describe('looks', () => {
  it('offers at least four dice styles and three felts, each named for the picker', () => {
    expect(DICE_STYLES.length).toBeGreaterThanOrEqual(4);
    expect(FELTS.length).toBeGreaterThanOrEqual(3);
    for (const d of DICE_STYLES) expect(DICE_NAMES[d]).toBeTruthy();
    for (const f of FELTS) expect(FELT_NAMES[f]).toBeTruthy();
    expect(DICE_NAMES.numerals).toMatch(/low vision/);
  });

  it('reads a stored value loosely: anything unknown falls back field by field', () => {
    expect(parseLooks({ dice: 'ruby', felt: 'wine' })).toEqual({ dice: 'ruby', felt: 'wine' });
    expect(parseLooks({ dice: 'gold', felt: 'wine' })).toEqual({ dice: 'classic', felt: 'wine' });
    expect(parseLooks({ dice: 'numerals' })).toEqual({ dice: 'numerals', felt: 'green' });
    for (const junk of [null, undefined, 7, 'x', [], { dice: 1, felt: {} }])
      expect(parseLooks(junk)).toEqual(DEFAULT_LOOKS);
  });
});
