// Two processes on one PostgreSQL store whose invalidations never arrive (no Redis here, as when
// one is lost while a process restarts): a person plays their turn through the process that does
// not drive the table, and the driving process, whose copy in memory is now behind, must still
// notice from the store and play the bot's turn, instead of waiting on it for ever.
import { legalActions, preset, type Action, type GameState } from '@zilch/engine';
import { dropSchema, newSchema, postgresUrl, tempDir, until } from '@zilch/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { api, startTestServer, type Loose } from './helpers.ts';

const pgUrl = await postgresUrl();
const schema = newSchema('zilch_lost');

/** The intent that ends the person's turn soonest: bank if it can, else the first option. */
function quickMove(state: GameState): Omit<Action, 'seat'> | undefined {
  const moves = legalActions(state);
  const move =
    moves.find((m) => m.type === 'bank') ??
    moves.find((m) => m.type === 'keep' && m.then === 'bank') ??
    moves.find((m) => m.type === 'fresh') ??
    moves[0];
  if (!move) return undefined;
  // Clients send intents: the server knows whose seat a token is.
  const { seat: _seat, ...intent } = move;
  return intent;
}

describe.skipIf(!pgUrl)('a lost invalidation between two processes', () => {
  const servers: RunningServer[] = [];
  const tmp = tempDir();
  afterAll(async () => {
    for (const s of servers) await s.close();
    tmp.cleanup();
    await dropSchema(pgUrl!, schema);
  });

  it("the driving process sees from the store that a turn was played elsewhere, and plays the bot's", async () => {
    const env = {
      DATABASE_URL: pgUrl!,
      ZILCH_PG_SCHEMA: schema,
      ZILCH_DATA_DIR: tmp.dir,
      ZILCH_LEASE_MS: '1500',
      ZILCH_RATE_LIMIT: '100000',
    };
    servers.push(await startTestServer(env));
    servers.push(await startTestServer(env));
    const [driving, other] = servers as [RunningServer, RunningServer];
    const made = await api(driving.url, 'POST', '/api/games', {
      rules: { ...preset('classic'), firstPlayer: 'seat-1' },
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
    });
    expect(made.status).toBe(201);
    const gameId = made.body.gameId as string;
    const token = made.body.seats[0].token as string;
    expect(
      (await api(other.url, 'POST', `/api/games/${gameId}/claim`, { token, name: 'P' })).status,
    ).toBe(200);
    // The driving process holds the table's lease (it made it and sees it played here first).
    await until(
      async () => (await api(driving.url, 'GET', `/api/games/${gameId}`)).body.status === 'playing',
      10_000,
      50,
    );
    // The person's whole turn, through the other process only.
    let seq = 0;
    await until(
      async () => {
        const v = (await api(other.url, 'GET', `/api/games/${gameId}`)).body as Loose;
        seq = v.seq;
        if (v.state.current !== 0) return true;
        const action = quickMove(v.state as GameState);
        if (action)
          await api(other.url, 'POST', `/api/games/${gameId}/actions`, {
            token,
            clientId: `p${v.seq}`,
            action,
          });
        return false;
      },
      20_000,
      20,
    );
    // The driving process catches up from the store and plays the bot's turn: its log grows
    // past the person's last move.
    await until(
      async () => (await api(driving.url, 'GET', `/api/games/${gameId}`)).body.seq > seq,
      10_000,
      100,
    );
  }, 60_000);
});
