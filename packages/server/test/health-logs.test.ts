// Health checks come every few seconds from nginx, systemd timers or a monitor: each is one line
// at debug, so an info log shows requests people made and a failing check still shows.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { testDirs } from '@zilch/testkit';

interface Line {
  level: number;
  msg: string;
  req?: { url: string };
  res?: { statusCode: number };
  reqId?: string;
}

const lines: Line[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString('utf8').split('\n')) if (l) lines.push(JSON.parse(l) as Line);
    done();
  },
});
let server: RunningServer;
beforeAll(async () => {
  const c = loadConfig({
    // The run's sandbox: a test server never writes ./data.
    ...testDirs(),
    PORT: '0',
    HOST: '127.0.0.1',
    ZILCH_WEB_DIR: '/nonexistent',
    ZILCH_PRELOAD_SOLUTIONS: '0',
  });
  if (!c.ok) throw new Error(c.message);
  server = await startServer(c.config, pino({ level: 'debug' }, sink));
});
afterAll(async () => {
  await server.close();
});

/** The request ids of the log lines of requests to `path`, with those lines. */
async function linesOf(path: string): Promise<Line[]> {
  lines.length = 0;
  const r = await fetch(`${server.url}${path}`);
  await r.arrayBuffer();
  await new Promise((done) => setTimeout(done, 50));
  const ids = new Set(lines.filter((l) => l.req?.url === path).map((l) => l.reqId));
  const all = lines.filter((l) => l.reqId !== undefined && ids.has(l.reqId));
  // A health check has no `req` line: find its one line by message.
  return all.length > 0 ? all : lines.filter((l) => l.msg.startsWith('health check'));
}

describe('request logging', () => {
  it('writes one debug line per health check', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const got = await linesOf(path);
      expect(got, path).toHaveLength(1);
      expect(got[0]).toMatchObject({ level: 20, msg: 'health check', res: { statusCode: 200 } });
    }
  });

  it('still writes two info lines for any other request', async () => {
    const got = await linesOf('/api/rules');
    expect(got.map((l) => [l.level, l.msg])).toEqual([
      [30, 'incoming request'],
      [30, 'request completed'],
    ]);
  });
});
