// Puzzles (issue 25 item 3): a bank stored and served, answers checked on the server with every
// option's win chance revealed, Glicko-2 for accounts (first try only) and for guests' device
// ratings (never moving the puzzle's), the daily puzzle, bad input refused with nothing changed,
// the answers' rate limit; on SQLite and PostgreSQL, real servers on port 0.
import { preset } from '@zilch/engine';
import { advise, selfPlayPuzzles, type Puzzle } from '@zilch/strategy';
import { dropSchema, newSchema, postgresUrl, tempDir } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { PuzzleService } from '../src/puzzles/service.ts';
import { PuzzleStore } from '../src/puzzles/store.ts';
import type { RunningServer } from '../src/server.ts';
import { openDb, type Db } from '../src/store/db.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { api, startTestServer, storesFor, type Loose } from './helpers.ts';

const pgUrl = await postgresUrl();
const schema = newSchema('zilch_puzzles');
const stores = storesFor(pgUrl, schema);
// A small target keeps the exact solve to seconds; the bank is stored as serendipity-creak's.
const rules = { ...preset('serendipity-creak'), target: 1500 };
const found: Puzzle[] = await selfPlayPuzzles(rules, {
  games: 10,
  seed: 3,
  rank: (s, m) => advise(s, m),
  max: 6,
});
const LIMIT = 60;

describe.each(stores)('puzzles on %s', (_store, env) => {
  let server: RunningServer;
  let base: string;
  let db: Db;
  const tmp = tempDir();
  beforeAll(async () => {
    const vars = {
      ZILCH_DATA_DIR: tmp.dir,
      ZILCH_AUTH_RATE_LIMIT: '100000',
      ZILCH_RATE_LIMIT: '100000',
      ZILCH_PUZZLE_SECONDS: '0',
      ZILCH_PUZZLE_RATE_LIMIT: String(LIMIT),
      ...env,
    };
    server = await startTestServer(vars);
    base = server.url;
    // A second connection to the same store fills the bank as a generation would.
    const c = loadConfig({ ...vars, LOG_LEVEL: 'silent' });
    if (!c.ok) throw new Error(c.message);
    db = await openDb(c.config);
    const service = new PuzzleService(new PuzzleStore(db.db, db.dialect), 'serendipity-creak');
    expect(await service.add('serendipity-creak', found)).toBe(found.length);
    // Twice is once: a position is one puzzle.
    expect(await service.add('serendipity-creak', found)).toBe(0);
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
    tmp.cleanup();
    if (env.DATABASE_URL) await dropSchema(env.DATABASE_URL, schema);
  });

  let attempts = 0;
  const attempt = (d: Device, id: string, body: unknown) => {
    attempts++;
    return d.call('POST', `/api/account/puzzles/${id}/attempt`, body);
  };
  const bestId = (p: Loose) => {
    const best = found.find((f) => f.id === p.id)!.options[0]!.label;
    return (p.options as Loose[]).find((o) => o.label === best).id as number;
  };
  async function account(): Promise<Device> {
    const d = new Device(() => base);
    await d.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(d, new SoftPasskey(base))).status).toBe(201);
    return d;
  }

  it('documents the puzzle routes in the OpenAPI document', async () => {
    const paths = (await api(base, 'GET', '/api/openapi.json')).body.paths as Loose;
    for (const p of [
      '/api/account/puzzles/next',
      '/api/puzzles/daily',
      '/api/account/puzzles/{id}/attempt',
    ])
      expect(paths[p], p).toBeDefined();
  });

  it('asks a puzzle without giving its answer away, and counts the bank', async () => {
    const guest = new Device(() => base);
    const r = await guest.call('GET', '/api/account/puzzles/next');
    expect(r.status).toBe(200);
    expect(found.map((f) => f.id)).toContain(r.body.id);
    const labels = (r.body.options as Loose[]).map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    expect(JSON.stringify(r.body.options)).not.toMatch(/value|win|loss/);
    expect(r.body.state.scores).toHaveLength(2);
    const banks = await guest.call('GET', '/api/puzzles/banks');
    expect(banks.body.banks).toEqual([{ preset: 'serendipity-creak', puzzles: found.length }]);
  });

  it("rates a guest's device rating and leaves the puzzle's alone", async () => {
    const guest = new Device(() => base);
    const p = (await guest.call('GET', '/api/account/puzzles/next?rating=1700')).body;
    const device = { rating: 1700, deviation: 200, volatility: 0.06 };
    const v = await attempt(guest, p.id, { choice: bestId(p), guest: device });
    expect(v.status).toBe(200);
    expect(v.body.correct).toBe(true);
    expect(v.body.player.where).toBe('device');
    expect(v.body.player.before).toEqual(device);
    expect(v.body.player.after.rating).toBeGreaterThan(1700);
    expect(v.body.player.after.deviation).toBeLessThan(200);
    expect(v.body.puzzle.plays).toBe(0);
    expect(v.body.puzzle.rating).toBe(1500);
    // Every option revealed, best first, the best marked.
    const f = found.find((x) => x.id === p.id)!;
    expect(v.body.options.map((o: Loose) => o.label)).toEqual(f.options.map((o) => o.label));
    expect(v.body.options[0].id).toBe(v.body.best);
    expect(v.body.options[0].win).toBeCloseTo(f.options[0]!.value, 12);
    expect(v.body.options[1].loss).toBeGreaterThanOrEqual(0.03);
  });

  it("rates an account's first try against the puzzle, and only the first", async () => {
    const d = await account();
    expect((await d.call('GET', '/api/account/puzzles/me')).body).toEqual({
      account: true,
      rating: { rating: 1500, deviation: 350, volatility: 0.06 },
      attempts: 0,
      solved: 0,
    });
    const p = (await d.call('GET', '/api/account/puzzles/next')).body;
    const wrong = (p.options as Loose[]).find((o) => o.id !== bestId(p)).id as number;
    const v = await attempt(d, p.id, { choice: wrong });
    expect(v.body.correct).toBe(false);
    expect(v.body.player.where).toBe('account');
    expect(v.body.player.rated).toBe(true);
    expect(v.body.player.after.rating).toBeLessThan(1500);
    expect(v.body.puzzle.rating).toBeGreaterThan(1500);
    expect(v.body.puzzle.plays).toBe(1);
    const me = (await d.call('GET', '/api/account/puzzles/me')).body;
    expect(me.attempts).toBe(1);
    expect(me.solved).toBe(0);
    expect(me.rating.rating).toBeCloseTo(v.body.player.after.rating, 9);
    // A second try: the verdict, no rating moves.
    const again = await attempt(d, p.id, { choice: bestId(p) });
    expect(again.body.correct).toBe(true);
    expect(again.body.player.rated).toBe(false);
    expect(again.body.player.after).toEqual(again.body.player.before);
    expect(again.body.puzzle.plays).toBe(1);
    expect((await d.call('GET', '/api/account/puzzles/me')).body).toEqual(me);
    // The next puzzle is one not tried yet.
    for (let i = 0; i < 5; i++)
      expect((await d.call('GET', '/api/account/puzzles/next')).body.id).not.toBe(p.id);
    // A guest sees the puzzle's new rating.
    expect((await api(base, 'GET', `/api/puzzles/${p.id}`)).body.plays).toBe(1);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const d = await account();
    const p = (await d.call('GET', '/api/account/puzzles/next')).body;
    const before = (await api(base, 'GET', `/api/puzzles/${p.id}`)).body;
    const tooFar = await attempt(d, p.id, { choice: p.options.length });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.code).toBe('BAD_CHOICE');
    expect(tooFar.body.message).toMatch(/options/);
    for (const body of [{ choice: -1 }, { choice: 'a' }, {}, { choice: 0, extra: 1 }]) {
      const r = await attempt(d, p.id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('BAD_REQUEST');
    }
    expect((await attempt(d, 'not-an-id', { choice: 0 })).status).toBe(400);
    const missing = await attempt(d, '0123456789abcdef', { choice: 0 });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect((await d.call('GET', '/api/account/puzzles/me')).body.attempts).toBe(0);
    expect((await api(base, 'GET', `/api/puzzles/${p.id}`)).body).toEqual(before);
    const none = await d.call('GET', '/api/account/puzzles/next?preset=classic');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('NO_PUZZLES');
  });

  it('gives everyone the same daily puzzle, dated today', async () => {
    const a = await new Device(() => base).call('GET', '/api/puzzles/daily');
    const b = await (await account()).call('GET', '/api/puzzles/daily');
    expect(a.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    expect(a.body.daily).toBe(new Date().toISOString().slice(0, 10));
  });

  it('limits answers per minute and address', async () => {
    const guest = new Device(() => base);
    const p = (await guest.call('GET', '/api/account/puzzles/next')).body;
    let last = 0;
    while (attempts <= LIMIT + 1) last = (await attempt(guest, p.id, { choice: 0 })).status;
    expect(last).toBe(429);
  });
});
