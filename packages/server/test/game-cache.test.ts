import { describe, expect, it } from 'vitest';
import { GameCache } from '../src/games/game-cache.ts';
import type { Loaded } from '../src/games/loaded.ts';
import type { GameStore } from '../src/store/game-store.ts';
import type { GameRecord } from '../src/store/records.ts';

/** A game in play as the cache holds it (only what the cache looks at is filled in). */
const loaded = (id: string): Loaded => ({
  record: { id, version: 1, status: 'playing' } as GameRecord,
  state: null,
  dice: null,
  entries: [],
  byClient: new Map(),
});

describe('game cache limit', () => {
  it('keeps as many games as it is given, dropping the least recently stored first', () => {
    // remember() never reads the store.
    const cache = new GameCache({} as GameStore, 3);
    for (const id of ['a', 'b', 'c']) cache.remember(loaded(id));
    cache.remember(loaded('a'));
    cache.remember(loaded('d'));
    expect(['a', 'b', 'c', 'd'].map((id) => cache.peek(id) !== undefined)).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });
});
