// The bot API on two server processes sharing PostgreSQL and Redis (issue 27): a bot streams its
// game from one process while it moves through the other, sees every change once and in order,
// and a token revoked on one process ends the stream on the other within its check period.
import { afterAll, describe, expect, it } from 'vitest';
import {
  dropSchema,
  newSchema,
  postgresUrl,
  redisUrl,
  spawnServer,
  type ServerProcess,
} from '@zilch/testkit';
import { SoftPasskey } from './authenticator.ts';
import { LineStream, postMove, simpleMove } from './bot-stream.ts';
import { Device, register } from './device.ts';
import { api } from './helpers.ts';

const pgUrl = await postgresUrl();
const redis = await redisUrl();
const schema = newSchema('zilch_botcluster');
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  if (pgUrl) await dropSchema(pgUrl, schema);
});

describe.skipIf(!pgUrl || !redis)('the bot API on two processes (PostgreSQL + Redis)', () => {
  it('streams a game from one process while moves go through the other; a revoke on one cuts the other', async () => {
    const env = {
      DATABASE_URL: pgUrl as string,
      ZILCH_PG_SCHEMA: schema,
      REDIS_URL: redis as string,
      ZILCH_BOT_DELAY_MS: '0',
      ZILCH_RATE_LIMIT: '100000',
    };
    const one = await spawnServer(env);
    servers.push(one);
    const two = await spawnServer(env);
    servers.push(two);

    const d = new Device(() => one.url);
    await d.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(d, new SoftPasskey(one.url))).status).toBe(201);
    await d.call('POST', '/api/account/profile', { name: 'TwoProc' });
    await d.call('POST', '/api/account/bot', { confirm: true });
    const t = (
      await d.call('POST', '/api/account/bot/tokens', { label: 'c', scopes: ['bot:play'] })
    ).body;
    const auth = { authorization: `Bearer ${t.token}` };

    const g = (await api(one.url, 'POST', '/api/bot/challenge/ai', { bot: 'expected' }, auth)).body;
    const s = await LineStream.open(two.url, `/api/bot/game/stream/${g.gameId}`, t.token);
    let at = 0;
    let k = 0;
    for (;;) {
      const line = await s.next(
        (l) => l.type === 'closed' || (l.choices?.length ?? 0) > 0,
        at,
        30_000,
      );
      at = s.lines.indexOf(line) + 1;
      if (line.type === 'closed') break;
      const r = await postMove(one.url, g.gameId, t.token, {
        clientId: `c${++k}`,
        move: simpleMove(line.choices),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const seqs = s.lines.filter((l) => l.type === 'gameState').map((l) => l.seq);
    const log = (await api(one.url, 'GET', `/api/games/${g.gameId}/log`)).body;
    expect(seqs).toEqual(log.seqs);

    // Revoked through one process, the stream on the other ends at its next check.
    const g2 = (await api(one.url, 'POST', '/api/bot/challenge/ai', { bot: 'random' }, auth)).body;
    const events = await LineStream.open(two.url, '/api/bot/stream/event', t.token);
    const live = await LineStream.open(two.url, `/api/bot/game/stream/${g2.gameId}`, t.token);
    await live.next((l) => l.type === 'gameFull');
    const started = Date.now();
    expect((await d.call('DELETE', `/api/account/bot/tokens/${t.id}`)).status).toBe(200);
    await Promise.all([live.closed(3000), events.closed(3000)]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(live.lines.at(-1)).toEqual({ type: 'closed', reason: 'revoked' });
    expect((await api(two.url, 'GET', '/api/bot/account', undefined, auth)).status).toBe(401);
  }, 120_000);
});
