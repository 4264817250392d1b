import { afterAll, describe, expect, it } from 'vitest';
import {
  dropSchema,
  newSchema,
  postgresUrl,
  redisUrl,
  spawnServer,
  type ServerProcess,
} from '@zilch/testkit';
import { api, client } from './helpers.ts';

const pgUrl = await postgresUrl();
const redis = await redisUrl();
const schema = newSchema();
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  if (pgUrl) await dropSchema(pgUrl, schema);
});

describe.skipIf(!pgUrl || !redis)('two server processes sharing PostgreSQL and Redis', () => {
  it("a client on each plays one game; each sees the other's actions", async () => {
    const env = {
      PORT: '0',
      DATABASE_URL: pgUrl as string,
      ZILCH_PG_SCHEMA: schema,
      REDIS_URL: redis as string,
      ZILCH_TEST_DICE: '1',
      ZILCH_BOT_DELAY_MS: '0',
    };
    const one = await spawnServer(env);
    servers.push(one);
    const two = await spawnServer(env);
    servers.push(two);

    const t = (
      await api(one.url, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      })
    ).body;
    const [tok0, tok1] = [t.seats[0].token, t.seats[1].token];
    const a = await client(one.url);
    const b = await client(two.url);
    await a.ask('join', { gameId: t.gameId, token: tok0 });
    await b.ask('join', { gameId: t.gameId, token: tok1 });
    // Claims on different processes; the start is seen on both.
    await api(one.url, 'POST', `/api/games/${t.gameId}/claim`, { token: tok0, name: 'Uno' });
    await api(two.url, 'POST', `/api/games/${t.gameId}/claim`, { token: tok1, name: 'Dos' });
    await a.waitFor((u) => u.view.status === 'playing');
    await b.waitFor((u) => u.view.status === 'playing');

    // Play until each human has acted at least twice; every action must reach the other process's client.
    const acted = [0, 0];
    const botMoved = (c: typeof a) =>
      c.updates.some((u) => u.events.some((e: { seat?: number }) => e.seat === 2));
    for (let step = 0; step < 400 && (acted[0]! < 2 || acted[1]! < 2 || !botMoved(a)); step++) {
      const v = (await api(two.url, 'GET', `/api/games/${t.gameId}`)).body;
      if (v.status === 'over') break;
      const seat: number = v.state.current;
      if (seat === 2) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const [me, them] = seat === 0 ? [a, b] : [b, a];
      const action =
        v.state.phase === 'choose'
          ? { type: 'fresh' }
          : v.state.phase === 'keep'
            ? { type: 'keep', dice: keepable(v.state.turn.roll), then: 'bank' }
            : { type: 'roll' };
      const ack = await me.ask('action', {
        gameId: t.gameId,
        clientId: `s${seat}-${v.seq}`,
        action,
      });
      if (!ack.ok) {
        // A bank below the minimum: keep and roll instead.
        if (action.type === 'keep')
          await me.ask('action', {
            gameId: t.gameId,
            clientId: `r${seat}-${v.seq}`,
            action: { ...action, then: 'roll' },
          });
        continue;
      }
      const seen = await them.waitFor((u) => u.seq === ack.seq);
      expect(seen.view.you).toBe(seat === 0 ? 1 : 0);
      acted[seat]! += 1;
    }
    expect(acted[0]).toBeGreaterThanOrEqual(2);
    expect(acted[1]).toBeGreaterThanOrEqual(2);
    // The bot seat's moves (driven by whichever process holds the lease) reach both clients.
    expect(botMoved(a)).toBe(true);
    await b.waitFor((u) => u.events.some((e: { seat?: number }) => e.seat === 2));
    a.close();
    b.close();
  }, 120_000);
});

/** Positions of scoring dice: every 1 and 5, else the first triple. */
function keepable(roll: number[]): number[] {
  const ones = roll.flatMap((d, i) => (d === 1 || d === 5 ? [i] : []));
  if (ones.length > 0) return ones;
  for (let f = 1; f <= 6; f++) {
    const at = roll.flatMap((d, i) => (d === f ? [i] : []));
    if (at.length >= 3) return at.slice(0, 3);
  }
  return [0];
}
