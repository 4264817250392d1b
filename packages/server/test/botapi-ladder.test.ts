// The bot ladder (issue 27, item 4): two bot accounts play a rated challenge through the API;
// the result rates both on the bot leaderboard of the preset and on no leaderboard of people.
import { tempDir, until } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { LineStream, postMove, simpleMove } from './bot-stream.ts';
import { Device, register } from './device.ts';
import { api, type Loose } from './helpers.ts';
import { startTestServer } from './helpers.ts';

describe('the bot ladder', () => {
  let server: RunningServer;
  const tmp = tempDir();
  beforeAll(async () => {
    server = await startTestServer({
      ZILCH_DATA_DIR: tmp.dir,
      ZILCH_AUTH_RATE_LIMIT: '100000',
      ZILCH_RATE_LIMIT: '100000',
      // One rated game would list a person: the bots' absence is then the filter's doing.
      ZILCH_LEADERBOARD_MIN_GAMES: '1',
    });
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  async function bot(name: string) {
    const d = new Device(() => server.url);
    const made = await d.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(d, new SoftPasskey(server.url))).status).toBe(201);
    await d.call('POST', '/api/account/profile', { name });
    await d.call('POST', '/api/account/bot', { confirm: true });
    const token = (
      await d.call('POST', '/api/account/bot/tokens', {
        label: 'l',
        scopes: ['bot:play', 'challenge:write'],
      })
    ).body.token as string;
    return { id: made.body.user.id as string, token };
  }

  /** Plays one seat of a game from its stream until the game is over. */
  async function seat(token: string, gameId: string): Promise<void> {
    const s = await LineStream.open(server.url, `/api/bot/game/stream/${gameId}`, token);
    let at = 0;
    let k = 0;
    for (;;) {
      const line = await s.next(
        (l) => l.type === 'closed' || (l.choices?.length ?? 0) > 0,
        at,
        60_000,
      );
      at = s.lines.indexOf(line) + 1;
      if (line.type === 'closed') return;
      const r = await postMove(server.url, gameId, token, {
        clientId: `k${++k}`,
        move: simpleMove(line.choices),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  }

  it('a rated game between two bots puts both on the bot ladder, and neither on the people’s', async () => {
    const [a, b] = [await bot('LadderA'), await bot('LadderB')];
    const sent = await api(
      server.url,
      'POST',
      '/api/bot/challenge',
      { to: { userId: b.id }, rules: 'classic', rated: true },
      { authorization: `Bearer ${a.token}` },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.to.bot).toBe(true);
    const acc = await api(
      server.url,
      'POST',
      `/api/bot/challenge/${sent.body.id}/accept`,
      undefined,
      {
        authorization: `Bearer ${b.token}`,
      },
    );
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    await Promise.all([seat(a.token, acc.body.gameId), seat(b.token, acc.body.gameId)]);

    let board: Loose = null;
    await until(async () => {
      board = (await api(server.url, 'GET', '/api/bot/leaderboard?preset=classic')).body;
      return board.rows.length === 2;
    });
    expect(board.rows.map((r: Loose) => r.botId).sort()).toEqual([a.id, b.id].sort());
    expect(board.rows.every((r: Loose) => r.games === 1)).toBe(true);
    // One win between them, or none when the rules let a tie stand (a shared win rates as a draw).
    const over = (await api(server.url, 'GET', `/api/games/${acc.body.gameId}`)).body;
    const shared = over.state.winners.length === 2;
    expect(board.rows[0].wins + board.rows[1].wins).toBe(shared ? 0 : 1);
    const people = (await api(server.url, 'GET', '/api/leaderboard?preset=classic')).body;
    expect(JSON.stringify(people)).not.toContain(a.id);
    expect(JSON.stringify(people)).not.toContain(b.id);
  }, 300_000);
});
