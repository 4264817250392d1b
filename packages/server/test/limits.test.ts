import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '@zilch/testkit';
import type { RunningServer } from '../src/server.ts';
import { api, client, startTestServer } from './helpers.ts';

const tmp = tempDir();
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({
    ZILCH_DATA_DIR: tmp.dir,
    ZILCH_RATE_LIMIT: '5',
    ZILCH_SOCKET_ACTIONS_PER_SECOND: '2',
  });
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

describe('rate limits', () => {
  it('limits HTTP requests per IP with 429 {code,message}', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await api(server.url, 'GET', '/api/games')).status);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await api(server.url, 'GET', '/api/games');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    // Health checks are never limited.
    expect((await api(server.url, 'GET', '/healthz')).status).toBe(200);
  });

  it('limits messages per socket', async () => {
    const c = await client(server.url);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await c.ask('join', { gameId: 'none' }));
    const codes = answers.map((a) => a.error.code);
    expect(codes).toContain('RATE_LIMITED');
    expect(codes.indexOf('RATE_LIMITED')).toBeGreaterThanOrEqual(3);
    c.close();
  });
});
