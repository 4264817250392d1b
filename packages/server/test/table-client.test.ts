// @zilch/client's TableClient, the thin socket client for people (issue 27): it joins a seat
// with its token, plays moves (a retried client id is applied once), reads updates as an async
// iterable, refuses with the typed code, and joins again by itself after a lost connection.
import { BotApiError, TableClient, type Update } from '@zilch/client';
import { preset } from '@zilch/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choicesFor } from '../src/botapi/service.ts';
import type { RunningServer } from '../src/server.ts';
import { api, startTestServer, type Loose } from './helpers.ts';

describe('TableClient', () => {
  let server: RunningServer;
  let table: TableClient;
  beforeAll(async () => {
    server = await startTestServer();
    table = new TableClient({ server: server.url });
  });
  afterAll(async () => {
    table?.close();
    await server?.close();
  });

  it('plays a seat over the socket and rejoins after a lost connection', async () => {
    const made = (
      await api(server.url, 'POST', '/api/games', {
        // The person starts (the preset draws who does): the first move below is theirs.
        rules: { ...preset('classic'), firstPlayer: 'seat-1' },
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      })
    ).body as Loose;
    const gameId = made.gameId as string;
    const token = made.seats[0].token as string;
    const claim = { token, name: 'Ada' };
    expect((await api(server.url, 'POST', `/api/games/${gameId}/claim`, claim)).status).toBe(200);
    const view = await table.join(gameId, token);
    expect(view.you).toBe(0);
    const [first] = choicesFor(view.state, 0);
    expect(first).toBeDefined();

    const seen: Update[] = [];
    const stop = new AbortController();
    const reading = (async () => {
      for await (const u of table.updates(gameId, stop.signal)) seen.push(u);
    })();
    const until = async (pred: (u: Update) => boolean) => {
      for (let i = 0; i < 100 && !seen.some(pred); i++) await new Promise((r) => setTimeout(r, 50));
      return seen.find(pred);
    };

    // A legal move, then the same client id again: one action, the same sequence number.
    const id = crypto.randomUUID();
    const seq = await table.move(gameId, first!.move, id);
    expect(await table.move(gameId, first!.move, id)).toBe(seq);
    const moved = await until((u) => u.seq === seq);
    expect(moved?.events.length).toBeGreaterThan(0);

    // The same move under a new client id is a second one, which the rules now refuse, typed.
    const err = await table.move(gameId, first!.move).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BotApiError);
    expect((err as BotApiError).code).not.toBe('NETWORK');

    // The connection drops: socket.io reconnects, the client joins again, and the join's full
    // view reaches the reader as an update.
    const before = seen.length;
    table.socket.io.engine.close();
    const newest = Math.max(...seen.map((u) => u.version));
    const back = await until((u) => seen.indexOf(u) >= before && u.events.length === 0);
    expect(back?.view.version).toBeGreaterThanOrEqual(newest);
    stop.abort();
    await reading;
  });
});
