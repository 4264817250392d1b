// The bot API (issue 27): bot accounts and scoped tokens (shown once, stored hashed, revoked),
// NDJSON event and game streams (full state, then each change with its sequence number; resume
// with ?since=N), moves idempotent by client id with the socket's typed refusals, challenges
// between people and bots, per-token limits, and bots kept out of quick match and the people's
// leaderboard; on SQLite and PostgreSQL, real servers on port 0.
import { dropSchema, newSchema, postgresUrl, tempDir } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { LineStream, simpleMove } from './bot-stream.ts';
import { Device, register } from './device.ts';
import { api, startTestServer, storesFor, type Loose } from './helpers.ts';

const pgUrl = await postgresUrl();
const schema = newSchema('zilch_botapi');
const stores = storesFor(pgUrl, schema);

describe.each(stores)('bot API on %s', (_store, env) => {
  let server: RunningServer;
  let base: string;
  const tmp = tempDir();
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer(
      {
        ZILCH_DATA_DIR: tmp.dir,
        ZILCH_AUTH_RATE_LIMIT: '100000',
        ZILCH_RATE_LIMIT: '100000',
        ...env,
      },
      { botLimits: { pollMs: 100, actionsPerSecond: 50, games: 3 } },
    );
    base = server.url;
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
    if (env.DATABASE_URL) await dropSchema(env.DATABASE_URL, schema);
  });

  /** A signed-in account with a unique name. */
  async function account(prefix = 'Bot'): Promise<{ d: Device; id: string; name: string }> {
    const d = new Device(() => base);
    const made = await d.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(d, new SoftPasskey(base))).status).toBe(201);
    const name = `${prefix}${++n}x${Math.floor(Math.random() * 1e6)}`;
    expect((await d.call('POST', '/api/account/profile', { name })).status).toBe(200);
    return { d, id: made.body.user.id as string, name };
  }

  /** A bot account and a token with these scopes. */
  async function bot(scopes: string[] = ['bot:play', 'challenge:write', 'read']) {
    const a = await account();
    expect((await a.d.call('POST', '/api/account/bot', { confirm: true })).body.bot).toBe(true);
    const t = await a.d.call('POST', '/api/account/bot/tokens', { label: 'test', scopes });
    expect(t.status).toBe(200);
    return { ...a, token: t.body.token as string, tokenId: t.body.id as string };
  }

  const call = (token: string, method: string, path: string, body?: unknown) =>
    api(base, method, path, body, { authorization: `Bearer ${token}` });

  /** Plays a game to its end from its stream with `simpleMove`; answers the last line. */
  async function playOut(token: string, gameId: string): Promise<Loose> {
    const s = await LineStream.open(base, `/api/bot/game/stream/${gameId}`, token);
    let at = 0;
    let k = 0;
    for (;;) {
      const line = await s.next((l) => l.type === 'closed' || (l.choices?.length ?? 0) > 0, at);
      at = s.lines.indexOf(line) + 1;
      if (line.type === 'closed') return line;
      const body = { clientId: `m${++k}`, move: simpleMove(line.choices) };
      let r = await call(token, 'POST', `/api/bot/game/${gameId}/move`, body);
      // Past the token's rate: wait as told and send the same move again (its id makes it once).
      while (r.status === 429) {
        await new Promise((w) => setTimeout(w, 1000));
        r = await call(token, 'POST', `/api/bot/game/${gameId}/move`, body);
      }
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  }

  it('documents the bot routes in the OpenAPI document', async () => {
    const paths = (await api(base, 'GET', '/api/openapi.json')).body.paths as Loose;
    for (const p of [
      '/api/account/bot',
      '/api/account/bot/tokens',
      '/api/account/bot/tokens/{id}',
      '/api/bot/account',
      '/api/bot/stream/event',
      '/api/bot/game/stream/{id}',
      '/api/bot/game/{id}/move',
      '/api/bot/challenge',
      '/api/bot/challenge/ai',
      '/api/bot/challenge/{id}/accept',
      '/api/bot/challenge/{id}/decline',
    ])
      expect(paths[p], p).toBeDefined();
  });

  it('a bot:play token needs the explicit bot step; tokens are shown once and listed without their secret', async () => {
    const a = await account('Person');
    const early = await a.d.call('POST', '/api/account/bot/tokens', {
      label: 'x',
      scopes: ['bot:play'],
    });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('NOT_A_BOT');
    const read = await a.d.call('POST', '/api/account/bot/tokens', {
      label: 'reader',
      scopes: ['read'],
    });
    expect(read.status).toBe(200);
    expect(read.body.token).toMatch(/^zilch_[\w-]{43}$/);
    const listed = await a.d.call('GET', '/api/account/bot');
    expect(listed.body.bot).toBe(false);
    expect(listed.body.tokens).toEqual([
      expect.objectContaining({ id: read.body.id, label: 'reader', scopes: ['read'] }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(read.body.token);
    const me = await call(read.body.token, 'GET', '/api/bot/account');
    expect(me.body).toMatchObject({ id: a.id, bot: false, scopes: ['read'] });
    // A person's token may read but never play, even against the server's bots.
    const ai = await call(read.body.token, 'POST', '/api/bot/challenge/ai', { bot: 'random' });
    expect(ai.status).toBe(403);
    expect(ai.body.code).toBe('MISSING_SCOPE');
    expect((await call('zilch_nope', 'GET', '/api/bot/account')).body.code).toBe('UNAUTHORIZED');
    expect((await api(base, 'GET', '/api/bot/account')).status).toBe(401);
  });

  it('a token without bot:play is refused moves and games, even on a bot account', async () => {
    const b = await bot(['challenge:write', 'read']);
    const ai = await call(b.token, 'POST', '/api/bot/challenge/ai', { bot: 'random' });
    expect(ai.status).toBe(403);
    expect(ai.body.code).toBe('MISSING_SCOPE');
    const mv = await call(b.token, 'POST', '/api/bot/game/nope/move', {
      clientId: 'a',
      move: { type: 'roll' },
    });
    expect(mv.body.code).toBe('MISSING_SCOPE');
  });

  it('plays a whole game against a server bot over HTTP: full state, then each change by sequence number', async () => {
    const b = await bot();
    const events = await LineStream.open(base, '/api/bot/stream/event', b.token);
    const g = await call(b.token, 'POST', '/api/bot/challenge/ai', { bot: 'expected' });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body.seat).toBe(0);
    await events.next((l) => l.type === 'gameStart' && l.gameId === g.body.gameId);
    const end = await playOut(b.token, g.body.gameId);
    expect(end).toEqual({ type: 'closed', reason: 'over' });
    await events.next((l) => l.type === 'gameFinish' && l.gameId === g.body.gameId);
    events.close();
    // The stream's sequence numbers are the log's: every change, once, in order.
    const s = await LineStream.open(base, `/api/bot/game/stream/${g.body.gameId}?since=0`, b.token);
    await s.closed();
    const seqs = s.lines.filter((l) => l.type === 'gameState').map((l) => l.seq);
    const log = (await api(base, 'GET', `/api/games/${g.body.gameId}/log`)).body;
    expect(seqs).toEqual(log.seqs);
    expect(seqs).toEqual(Array.from({ length: log.seqs.length }, (_, i) => i + 1));
    const last = s.lines.filter((l) => l.type === 'gameState').at(-1);
    expect(last.view.status).toBe('over');
    expect(last.view.you).toBe(0);
  });

  it('moves are idempotent by client id; a bad move gets the typed refusal the socket gives', async () => {
    const b = await bot();
    const g = (await call(b.token, 'POST', '/api/bot/challenge/ai', { bot: 'expected' })).body;
    const s = await LineStream.open(base, `/api/bot/game/stream/${g.gameId}`, b.token);
    const full = await s.next((l) => l.type === 'gameFull');
    expect(full.view.you).toBe(0);
    const mine = await s.next((l) => (l.choices?.length ?? 0) > 0);
    const phase = mine.view.state.phase;
    expect(['roll', 'choose']).toContain(phase);
    // Banking before rolling: the engine's refusal, code and status as the socket's.
    const bad = await call(b.token, 'POST', `/api/bot/game/${g.gameId}/move`, {
      clientId: 'bad-1',
      move: { type: 'bank' },
    });
    expect(bad.status).toBe(409);
    expect(bad.body.code).toBe(phase === 'roll' ? 'MUST_ROLL_FIRST' : 'MUST_CHOOSE_START');
    // The stream sends the state the refusal was judged on again, to decide on anew.
    const again0 = await s.next((l) => l.type === 'gameFull', s.lines.indexOf(mine) + 1);
    expect(again0.choices).toEqual(mine.choices);
    const move = { clientId: 'same-id', move: simpleMove(mine.choices) };
    const first = await call(b.token, 'POST', `/api/bot/game/${g.gameId}/move`, move);
    const again = await call(b.token, 'POST', `/api/bot/game/${g.gameId}/move`, move);
    expect(first.status).toBe(200);
    expect(first.body.repeated).toBe(false);
    expect(again.body).toEqual({ ...first.body, repeated: true });
    const log = (await api(base, 'GET', `/api/games/${g.gameId}/log`)).body;
    expect(
      log.log.entries.filter((e: Loose) => e.action.type === move.move.type && e.action.seat === 0)
        .length,
    ).toBe(1);
    // A malformed move is refused by the protocol's schema, with the server's shape.
    const junk = await call(b.token, 'POST', `/api/bot/game/${g.gameId}/move`, {
      clientId: 'x',
      move: { type: 'keep', dice: [] },
    });
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe('BAD_REQUEST');
    s.close();
    // A game the bot has no seat at.
    const other = await bot();
    const none = await call(other.token, 'POST', `/api/bot/game/${g.gameId}/move`, move);
    expect(none.status).toBe(404);
    await playOut(b.token, g.gameId);
  });

  it('resumes a game stream after a sequence number: only the changes after it, then the state', async () => {
    const b = await bot();
    const g = (await call(b.token, 'POST', '/api/bot/challenge/ai', { bot: 'random' })).body;
    const s = await LineStream.open(base, `/api/bot/game/stream/${g.gameId}`, b.token);
    let at = 0;
    for (let k = 0; k < 4; k++) {
      const line = await s.next((l) => l.type === 'closed' || (l.choices?.length ?? 0) > 0, at);
      at = s.lines.indexOf(line) + 1;
      if (line.type === 'closed') break;
      await call(b.token, 'POST', `/api/bot/game/${g.gameId}/move`, {
        clientId: `r${k}`,
        move: simpleMove(line.choices),
      });
    }
    s.close();
    const seq = (await api(base, 'GET', `/api/games/${g.gameId}/log`)).body.seqs.length;
    expect(seq).toBeGreaterThanOrEqual(4);
    const from = seq - 2;
    const r = await LineStream.open(
      base,
      `/api/bot/game/stream/${g.gameId}?since=${from}`,
      b.token,
    );
    await r.next((l) => l.type === 'gameState' && l.view);
    const states = r.lines.filter((l) => l.type === 'gameState');
    expect(r.lines[0].type).toBe('gameState');
    expect(states.slice(0, 2).map((l) => l.seq)).toEqual([from + 1, from + 2]);
    r.close();
    await playOut(b.token, g.gameId);
  });

  it('revoking a token cuts its live streams at once and refuses its calls', async () => {
    const b = await bot();
    const events = await LineStream.open(base, '/api/bot/stream/event', b.token);
    const g = (await call(b.token, 'POST', '/api/bot/challenge/ai', { bot: 'random' })).body;
    const game = await LineStream.open(base, `/api/bot/game/stream/${g.gameId}`, b.token);
    await game.next((l) => l.type === 'gameFull');
    const started = Date.now();
    const r = await b.d.call('DELETE', `/api/account/bot/tokens/${b.tokenId}`);
    expect(r.status).toBe(200);
    expect(r.body.tokens[0].revokedAt).toEqual(expect.any(Number));
    await Promise.all([events.closed(2000), game.closed(2000)]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(events.lines.at(-1)).toEqual({ type: 'closed', reason: 'revoked' });
    expect(game.lines.at(-1)).toEqual({ type: 'closed', reason: 'revoked' });
    expect((await call(b.token, 'GET', '/api/bot/account')).status).toBe(401);
  });

  it('a person challenges a bot: the bot hears it on its event stream and accepts into a game', async () => {
    const b = await bot();
    const person = await account('Human');
    const events = await LineStream.open(base, '/api/bot/stream/event', b.token);
    const sent = await person.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: 'classic',
    });
    expect(sent.status).toBe(200);
    const heard = await events.next((l) => l.type === 'challenge');
    expect(heard.challenge).toMatchObject({ id: sent.body.id, from: { id: person.id } });
    // The bot is marked as a bot wherever the challenge is listed; the person is not.
    expect(sent.body.to.bot).toBe(true);
    expect(heard.challenge.from.bot).toBeUndefined();
    const acc = await call(b.token, 'POST', `/api/bot/challenge/${sent.body.id}/accept`);
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    expect(acc.body.seat).toBe(1);
    await events.next((l) => l.type === 'gameStart' && l.gameId === acc.body.gameId);
    await events.next((l) => l.type === 'challengeGone' && l.id === sent.body.id);
    // And the other way: a bot challenges a person, who declines.
    const out = await call(b.token, 'POST', '/api/bot/challenge', {
      to: { userId: person.id },
      rules: 'classic',
    });
    expect(out.status).toBe(200);
    const no = await person.d.call('POST', `/api/account/challenges/${out.body.id}/decline`);
    expect(no.body.status).toBe('declined');
    events.close();
  });

  it('keeps bots out of quick match, and caps games at once', async () => {
    const b = await bot();
    const q = await b.d.call('POST', '/api/account/match', { preset: 'classic', rated: false });
    expect(q.status).toBe(403);
    expect(q.body.code).toBe('BOT_ACCOUNT');
    for (let i = 0; i < 3; i++)
      expect((await call(b.token, 'POST', '/api/bot/challenge/ai', { bot: 'random' })).status).toBe(
        200,
      );
    const fourth = await call(b.token, 'POST', '/api/bot/challenge/ai', { bot: 'random' });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('TOO_MANY_GAMES');
  });
});

describe('bot API rate per token', () => {
  let server: RunningServer;
  const tmp = tempDir();
  beforeAll(async () => {
    // One call a second (a burst of two): ten at once cannot all pass however slow the machine.
    server = await startTestServer(
      { ZILCH_DATA_DIR: tmp.dir, ZILCH_AUTH_RATE_LIMIT: '100000', ZILCH_RATE_LIMIT: '100000' },
      { botLimits: { actionsPerSecond: 1 } },
    );
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it("refuses calls past the token's rate with RATE_LIMITED and retry-after; other tokens go on", async () => {
    const d = new Device(() => server.url);
    await d.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(d, new SoftPasskey(server.url))).status).toBe(201);
    const mint = async () =>
      (await d.call('POST', '/api/account/bot/tokens', { label: 'r', scopes: ['read'] })).body
        .token as string;
    const [a, b] = [await mint(), await mint()];
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${server.url}/api/bot/account`, { headers: { authorization: `Bearer ${a}` } }),
      ),
    );
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.headers.get('retry-after')).toBe('1');
    expect(((await limited[0]!.json()) as Loose).code).toBe('RATE_LIMITED');
    const other = await api(server.url, 'GET', '/api/bot/account', undefined, {
      authorization: `Bearer ${b}`,
    });
    expect(other.status).toBe(200);
  });
});
