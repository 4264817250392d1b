// Bots marked as bots (issue 27): a bot account's seat carries `botAccount` in every view, social
// lists and tournament standings say `bot: true`; our built-in bots take challenges as accounts
// (`zilch-<level>`, accepted at once, rated on the bot ladder); a page per bot with its ratings
// and games; bots stay out of quick match and the people's leaderboard unless a person
// challenges them. A real server on port 0, SQLite.
import { tempDir, until } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { LineStream, postMove, simpleMove } from './bot-stream.ts';
import { Device, register } from './device.ts';
import { api, startTestServer, type Loose } from './helpers.ts';

describe('bots marked as bots', () => {
  let server: RunningServer;
  const tmp = tempDir();
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer({
      ZILCH_DATA_DIR: tmp.dir,
      ZILCH_AUTH_RATE_LIMIT: '100000',
      ZILCH_RATE_LIMIT: '100000',
      ZILCH_LEADERBOARD_MIN_GAMES: '1',
    });
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  /** A signed-in account with a unique name. */
  async function account(prefix: string) {
    const d = new Device(() => server.url);
    const made = await d.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(d, new SoftPasskey(server.url))).status).toBe(201);
    const name = `${prefix}${++n}`;
    await d.call('POST', '/api/account/profile', { name });
    return { d, id: made.body.user.id as string, name };
  }

  /** A bot account with a token of every scope. */
  async function bot(prefix = 'Marked') {
    const a = await account(prefix);
    await a.d.call('POST', '/api/account/bot', { confirm: true });
    const token = (
      await a.d.call('POST', '/api/account/bot/tokens', {
        label: 'l',
        scopes: ['bot:play', 'challenge:write', 'read'],
      })
    ).body.token as string;
    return { ...a, token };
  }

  const call = (token: string, method: string, path: string, body?: unknown) =>
    api(server.url, method, path, body, { authorization: `Bearer ${token}` });

  /** Plays one seat from its stream to the end; answers the first full view. */
  async function playSeat(token: string, gameId: string): Promise<Loose> {
    const s = await LineStream.open(server.url, `/api/bot/game/stream/${gameId}`, token);
    const first = await s.next((l) => l.type === 'gameFull');
    let at = 0;
    let k = 0;
    for (;;) {
      const line = await s.next(
        (l) => l.type === 'closed' || (l.choices?.length ?? 0) > 0,
        at,
        60_000,
      );
      at = s.lines.indexOf(line) + 1;
      if (line.type === 'closed') return first.view;
      const r = await postMove(server.url, gameId, token, {
        clientId: `k${++k}`,
        move: simpleMove(line.choices),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  }

  it('a built-in bot takes a rated challenge as an account at once; the game rates both on the bot ladder and shows on both pages', async () => {
    const a = await bot('Ladder');
    const sent = await call(a.token, 'POST', '/api/bot/challenge', {
      to: { userId: 'zilch-expected' },
      rules: 'classic',
      rated: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'accepted',
      rated: true,
      from: { id: a.id, bot: true },
      to: { id: 'zilch-expected', name: 'zilch-expected', bot: true },
    });
    const gameId = sent.body.gameId as string;
    expect(gameId).toBeTruthy();
    const view = await playSeat(a.token, gameId);
    // Both seats are bots: the API bot's by its account, the built-in one by its kind.
    expect(view.seats[0]).toMatchObject({ kind: 'human', botAccount: a.id, name: a.name });
    expect(view.seats[1]).toMatchObject({
      kind: 'bot',
      bot: 'expected',
      botAccount: 'zilch-expected',
      name: 'zilch-expected',
    });

    let board: Loose = null;
    await until(async () => {
      board = (await api(server.url, 'GET', '/api/bot/leaderboard?preset=classic')).body;
      return board.rows.length === 2;
    });
    const house = board.rows.find((r: Loose) => r.botId === 'zilch-expected');
    expect(house).toMatchObject({ bot: true, house: 'expected', games: 1 });
    expect(board.rows.find((r: Loose) => r.botId === a.id)).toMatchObject({ bot: true, games: 1 });

    const page = await api(server.url, 'GET', '/api/bot/players/zilch-expected');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: 'zilch-expected', bot: true, house: 'expected' });
    expect(page.body.ratings).toEqual([expect.objectContaining({ preset: 'classic', games: 1 })]);
    expect(page.body.games[0]).toMatchObject({
      gameId,
      seat: 1,
      status: 'over',
      preset: 'classic',
      opponent: { name: a.name, bot: true },
    });
    const mine = (await api(server.url, 'GET', `/api/bot/players/${a.id}`)).body;
    expect(mine).toMatchObject({ id: a.id, house: null });
    expect(mine.games[0]).toMatchObject({
      gameId,
      seat: 0,
      opponent: { name: 'zilch-expected', bot: true },
    });
    // One wins and the other loses, unless the last turn ended level: then both drew.
    const results = [mine.games[0].result, page.body.games[0].result].sort();
    expect([
      ['draw', 'draw'],
      ['loss', 'win'],
    ]).toContainEqual(results);

    const profile = (await api(server.url, 'GET', `/api/players/${a.id}/ratings`)).body;
    expect(profile.player.bot).toBe(true);
    expect(profile.history[0]).toMatchObject({
      gameId,
      opponent: 'zilch-expected',
      opponentBotAccount: 'zilch-expected',
    });

    const people = (await api(server.url, 'GET', '/api/leaderboard?preset=classic')).body;
    expect(JSON.stringify(people)).not.toContain('zilch-expected');
    expect(JSON.stringify(people)).not.toContain(a.id);
  }, 120_000);

  it('a person may challenge a built-in bot too; a person has no bot page', async () => {
    const p = await account('Person');
    const sent = await p.d.call('POST', '/api/account/challenges', {
      to: { userId: 'zilch-cautious' },
      rules: 'classic',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'accepted', to: { bot: true } });
    expect(sent.body.from.bot).toBeUndefined();
    const seat = await p.d.call('POST', `/api/account/challenges/${sent.body.id}/seat`);
    expect(seat.status, JSON.stringify(seat.body)).toBe(200);
    expect(seat.body).toMatchObject({ gameId: sent.body.gameId, seat: 0 });
    const view = await api(server.url, 'GET', `/api/games/${seat.body.gameId}`);
    expect(view.body.seats.map((s: Loose) => [s.kind, s.bot, s.botAccount, s.name])).toEqual([
      ['human', undefined, undefined, p.name],
      ['bot', 'cautious', 'zilch-cautious', 'zilch-cautious'],
    ]);
    const none = await api(server.url, 'GET', `/api/bot/players/${p.id}`);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('NOT_FOUND');
  });

  it('a bot account is marked in a person’s challenges, friends and search, and at the table', async () => {
    const p = await account('Human');
    const b = await bot('Friendly');
    const asked = await p.d.call('POST', '/api/account/friends', { to: { userId: b.id } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await b.d.call('POST', `/api/account/friends/${p.id}/accept`)).status).toBe(200);
    const friends = (await p.d.call('GET', '/api/account/friends')).body;
    expect(friends.friends).toEqual([expect.objectContaining({ id: b.id, bot: true })]);
    const theirs = (await b.d.call('GET', '/api/account/friends')).body;
    expect(theirs.friends[0].bot).toBeUndefined();
    const found = (await p.d.call('GET', `/api/account/friends/search?q=${b.name}`)).body;
    expect(found.players).toEqual([expect.objectContaining({ id: b.id, bot: true })]);

    const sent = await p.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: 'classic',
    });
    expect(sent.body.to.bot).toBe(true);
    const acc = await call(b.token, 'POST', `/api/bot/challenge/${sent.body.id}/accept`);
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    const seat = await p.d.call('POST', `/api/account/challenges/${sent.body.id}/seat`);
    const view = await api(server.url, 'GET', `/api/games/${seat.body.gameId}`);
    expect(view.body.seats[0].botAccount).toBeUndefined();
    expect(view.body.seats[1]).toMatchObject({ kind: 'human', botAccount: b.id, name: b.name });
  });

  it('a bot account in a tournament is marked among the entrants, in the standings and at its table', async () => {
    const p = await account('Host');
    const b = await bot('Entrant');
    const made = await p.d.call('POST', '/api/account/tournaments', {
      name: 'Bot cup',
      rules: 'classic',
      format: 'swiss',
      players: 4,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.id as string;
    expect((await b.d.call('POST', `/api/account/tournaments/${id}/join`)).status).toBe(200);
    const started = await p.d.call('POST', `/api/account/tournaments/${id}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    let t: Loose = null;
    await until(async () => {
      t = (await p.d.call('GET', `/api/account/tournaments/${id}`)).body;
      return t.games.some((g: Loose) => g.gameId && (g.a === b.id || g.b === b.id));
    });
    expect(t.people.find((e: Loose) => e.id === b.id).bot).toBe(true);
    expect(t.people.find((e: Loose) => e.id === p.id).bot).toBe(false);
    expect(t.standings.find((e: Loose) => e.id === b.id).bot).toBe(true);
    expect(t.standings.find((e: Loose) => e.id === p.id).bot).toBeUndefined();
    const board = t.games.find((g: Loose) => g.a === b.id || g.b === b.id);
    const view = (await api(server.url, 'GET', `/api/games/${board.gameId}`)).body;
    expect(view.seats.find((s: Loose) => s.name === b.name).botAccount).toBe(b.id);
  });

  it('keeps bots out of quick match: making an account a bot takes it out of the queue', async () => {
    const a = await account('Queued');
    const q = await a.d.call('POST', '/api/account/match', { preset: 'classic', rated: false });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.state).toBe('waiting');
    await a.d.call('POST', '/api/account/bot', { confirm: true });
    const after = await a.d.call('GET', '/api/account/match');
    expect(after.body.state).toBe('idle');
    const again = await a.d.call('POST', '/api/account/match', { preset: 'classic', rated: false });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('BOT_ACCOUNT');
  });

  it('documents the bot page route', async () => {
    const paths = (await api(server.url, 'GET', '/api/openapi.json')).body.paths as Loose;
    expect(paths['/api/bot/players/{id}']).toBeDefined();
  });
});
