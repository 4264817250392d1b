import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, newSchema, postgresUrl } from '@zilch/testkit';
import { loadConfig } from '../src/config/config.ts';
import { openDb, type Db } from '../src/store/db.ts';
import { GameStore, VersionConflict } from '../src/store/game-store.ts';
import { GroupCommit, type Outcome, type Settled } from '../src/store/group-commit.ts';
import type { EntryRecord } from '../src/store/records.ts';
import { bareGame } from './game-record.ts';

/** A promise and the hands that settle it. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One full turn of the event loop (the group commit sends at the end of a turn). */
const turn = () => new Promise((r) => setTimeout(r, 1));

/** Whether a promise has settled after the pending callbacks have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 20));
  return done;
}

describe('group commit', () => {
  /** A batch writer whose every batch waits for the test to let it commit. */
  function gated() {
    const batches: {
      items: string[];
      commit: (o: Settled[]) => void;
      fail: (e: unknown) => void;
    }[] = [];
    const gc = new GroupCommit<string>({
      write: (items) => {
        const d = deferred<Settled[]>();
        batches.push({ items: [...items], commit: d.resolve, fail: d.reject });
        return d.promise;
      },
      key: (s) => s.split(':')[0] as string,
      inFlight: 1,
      maxBatch: 3,
    });
    return { gc, batches };
  }

  it('sends the writes of one turn of the event loop as one batch', async () => {
    const { gc, batches } = gated();
    const all = ['a:1', 'b:1', 'c:1'].map((s) => gc.add(s));
    expect(batches).toHaveLength(0);
    await turn();
    expect(batches.map((b) => b.items)).toEqual([['a:1', 'b:1', 'c:1']]);
    batches[0]?.commit(['written', 'conflict', 'written']);
    await expect(Promise.all(all)).resolves.toEqual([
      'written',
      'conflict',
      'written',
    ] satisfies Outcome[]);
  });

  it('sends what arrives during a batch together next, and acknowledges nothing before its batch commits', async () => {
    const { gc, batches } = gated();
    const first = gc.add('a:1');
    await turn();
    const later = ['b:1', 'c:1'].map((s) => gc.add(s));
    await turn();
    expect(batches.map((b) => b.items)).toEqual([['a:1']]);
    expect(await settled(first)).toBe(false);
    batches[0]?.commit(['written']);
    await expect(first).resolves.toBe('written');
    await turn();
    expect(batches.map((b) => b.items)).toEqual([['a:1'], ['b:1', 'c:1']]);
    expect(await settled(Promise.race(later))).toBe(false);
    batches[1]?.commit(['written', 'conflict']);
    await expect(Promise.all(later)).resolves.toEqual(['written', 'conflict'] satisfies Outcome[]);
  });

  it('never puts two writes of one game in a batch, and keeps their order', async () => {
    const { gc, batches } = gated();
    const all = ['a:1', 'a:2', 'b:1', 'c:1', 'd:1', 'e:1'].map((s) => gc.add(s));
    await turn();
    // a:2 waits for a later batch; the batch is full at three.
    expect(batches[0]?.items).toEqual(['a:1', 'b:1', 'c:1']);
    batches[0]?.commit(['written', 'written', 'written']);
    await turn();
    expect(batches[1]?.items).toEqual(['a:2', 'd:1', 'e:1']);
    batches[1]?.commit(['written', 'written', 'written']);
    await expect(Promise.all(all)).resolves.toHaveLength(6);
  });

  it('fails one write alone on its own failure, and a whole batch only when the batch fails', async () => {
    const { gc, batches } = gated();
    const [a, b] = [gc.add('a:1'), gc.add('b:1')];
    await turn();
    // c and d arrive while [a, b] is out, so they leave together next.
    const [c, d] = [gc.add('c:1'), gc.add('d:1')];
    batches[0]?.commit([{ failed: new Error('bad row') }, 'written']);
    await expect(a).rejects.toThrow('bad row');
    await expect(b).resolves.toBe('written');
    await turn();
    expect(batches[1]?.items).toEqual(['c:1', 'd:1']);
    batches[1]?.fail(new Error('connection lost'));
    await expect(c).rejects.toThrow('connection lost');
    await expect(d).rejects.toThrow('connection lost');
  });
});

const url = await postgresUrl();

describe.skipIf(!url)('group commit on PostgreSQL', () => {
  const schema = newSchema();
  let db: Db;
  let store: GameStore;
  /** A second connection, as another process would hold one. */
  let other: pg.Client;

  beforeAll(async () => {
    const c = loadConfig({ DATABASE_URL: url as string, ZILCH_PG_SCHEMA: schema });
    if (!c.ok) throw new Error(c.message);
    db = await openDb(c.config);
    // One batch in flight: what arrives meanwhile is written as the next batch.
    store = new GameStore(db.db, 'postgres', 1);
    other = new pg.Client({ connectionString: url as string, options: `-c search_path=${schema}` });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await db?.close();
    await dropSchema(url as string, schema);
  });

  const game = bareGame;
  const entry = (seq: number, clientId: string): EntryRecord => ({
    seq,
    clientId,
    seat: 0,
    action: { type: 'roll', seat: 0 },
    dice: [[1, 2, 3, 4, 5, 6]],
    events: [],
    actor: 'player',
    at: Date.now(),
  });
  /** Appends action 1 to a game stored at version 1 (or claims it was read at `read`). */
  const append = (id: string, read = 1) =>
    store.write({
      game: { ...game(id), version: read + 1, seq: 1 },
      expectedVersion: read,
      entry: entry(1, `${id}-move`),
    });
  const logged = async (id: string) =>
    (await other.query('select client_id from entries where game_id = $1', [id])).rows.length;

  it('writes many games in one commit: a stale game is refused alone, and none is acknowledged before the commit', async () => {
    for (const id of ['g-hold', 'g-a', 'g-stale', 'g-b'])
      await store.insert(game(id), [], 'n', 1000);
    // Another writer holds g-hold's row: the batch holding it waits, and so must the rest.
    await other.query('begin');
    await other.query("select id from games where id = 'g-hold' for update");
    const blocked = append('g-hold');
    await turn();
    // Arriving while g-hold's batch is out: these go together as the next batch.
    const a = append('g-a');
    const stale = append('g-stale', 0);
    const b = append('g-b');
    expect(await settled(Promise.race([blocked, a, stale, b]))).toBe(false);
    await other.query('commit');
    await blocked;
    await expect(a).resolves.toBeUndefined();
    await expect(stale).rejects.toBeInstanceOf(VersionConflict);
    await expect(b).resolves.toBeUndefined();
    expect([await logged('g-a'), await logged('g-stale'), await logged('g-b')]).toEqual([1, 0, 1]);
  });

  it('a write that breaks the whole statement fails alone: the rest of its batch is written', async () => {
    for (const id of ['k-first', 'k-bad', 'k-good']) await store.insert(game(id), [], 'n', 1000);
    // k-bad's log already has a seq 1 its row does not know of: its insert breaks the key.
    await other.query(
      "insert into entries (game_id, seq, client_id, seat, action, dice, events, actor, at) values ('k-bad', 1, 'x', 0, '{}', '[]', '[]', 'player', 0)",
    );
    await other.query('begin');
    await other.query("select id from games where id = 'k-first' for update");
    const first = append('k-first');
    await turn();
    const bad = append('k-bad');
    const good = append('k-good');
    await other.query('commit');
    await first;
    await expect(bad).rejects.toThrow(/duplicate key/);
    await expect(good).resolves.toBeUndefined();
    expect([await logged('k-bad'), await logged('k-good')]).toEqual([1, 1]);
  });

  it('acknowledges a game of a batch only once the whole batch has committed', async () => {
    for (const id of ['h-first', 'h-a', 'h-z']) await store.insert(game(id), [], 'n', 1000);
    const third = new pg.Client({
      connectionString: url as string,
      options: `-c search_path=${schema}`,
    });
    await third.connect();
    try {
      await other.query('begin');
      await other.query("select id from games where id = 'h-first' for update");
      await third.query('begin');
      await third.query("select id from games where id = 'h-z' for update");
      const first = append('h-first');
      await turn();
      // Queued behind h-first's batch, then sent together once it is done.
      const a = append('h-a');
      const z = append('h-z');
      await other.query('commit');
      await first;
      // The batch [h-a, h-z] waits for h-z's lock: h-a's row is written but not committed.
      expect(await settled(a)).toBe(false);
      expect(await logged('h-a')).toBe(0);
      await third.query('commit');
      await Promise.all([a, z]);
      expect([await logged('h-a'), await logged('h-z')]).toEqual([1, 1]);
    } finally {
      await third.end();
    }
  });
});
