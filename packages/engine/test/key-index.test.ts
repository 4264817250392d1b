/** KeyIndex, the scoring tables' map from multiset keys to roll indices, behaves as a Map. */
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { KEY_SPACE } from '../src/index.ts';
import { KeyIndex } from '../src/scoring/key-index.ts';

test.prop([
  fc.uniqueArray(fc.integer({ min: 0, max: KEY_SPACE * 64 - 1 }), { maxLength: 3000 }),
  fc.array(fc.integer({ min: 0, max: KEY_SPACE * 64 - 1 }), { maxLength: 200 }),
])('finds every key stored, through growth, and nothing else', (keys, probes) => {
  const index = new KeyIndex();
  const map = new Map<number, number>();
  keys.forEach((k, i) => {
    index.set(k, i);
    map.set(k, i);
  });
  for (const k of keys) expect(index.get(k)).toBe(map.get(k));
  for (const k of probes) expect(index.get(k)).toBe(map.get(k) ?? -1);
});
