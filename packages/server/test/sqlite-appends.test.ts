import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { tempDir } from '@zilch/testkit';
import { loadConfig } from '../src/config/config.ts';
import { openDb, type Db } from '../src/store/db.ts';
import { GameStore, VersionConflict } from '../src/store/game-store.ts';
import type { EntryRecord } from '../src/store/records.ts';
import { bareGame } from './game-record.ts';

describe('action appends on SQLite, one transaction per turn of the event loop', () => {
  const tmp = tempDir();
  let db: Db;
  let store: GameStore;

  beforeAll(async () => {
    const c = loadConfig({ ZILCH_DATA_DIR: tmp.dir });
    if (!c.ok) throw new Error(c.message);
    db = await openDb(c.config);
    store = new GameStore(db.db, 'sqlite', 0, db.sqlite);
  });
  afterAll(async () => {
    await db?.close();
    tmp.cleanup();
  });

  const game = bareGame;
  const entry = (seq: number, clientId: string): EntryRecord => ({
    seq,
    clientId,
    seat: 0,
    action: { type: 'roll', seat: 0 },
    dice: [[1, 2, 3, 4, 5, 6]],
    events: [{ type: 'rolled', seat: 0, dice: [1, 2, 3, 4, 5, 6] }] as EntryRecord['events'],
    actor: 'player',
    at: 1234,
  });
  /** Appends action 1 to a game stored at version 1 (or claims it was read at `read`). */
  const append = (id: string, read = 1) =>
    store.write({
      game: { ...game(id), version: read + 1, seq: 1, decisionAt: 99 },
      expectedVersion: read,
      before: game(id),
      entry: entry(1, `${id}-move`),
    });

  it('writes the appends of one turn together: a stale game is refused alone, the row and log are as sent', async () => {
    for (const id of ['a', 'stale', 'b']) await store.insert(game(id), [], 'n', 1000);
    const [a, stale, b] = [append('a'), append('stale', 0), append('b')];
    await expect(a).resolves.toBeUndefined();
    await expect(stale).rejects.toBeInstanceOf(VersionConflict);
    await expect(b).resolves.toBeUndefined();
    const row = await store.get('a');
    expect([row?.version, row?.seq, row?.decisionAt, row?.status]).toEqual([2, 1, 99, 'playing']);
    expect((await store.get('stale'))?.version).toBe(1);
    expect(await store.entries('a')).toEqual([entry(1, 'a-move')]);
    expect(await store.entries('stale')).toEqual([]);
  });

  it('a write that breaks the transaction fails alone: the rest of its batch is written', async () => {
    for (const id of ['k-bad', 'k-good']) await store.insert(game(id), [], 'n', 1000);
    // k-bad's log already has a seq 1 its row does not know of: its insert breaks the key.
    await sql`insert into entries (game_id, seq, client_id, seat, action, dice, events, actor, at)
      values ('k-bad', 1, 'x', 0, '{}', '[]', '[]', 'player', 0)`.execute(db.db);
    const bad = append('k-bad');
    const good = append('k-good');
    await expect(bad).rejects.toThrow(/UNIQUE|constraint/i);
    await expect(good).resolves.toBeUndefined();
    // The failed append left its row alone too.
    expect((await store.get('k-bad'))?.version).toBe(1);
    expect(await store.entries('k-good')).toHaveLength(1);
  });

  it('never joins a Kysely transaction that is open across awaits on the same connection', async () => {
    await store.insert(game('own'), [], 'n', 1000);
    await store.insert(game('other'), [], 'n', 1000);
    let appended: Promise<void> | null = null;
    await expect(
      db.db.transaction().execute(async (tx) => {
        await tx.updateTable('games').set({ seq: 7 }).where('id', '=', 'other').execute();
        appended = append('own');
        // Give the append every chance to run while this transaction is open.
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await appended;
    expect((await store.get('other'))?.seq).toBe(0);
    expect((await store.get('own'))?.version).toBe(2);
    expect(await store.entries('own')).toHaveLength(1);
  });
});
