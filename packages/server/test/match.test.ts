// Quick match (issue 12, item 4): pairing by rating range that widens with the wait, the bot
// offered after the wait, cancel, expiry of a page that stops polling, no player seated twice,
// on SQLite and PostgreSQL; and two server processes sharing one queue.
import {
  dropSchema,
  newSchema,
  postgresUrl,
  redisUrl,
  spawnServer,
  tempDir,
  until,
  type ServerProcess,
} from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { api, startTestServer, storesFor, type Loose } from './helpers.ts';

const pgUrl = await postgresUrl();
const redis = await redisUrl();
const schema = newSchema('zilch_match');
const stores = storesFor(pgUrl, schema);

/** Short waits, so widening, the bot offer and expiry show within seconds. */
const MATCH_ENV = {
  ZILCH_MATCH_RANGE: '50',
  ZILCH_MATCH_RANGE_PER_S: '100',
  ZILCH_MATCH_RANGE_MAX: '1000',
  ZILCH_MATCH_BOT_AFTER_MS: '1500',
  // Long enough for a loaded machine's slow polls, short enough for the expiry test.
  ZILCH_MATCH_EXPIRE_MS: '3000',
  ZILCH_MATCH_PASS_MS: '100',
  ZILCH_AUTH_RATE_LIMIT: '100000',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls (the heartbeat) until the device is paired; answers the matched status. */
async function matched(d: Device, ms = 20_000): Promise<Loose> {
  let last: Loose;
  await until(
    async () => {
      last = (await d.call('GET', '/api/account/match')).body;
      return last.state === 'matched';
    },
    ms,
    50,
  );
  return last;
}

/** Joins quick match and checks the answer is a waiting status. */
async function join(d: Device, preset = 'classic', rated = false): Promise<Loose> {
  const r = await d.call('POST', '/api/account/match', { preset, rated });
  expect(r.status).toBe(200);
  expect(['waiting', 'matched']).toContain(r.body.state);
  return r.body;
}

/** Polls `d` for `ms`, expecting it to stay waiting all along. */
async function staysWaiting(ms: number, ...ds: Device[]): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    for (const d of ds)
      expect((await d.call('GET', '/api/account/match')).body.state).toBe('waiting');
    await sleep(100);
  }
}

describe.each(stores)('quick match on %s', (_store, env) => {
  let server: RunningServer;
  let base: string;
  const ratings = new Map<string, number>();
  const tmp = tempDir();
  beforeAll(async () => {
    server = await startTestServer(
      { ZILCH_DATA_DIR: tmp.dir, ...MATCH_ENV, ...env },
      { ratingOf: async (id) => ratings.get(id) ?? 1500 },
    );
    base = server.url;
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
    if (env.DATABASE_URL) await dropSchema(env.DATABASE_URL, schema);
  });

  /** A device with a guest identity whose rating for every preset is `rating`. */
  async function player(rating = 1500): Promise<Device> {
    const d = new Device(() => base);
    const made = await d.call('POST', '/api/account/seats', { seats: [] });
    ratings.set(made.body.user.id, rating);
    return d;
  }

  it('documents the quick-match routes in the OpenAPI document', async () => {
    const doc = (await api(base, 'GET', '/api/openapi.json')).body;
    const match = doc.paths['/api/account/match'];
    expect(Object.keys(match).sort()).toEqual(['delete', 'get', 'post']);
    expect(match.post.requestBody).toBeDefined();
    expect(doc.paths['/api/account/match/bot'].post.requestBody).toBeDefined();
  });

  it('refuses a junk preset and answers idle to a device with no identity', async () => {
    const d = new Device(() => base);
    expect((await d.call('GET', '/api/account/match')).body).toEqual({ state: 'idle' });
    const r = await d.call('POST', '/api/account/match', { preset: 'nope', rated: false });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('BAD_REQUEST');
    const bot = await d.call('POST', '/api/account/match/bot', {});
    expect(bot.status).toBe(409);
    expect(bot.body.code).toBe('NOT_QUEUED');
  });

  it('pairs two players of a preset at once: each gets a token for their own seat at one started table', async () => {
    const [a, b] = [await player(), await player()];
    await join(a, 'classic');
    await join(b, 'classic');
    const [ma, mb] = [await matched(a), await matched(b)];
    expect(ma.gameId).toBe(mb.gameId);
    expect([ma.seat, mb.seat].sort()).toEqual([0, 1]);
    for (const m of [ma, mb]) {
      const v = await api(base, 'GET', `/api/games/${m.gameId}`, undefined, {
        authorization: `Bearer ${m.token}`,
      });
      expect(v.body.you).toBe(m.seat);
      expect(v.body.status).toBe('playing');
      expect(v.body.rules.name).toMatch(/classic/i);
    }
    // The table is the player's: it is in their games (any device of theirs finds it).
    const games = (await a.call('GET', '/api/account/games')).body.games;
    expect(games.map((g: Loose) => g.id)).toContain(ma.gameId);
  });

  it('never pairs across presets; the rated queue refuses a guest', async () => {
    const [a, b] = [await player(), await player()];
    await join(a, 'classic');
    await join(b, 'hot-dice');
    await staysWaiting(500, a, b);
    const r = await b.call('POST', '/api/account/match', { preset: 'classic', rated: true });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('NOT_AN_ACCOUNT');
    for (const d of [a, b]) await d.call('DELETE', '/api/account/match');
  });

  it('pairs accounts in the rated queue, apart from the unrated one', async () => {
    const [a, b, c] = [await player(), await player(), await player()];
    for (const d of [a, b]) expect((await register(d, new SoftPasskey(base))).status).toBe(201);
    await join(a, 'farkle-2017', true);
    await join(c, 'farkle-2017', false);
    await staysWaiting(500, a, c);
    await join(b, 'farkle-2017', true);
    const [ma, mb] = [await matched(a), await matched(b)];
    expect(ma.gameId).toBe(mb.gameId);
    expect((await c.call('GET', '/api/account/match')).body).toMatchObject({
      state: 'waiting',
      rated: false,
    });
    await c.call('DELETE', '/api/account/match');
  });

  it('pairs close ratings at once and far ones only once both ranges have widened', async () => {
    const [a, b] = [await player(1500), await player(1700)];
    const t0 = Date.now();
    const first = await join(a, 'zilch-online');
    expect(first).toMatchObject({ state: 'waiting', rating: 1500 });
    expect(first.range).toBeGreaterThanOrEqual(50);
    expect(first.range).toBeLessThan(100);
    await join(b, 'zilch-online');
    // 200 apart: each side accepts 50 + 100/s, so both must have waited 1.5 s.
    await staysWaiting(1000, a, b);
    const later = (await a.call('GET', '/api/account/match')).body;
    if (later.state === 'waiting') expect(later.range).toBeGreaterThanOrEqual(140);
    const m = await matched(a);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1400);
    expect((await matched(b)).gameId).toBe(m.gameId);
  });

  it('offers a bot after the wait; taking it seats the player against that bot', async () => {
    const a = await player();
    const w = await join(a, 'serendipity-creak');
    expect(w.botOffer).toBe(false);
    const early = await a.call('POST', '/api/account/match/bot', { bot: 'cautious' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('BAD_REQUEST');
    await until(
      async () => (await a.call('GET', '/api/account/match')).body.botOffer === true,
      5000,
      100,
    );
    const m = (await a.call('POST', '/api/account/match/bot', { bot: 'cautious' })).body;
    expect(m).toMatchObject({ state: 'matched', seat: 0 });
    expect(m.opponent).toMatch(/cautious/i);
    const v = await api(base, 'GET', `/api/games/${m.gameId}`, undefined, {
      authorization: `Bearer ${m.token}`,
    });
    expect(v.body.you).toBe(0);
    expect(v.body.seats[1]).toMatchObject({ kind: 'bot', bot: 'cautious' });
    expect(v.body.status).not.toBe('waiting');
    // Out of the queue now: nobody else can be paired with this player.
    expect((await a.call('GET', '/api/account/match')).body.state).toBe('idle');
  });

  it('cancel leaves the queue: nobody is paired with a player who left', async () => {
    const [a, b] = [await player(), await player()];
    await join(a, 'hot-dice');
    expect((await a.call('DELETE', '/api/account/match')).body).toEqual({ state: 'idle' });
    const again = await a.call('DELETE', '/api/account/match');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NOT_QUEUED');
    await join(b, 'hot-dice');
    await staysWaiting(500, b);
    await b.call('DELETE', '/api/account/match');
  });

  it('a page that stops polling expires from the queue', async () => {
    const [a, b] = [await player(), await player()];
    await join(a, 'hot-dice');
    await sleep(4000); // a's page is gone: no heartbeat for longer than ZILCH_MATCH_EXPIRE_MS
    await join(b, 'hot-dice');
    await staysWaiting(500, b);
    expect((await a.call('GET', '/api/account/match')).body.state).toBe('idle');
    await b.call('DELETE', '/api/account/match');
  });

  it('the public lobby: strangers take free seats of a public table, never the same one', async () => {
    const made = await api(base, 'POST', '/api/games', {
      rules: 'classic',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
      public: true,
    });
    const id = made.body.gameId;
    await api(base, 'POST', `/api/games/${id}/claim`, {
      token: made.body.seats[0].token,
      name: 'Host',
    });
    const listed = (await api(base, 'GET', '/api/games?status=active')).body.games;
    expect(listed.map((g: Loose) => g.id)).toContain(id);
    // Two strangers at once: one seat each.
    const [x, y] = await Promise.all(
      ['Xia', 'Yan'].map((name) => api(base, 'POST', `/api/games/${id}/join`, { name })),
    );
    expect([x!.status, y!.status]).toEqual([200, 200]);
    expect([x!.body.seat, y!.body.seat].sort()).toEqual([1, 2]);
    const v = await api(base, 'GET', `/api/games/${id}`, undefined, {
      authorization: `Bearer ${x!.body.token}`,
    });
    expect(v.body.you).toBe(x!.body.seat);
    expect(v.body.status).toBe('playing');
    const full = await api(base, 'POST', `/api/games/${id}/join`, { name: 'Zed' });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('ALREADY_STARTED');
    // A table that is not public cannot be joined from the lobby.
    const hidden = await api(base, 'POST', '/api/games', {
      rules: 'classic',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const r = await api(base, 'POST', `/api/games/${hidden.body.gameId}/join`, { name: 'Zed' });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('NOT_FOUND');
  });

  it('twelve players joining at once sit at six tables, each player at exactly one', async () => {
    const ds = await Promise.all(Array.from({ length: 12 }, () => player()));
    await Promise.all(ds.map((d) => join(d, 'ten-dice')));
    const ms = await Promise.all(ds.map((d) => matched(d)));
    expectPairs(ms);
    for (const d of ds)
      expect((await d.call('GET', '/api/account/games')).body.games).toHaveLength(1);
  });
});

/** Every table has exactly two of the players, at seats 0 and 1. */
function expectPairs(ms: Loose[]): void {
  const byGame = new Map<string, number[]>();
  for (const m of ms) byGame.set(m.gameId, [...(byGame.get(m.gameId) ?? []), m.seat]);
  expect(byGame.size).toBe(ms.length / 2);
  for (const seats of byGame.values()) expect(seats.sort()).toEqual([0, 1]);
}

describe.skipIf(!pgUrl || !redis)('quick match across two server processes', () => {
  const servers: ServerProcess[] = [];
  const schema2 = newSchema('zilch_match2');
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    if (pgUrl) await dropSchema(pgUrl, schema2);
  });

  it('players polling different processes are paired from one queue, none twice', async () => {
    const env = {
      PORT: '0',
      DATABASE_URL: pgUrl as string,
      ZILCH_PG_SCHEMA: schema2,
      REDIS_URL: redis as string,
      ...MATCH_ENV,
      // Both processes run passes often, so they race for the same pairs.
      ZILCH_MATCH_PASS_MS: '50',
      // Sixteen pollers on a loaded machine: no one may expire while waiting for a slow answer.
      ZILCH_MATCH_EXPIRE_MS: '15000',
      ZILCH_PRELOAD_SOLUTIONS: '0',
    };
    // A loaded machine may take a while to start a process from sources.
    servers.push(await spawnServer(env, { readyMs: 120_000 }));
    servers.push(await spawnServer(env, { readyMs: 120_000 }));
    const ds = Array.from({ length: 16 }, (_, i) => new Device(() => servers[i % 2]!.url));
    await Promise.all(ds.map((d) => join(d, 'classic')));
    const ms = await Promise.all(ds.map((d) => matched(d, 20_000))).catch(async (e: unknown) => {
      // What the processes logged and where each player stands, to tell a slow pass from a lost one.
      console.log(servers.map((x) => x.output().slice(-3000)).join('\n----\n'));
      console.log(
        await Promise.all(
          ds.map(async (d) => JSON.stringify((await d.call('GET', '/api/account/match')).body)),
        ),
      );
      throw e;
    });
    expectPairs(ms);
    for (const d of ds)
      expect((await d.call('GET', '/api/account/games')).body.games).toHaveLength(1);
    // A pair made on one process is played from either: seat tokens open the table on both.
    const m = ms[0]!;
    for (const s of servers) {
      const v = await api(s.url, 'GET', `/api/games/${m.gameId}`, undefined, {
        authorization: `Bearer ${m.token}`,
      });
      expect(v.body.you).toBe(m.seat);
    }
  }, 300_000);
});
