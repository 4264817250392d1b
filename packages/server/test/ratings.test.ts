// Ratings (issue 12, item 2): the Glicko-2 maths against Glickman's worked example, rated
// tables (who may create and sit at them), exactly-once application on both stores (also after
// a crash and with two processes), and the leaderboard's minimum-games rule.
import { dropSchema, newSchema, postgresUrl, tempDir, until } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { rateGame, ratePeriod } from '../src/ratings/glicko.ts';
import type { RunningServer } from '../src/server.ts';
import { openDb, type Db } from '../src/store/db.ts';
import { RatingStore } from '../src/store/rating-store.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { api, startTestServer, storesFor, type Loose } from './helpers.ts';
import { playForced } from './forced-play.ts';

describe('Glicko-2 maths', () => {
  it("matches Glickman's worked example (glicko2.pdf, tau 0.5)", () => {
    const after = ratePeriod(
      { rating: 1500, rd: 200, vol: 0.06 },
      [
        { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
        { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
        { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
      ],
      0.5,
    );
    // The paper rounds its intermediate values: r' 1464.06, RD' 151.52, σ' 0.05999.
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.rd).toBeCloseTo(151.52, 1);
    expect(after.vol).toBeCloseTo(0.05999, 4);
  });

  it('moves two equal players by the same amount, opposite ways, and narrows both', () => {
    const p = { rating: 1500, rd: 350, vol: 0.06 };
    const [w, l] = rateGame(p, p, 1);
    expect(w.rating).toBeGreaterThan(1500);
    expect(w.rating - 1500).toBeCloseTo(1500 - l.rating, 6);
    expect(w.rd).toBeLessThan(350);
    expect(l.rd).toBeCloseTo(w.rd, 6);
    const [d1, d2] = rateGame(p, p, 0.5);
    expect(d1.rating).toBeCloseTo(1500, 6);
    expect(d2.rating).toBeCloseTo(1500, 6);
  });
});

const pgUrl = await postgresUrl();
const schema = newSchema('zilch_ratings');
const stores = storesFor(pgUrl, schema);

describe.each(stores)('rated tables on %s', (_name, env) => {
  const tmp = tempDir();
  let server: RunningServer;
  let base: string;
  const extra: Db[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      ZILCH_DATA_DIR: tmp.dir,
      ZILCH_LEADERBOARD_MIN_GAMES: '2',
      ...env,
    });
    base = server.url;
  });
  afterAll(async () => {
    for (const d of extra) await d.close();
    await server?.close();
    tmp.cleanup();
    if (env.DATABASE_URL) await dropSchema(env.DATABASE_URL, schema);
  });

  /** Another connection to the server's store, as a second process would have. */
  async function otherProcess(): Promise<RatingStore> {
    const c = loadConfig({ ZILCH_DATA_DIR: tmp.dir, ...env });
    if (!c.ok) throw new Error(c.message);
    const db = await openDb(c.config);
    extra.push(db);
    return new RatingStore(db.db, db.dialect);
  }

  /** A device signed up with a passkey under a name: an account. */
  async function account(name: string) {
    const d = new Device(base);
    expect((await register(d, new SoftPasskey(base))).status).toBe(201);
    const r = await d.call('POST', '/api/account/profile', { name });
    expect(r.body.user.kind).toBe('account');
    return { device: d, id: r.body.user.id as string };
  }

  const rated = (extra: Record<string, unknown> = {}) =>
    api(base, 'POST', '/api/games', {
      rules: 'farkle-2017',
      seats: [{ kind: 'human' }, { kind: 'human' }],
      rated: true,
      ...extra,
    });

  /** A rated table with both seats taken by these accounts (seat 0, seat 1). */
  async function ratedGame(a: Device, b: Device) {
    const t = (await rated()).body;
    const tokens = [t.seats[0].token as string, t.seats[1].token as string];
    for (const [i, d] of [a, b].entries()) {
      const c = await d.call('POST', `/api/account/games/${t.gameId}/claim`, { token: tokens[i] });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
    }
    return { gameId: t.gameId as string, tokens };
  }

  const ratingOf = async (id: string) =>
    (await api(base, 'GET', `/api/players/${id}/ratings`)).body as Loose;

  /** Waits until the game's end is applied (it runs right after the last action's commit). */
  const applied = (gameId: string) =>
    until(async () => {
      const r = (await api(base, 'GET', `/api/games/${gameId}/rating`)).body as Loose;
      return r.status === 'applied' || r.status === 'void' ? r : null;
    }, 10_000);

  it('refuses rated tables that cannot be rated, each with NOT_RATEABLE and a reason', async () => {
    const cases: Record<string, unknown>[] = [
      { seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }] },
      { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }] },
      { absentBot: 'cautious' },
      { rules: { ...(await presetRules('farkle-2017')), target: 500 } },
    ];
    for (const c of cases) {
      const r = await rated(c);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('NOT_RATEABLE');
      expect(r.body.message).toMatch(/cannot be rated: .+/);
    }
    // A preset sent as its full rule set is that preset.
    const full = await rated({ rules: await presetRules('classic') });
    expect(full.status).toBe(201);
    expect((await api(base, 'GET', `/api/games/${full.body.gameId}/rating`)).body).toMatchObject({
      rated: true,
      preset: 'classic',
      status: 'pending',
    });
  });

  it('lets only accounts take the seats of a rated table', async () => {
    const t = (await rated()).body;
    const plain = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[0].token,
      name: 'Guest',
    });
    expect(plain.status).toBe(403);
    expect(plain.body.code).toBe('ACCOUNT_REQUIRED');
    // A guest (a device that linked a seat but has no passkey) is refused too.
    const guest = new Device(base);
    await guest.call('POST', '/api/account/seats', { seats: [] });
    const g = await guest.call('POST', `/api/account/games/${t.gameId}/claim`, {
      token: t.seats[0].token,
    });
    expect(g.body.code).toBe('ACCOUNT_REQUIRED');
    const acc = await account('Carla');
    const ok = await acc.device.call('POST', `/api/account/games/${t.gameId}/claim`, {
      token: t.seats[0].token,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.view.seats[0].name).toBe('Carla');
    // One account cannot play both sides of a rated game.
    const both = await acc.device.call('POST', `/api/account/games/${t.gameId}/claim`, {
      token: t.seats[1].token,
    });
    expect(both.status).toBe(409);
    expect(both.body.code).toBe('NOT_RATEABLE');
  });

  it('applies a rated game once to both players, and never an unrated one', async () => {
    const a = await account('Ann');
    const b = await account('Ben');
    const { gameId, tokens } = await ratedGame(a.device, b.device);
    await playForced(base, gameId, tokens, 0);
    const r = await applied(gameId);
    expect(r.status).toBe('applied');
    expect(r.changes.map((c: Loose) => c.seat)).toEqual([0, 1]);
    const [ann, ben] = [await ratingOf(a.id), await ratingOf(b.id)];
    expect(ann.ratings).toHaveLength(1);
    expect(ann.ratings[0]).toMatchObject({ preset: 'farkle-2017', games: 1, wins: 1 });
    expect(ben.ratings[0]).toMatchObject({ preset: 'farkle-2017', games: 1, wins: 0 });
    expect(ann.ratings[0].rating).toBeGreaterThan(1500);
    expect(ben.ratings[0].rating).toBeLessThan(1500);
    expect(ann.history).toEqual([
      expect.objectContaining({ gameId, result: 'win', opponent: 'Ben' }),
    ]);
    // Processed again, here and by another process: nothing changes.
    const other = await otherProcess();
    expect(await Promise.all([other.apply(gameId, Date.now()), other.apply(gameId, 1)])).toEqual([
      'none',
      'none',
    ]);
    expect((await ratingOf(a.id)).ratings).toEqual(ann.ratings);

    // The same two accounts on an unrated table: no rating moves.
    const t = (
      await api(base, 'POST', '/api/games', {
        rules: 'farkle-2017',
        seats: [{ kind: 'human' }, { kind: 'human' }],
      })
    ).body;
    const toks = [t.seats[0].token, t.seats[1].token];
    for (const [i, d] of [a.device, b.device].entries())
      await d.call('POST', `/api/account/games/${t.gameId}/claim`, { token: toks[i] });
    await playForced(base, t.gameId, toks, 1);
    expect((await api(base, 'GET', `/api/games/${t.gameId}/rating`)).body.status).toBe('unrated');
    expect((await ratingOf(b.id)).ratings).toEqual(ben.ratings);
  });

  it('shows what a rated game in play puts at stake, and the end moves ratings by exactly that', async () => {
    const a = await account('Cat');
    const b = await account('Dan');
    const empty = (await rated()).body;
    // Nobody seated yet: nothing at stake to show.
    expect((await api(base, 'GET', `/api/games/${empty.gameId}/rating`)).body.stakes).toEqual([]);
    const { gameId, tokens } = await ratedGame(a.device, b.device);
    const r = (await api(base, 'GET', `/api/games/${gameId}/rating`)).body as Loose;
    expect(r.status).toBe('pending');
    expect(r.stakes.map((x: Loose) => x.seat)).toEqual([0, 1]);
    const [cat, dan] = r.stakes as Loose[];
    expect(cat.rating).toBe(1500);
    expect(cat.win).toBeGreaterThan(0);
    expect(cat.loss).toBeLessThan(0);
    // Equal new players: one's win is the other's loss, and a shared win moves nobody.
    expect(cat.win).toBeCloseTo(-dan.loss, 6);
    expect(cat.draw).toBeCloseTo(0, 6);
    await playForced(base, gameId, tokens, 1);
    const done = await applied(gameId);
    expect(done.stakes).toEqual([]);
    const change = (seat: number) => {
      const c = done.changes.find((x: Loose) => x.seat === seat);
      return c.after - c.before;
    };
    expect(change(0)).toBeCloseTo(cat.loss, 6);
    expect(change(1)).toBeCloseTo(dan.win, 6);
  });

  it('applies a game a crash left pending exactly once, with two processes racing', async () => {
    const a = await account('Dee');
    const b = await account('Eve');
    const { gameId, tokens } = await ratedGame(a.device, b.device);
    await playForced(base, gameId, tokens, 1);
    await applied(gameId);
    const expected = [(await ratingOf(a.id)).ratings, (await ratingOf(b.id)).ratings];
    // Undo the application, as if the process died between the game's last commit and this one.
    const db = (await otherProcess()).db;
    await db
      .updateTable('rated_games')
      .set({ applied_at: null, outcome: null })
      .where('game_id', '=', gameId)
      .execute();
    await db.deleteFrom('rating_history').where('game_id', '=', gameId).execute();
    await db.deleteFrom('ratings').where('user_id', 'in', [a.id, b.id]).execute();
    expect((await api(base, 'GET', `/api/games/${gameId}/rating`)).body.status).toBe('pending');
    // PostgreSQL: two processes' connections race. SQLite serves one process, and its driver is
    // synchronous (two connections in one test process would block each other's thread): there
    // the three calls race on one connection.
    const p1 = await otherProcess();
    const p2 = env.DATABASE_URL ? await otherProcess() : p1;
    expect(await p1.pending()).toContain(gameId);
    const outcomes = await Promise.all([
      p1.apply(gameId, Date.now()),
      p2.apply(gameId, Date.now()),
      p1.apply(gameId, Date.now()),
    ]);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'none')).toHaveLength(2);
    expect([(await ratingOf(a.id)).ratings, (await ratingOf(b.id)).ratings]).toEqual(expected);
    expect(await p2.pending()).not.toContain(gameId);
  });

  it('lists a player only after the minimum number of games, provisional ones apart', async () => {
    const a = await account('Fay');
    const b = await account('Gus');
    const preset = 'farkle-2017';
    const board = async () =>
      (await api(base, 'GET', `/api/leaderboard?preset=${preset}`)).body as Loose;
    const listed = (l: Loose) =>
      [...l.players, ...l.provisional].map((r: Loose) => r.playerId as string);
    const first = await ratedGame(a.device, b.device);
    await playForced(base, first.gameId, first.tokens, 0);
    await applied(first.gameId);
    let l = await board();
    expect(l.minGames).toBe(2);
    expect(listed(l)).not.toContain(a.id);
    expect(listed(l)).not.toContain(b.id);
    const second = await ratedGame(a.device, b.device);
    await playForced(base, second.gameId, second.tokens, 0);
    await applied(second.gameId);
    l = await board();
    expect(l.presets).toContain(preset);
    // Two games leave the deviation far above 110: both are provisional, listed apart.
    expect(l.provisional.map((r: Loose) => r.playerId)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
    const fay = l.provisional.find((r: Loose) => r.playerId === a.id);
    const gus = l.provisional.find((r: Loose) => r.playerId === b.id);
    expect(fay.rank).toBeLessThan(gus.rank);
    expect(fay).toMatchObject({ name: 'Fay', games: 2, wins: 2 });
    expect(l.players.map((r: Loose) => r.playerId)).not.toContain(a.id);
  });

  it('answers 404 for a guest or unknown player, and documents the routes', async () => {
    expect((await api(base, 'GET', '/api/players/nobody/ratings')).status).toBe(404);
    const doc = (await api(base, 'GET', '/api/openapi.json')).body as Loose;
    for (const p of [
      '/api/leaderboard',
      '/api/players/{id}/ratings',
      '/api/games/{id}/rating',
      '/api/account/games/{id}/claim',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});

/** A preset's full rule set as a client would send it. */
async function presetRules(id: string): Promise<Record<string, unknown>> {
  const { preset, isPresetId } = await import('@zilch/engine');
  if (!isPresetId(id)) throw new Error(id);
  return { ...preset(id) };
}
