// Issue 25, item 5: practice games — you against a chosen bot, never rated — and hints: the coach
// for one decision, counted by the server for the practising seat only, kept with the game, and
// refused on other tables and off your turn. On a real server, SQLite and PostgreSQL.
import { preset } from '@zilch/engine';
import { dropSchema, newSchema, postgresUrl, tempDir, until } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { api, playToEnd, startTestServer, storesFor, type Loose } from './helpers.ts';

// A small target keeps the game short; the practising seat (seat 0) starts.
const rules = { ...preset('serendipity-creak'), target: 1500, firstPlayer: 'seat-1' };

const pgUrl = await postgresUrl();
const schema = newSchema('zilch_practice');

/** Starts a practice table against `bot` and claims its seat; answers the game id and token. */
async function practise(base: string, body: Record<string, unknown>) {
  const r = await api(base, 'POST', '/api/practice', body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const seat = r.body.seat as number;
  const token = (r.body.created.seats as Loose[]).find((s) => s.seat === seat).token as string;
  const gameId = r.body.created.gameId as string;
  const claim = await api(base, 'POST', `/api/games/${gameId}/claim`, { token, name: 'Pupil' });
  expect(claim.status, JSON.stringify(claim.body)).toBe(200);
  return { gameId, token, seat };
}

describe.each(storesFor(pgUrl, schema))('practice and hints on %s', (_name, env) => {
  const data = tempDir();
  const cache = tempDir();
  let server: RunningServer;
  let base: string;
  const start = async () => {
    // Bots wait a little before each move, so the bot's turn can be caught in the middle.
    server = await startTestServer({
      ZILCH_DATA_DIR: data.dir,
      ZILCH_CACHE_DIR: cache.dir,
      ZILCH_BOT_DELAY_MS: '150',
      ...env,
    });
    base = server.url;
  };
  beforeAll(start);
  afterAll(async () => {
    await server?.close();
    data.cleanup();
    cache.cleanup();
    if (env.DATABASE_URL) await dropSchema(env.DATABASE_URL, schema);
  });

  it('counts hints for the practising seat once per decision, keeps them, and never rates the game', async () => {
    const { gameId, token } = await practise(base, { bot: 'random', rules, name: 'Pupil' });
    const info = await api(base, 'GET', `/api/games/${gameId}/practice`);
    expect(info.body).toEqual({ gameId, seat: 0, bot: 'random', hints: 0 });
    const view = (await api(base, 'GET', `/api/games/${gameId}`)).body as Loose;
    expect(view.seats.map((s: Loose) => s.kind)).toEqual(['human', 'bot']);

    const first = await api(base, 'POST', `/api/games/${gameId}/hint`, { token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.hints).toBe(1);
    expect(first.body.seq).toBe(view.seq);
    expect(first.body.advice.options.length).toBeGreaterThan(0);
    expect(first.body.advice.options[0].move.type).toBe('roll');
    // The same decision asked again (a reload, a second tab) is one hint.
    const again = await api(base, 'POST', `/api/games/${gameId}/hint`, { token });
    expect(again.body.hints).toBe(1);

    // The next decision is a second hint.
    const rolled = await api(base, 'POST', `/api/games/${gameId}/actions`, {
      token,
      clientId: 'p1',
      action: { type: 'roll' },
    });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    const v2 = (await api(base, 'GET', `/api/games/${gameId}`)).body as Loose;
    if (v2.state.current === 0) {
      const second = await api(base, 'POST', `/api/games/${gameId}/hint`, { token });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body.hints).toBe(2);
    } else {
      // A zilch on the first roll passed the turn to the bot: no hint now.
      const refused = await api(base, 'POST', `/api/games/${gameId}/hint`, { token });
      expect(refused.body.code).toBe('NOT_YOUR_TURN');
    }
    const used = (await api(base, 'GET', `/api/games/${gameId}/practice`)).body.hints as number;
    expect(used).toBeGreaterThanOrEqual(1);

    // A spectator's link and an unknown token open no practising seat.
    const created = (await api(base, 'GET', `/api/games/${gameId}/practice`)).body as Loose;
    expect(created.seat).toBe(0);
    const stranger = await api(base, 'POST', `/api/games/${gameId}/hint`, { token: 'nope' });
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('UNAUTHORIZED');

    await playToEnd(base, gameId, token);
    const over = await api(base, 'POST', `/api/games/${gameId}/hint`, { token });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('GAME_OVER');
    expect((await api(base, 'GET', `/api/games/${gameId}/practice`)).body.hints).toBe(used);
    const rating = await api(base, 'GET', `/api/games/${gameId}/rating`);
    expect(rating.body.rated).toBe(false);

    // Kept with the game: a restarted server reads the same count.
    await server.close();
    await start();
    expect((await api(base, 'GET', `/api/games/${gameId}/practice`)).body.hints).toBe(used);
  });

  it("refuses a hint off the practising seat's turn", async () => {
    // A zilch on the first roll hands the turn to the bot, which waits before each move: its turn
    // is still on when the hint is asked.
    const { gameId, token } = await practise(base, { bot: 'cautious', rules });
    const dice = await api(base, 'POST', `/api/test/games/${gameId}/dice`, {
      rolls: [[2, 3, 4, 6, 2, 3]],
    });
    expect(dice.status).toBe(200);
    const rolled = await api(base, 'POST', `/api/games/${gameId}/actions`, {
      token,
      clientId: 'z1',
      action: { type: 'roll' },
    });
    expect(rolled.body.view.state.current).toBe(1);
    const r = await api(base, 'POST', `/api/games/${gameId}/hint`, { token });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('NOT_YOUR_TURN');
    expect(r.body.message).toMatch(/your turn/);
    expect((await api(base, 'GET', `/api/games/${gameId}/practice`)).body.hints).toBe(0);
  });

  it('refuses hints with a clear error on a table that is not practice', async () => {
    const t = (
      await api(base, 'POST', '/api/games', {
        rules,
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
      })
    ).body as Loose;
    const token = t.seats[0].token as string;
    expect(
      (await api(base, 'POST', `/api/games/${t.gameId}/claim`, { token, name: 'Al' })).status,
    ).toBe(200);
    await until(async () => {
      const v = (await api(base, 'GET', `/api/games/${t.gameId}`)).body as Loose;
      return v.status === 'playing' && v.state.current === 0;
    }, 10_000);
    const r = await api(base, 'POST', `/api/games/${t.gameId}/hint`, { token });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('NOT_PRACTICE');
    expect(r.body.message).toMatch(/practice games/);
    expect((await api(base, 'GET', `/api/games/${t.gameId}/practice`)).body.code).toBe(
      'NOT_PRACTICE',
    );
    const none = await api(base, 'POST', '/api/games/nosuchgame/hint', { token });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('NOT_FOUND');
  });

  it('refuses a practice request naming no known bot or rules', async () => {
    const r = await api(base, 'POST', '/api/practice', {
      bot: 'genius',
      rules: 'serendipity-creak',
    });
    expect(r.status).toBe(400);
    const bad = await api(base, 'POST', '/api/practice', { bot: 'random', rules: 'no-such-rules' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_RULES');
  });
});
