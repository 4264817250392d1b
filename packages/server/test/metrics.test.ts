// The figures docs/operations.md and the Grafana dashboard rely on: refusals by code (HTTP and
// socket) and the strategy pool's queue and jobs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { api, client, startTestServer } from './helpers.ts';

let server: RunningServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  base = server.url;
});
afterAll(async () => {
  await server.close();
});

/** The value of one sample in the Prometheus text, 0 when absent. */
async function sample(name: string): Promise<number> {
  const text = await fetch(`${base}/metrics`).then((r) => r.text());
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

describe('operations metrics', () => {
  it('counts refusals by code, over HTTP and over sockets', async () => {
    const notFound = 'zilch_refusals_total{code="NOT_FOUND"}';
    const notJoined = 'zilch_refusals_total{code="NOT_JOINED"}';
    const before = [await sample(notFound), await sample(notJoined)];
    expect((await api(base, 'GET', '/api/games/no-such-game')).status).toBe(404);
    const c = await client(base);
    const ack = await c.ask('action', {
      gameId: 'no-such-game',
      clientId: 'c1',
      action: { type: 'roll' },
    });
    c.close();
    expect(ack?.error?.code).toBe('NOT_JOINED');
    expect(await sample(notFound)).toBe((before[0] as number) + 1);
    expect(await sample(notJoined)).toBe((before[1] as number) + 1);
  });

  it('shows the strategy queue and counts advice jobs by result', async () => {
    const t = (
      await api(base, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      })
    ).body;
    const view = (await api(base, 'GET', `/api/games/${t.gameId}`)).body;
    const done = 'zilch_strategy_jobs_total{kind="advice",result="done"}';
    const before = await sample(done);
    const advice = await api(base, 'POST', '/api/advice', { state: view.state, mode: 'points' });
    expect(advice.status).toBe(200);
    expect(await sample(done)).toBe(before + 1);
    const text = await fetch(`${base}/metrics`).then((r) => r.text());
    expect(text).toMatch(/^zilch_strategy_queue \d+$/m);
  });
});
