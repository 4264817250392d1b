// SIGTERM drains end (issue 23, item 3): a real server process with clients holding sockets
// open exits within 10 s, logging each step; a step that stalls is cut at the deadline, named.
import { connect, createServer, type Server, type Socket as NetSocket } from 'node:net';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createGame,
  dropSchema,
  newSchema,
  openSocket,
  postgresUrl,
  redisUrl,
  spawnServer,
  tempDir,
  type ServerProcess,
  type Socket,
} from '@zilch/testkit';
import { runDrain } from '../src/drain.ts';

const pgUrl = await postgresUrl();
const redis = await redisUrl();
const schema = newSchema();
const tmp = tempDir('zilch-drain-');
const held: NetSocket[] = [];
const sockets: Socket[] = [];
const proxies: Server[] = [];
afterAll(async () => {
  for (const s of held) s.destroy();
  for (const s of sockets) s.close();
  for (const p of proxies) p.close();
  tmp.cleanup();
  if (pgUrl) await dropSchema(pgUrl, schema);
});

/**
 * A TCP proxy to `port` that can stall: from `stall()` on it forwards nothing either way but
 * keeps every connection open, as a hung Redis or database (or the network to it) does.
 */
async function stallingProxy(port: number): Promise<{ port: number; stall(): void }> {
  let stalled = false;
  const server = createServer((client) => {
    const up = connect(port, '127.0.0.1');
    client.on('data', (d) => void (stalled || up.write(d)));
    up.on('data', (d) => void (stalled || client.write(d)));
    for (const [a, b] of [
      [client, up],
      [up, client],
    ] as const) {
      a.on('error', () => undefined);
      a.on('close', () => stalled || b.destroy());
    }
    held.push(client, up);
  });
  proxies.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as { port: number }).port,
    stall: () => void (stalled = true),
  };
}

/** A raw TCP client that sends `text` and then nothing more, keeping the connection open. */
function hold(port: number, text: string): Promise<NetSocket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => {
      s.write(text);
      resolve(s);
    });
    s.on('error', () => undefined);
    s.once('error', reject);
    held.push(s);
  });
}

/** Sends SIGTERM and answers how long the process took to exit (ms) and its exit code. */
async function terminate(server: ServerProcess): Promise<{ ms: number; code: number | null }> {
  const started = performance.now();
  const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
  server.child.kill('SIGTERM');
  const code = await exited;
  return { ms: performance.now() - started, code };
}

describe('SIGTERM drain', () => {
  it('exits within 10 s while clients hold sockets open: idle, mid-request, and a live socket', async () => {
    const server = await spawnServer({ ZILCH_DATA_DIR: `${tmp.dir}/a`, LOG_LEVEL: 'info' });
    const game = await createGame(server.url, 'zilch-online', [
      { kind: 'human' },
      { kind: 'human' },
    ]);
    // An idle keep-alive connection, a request whose body never comes (the server waits for
    // it), headers that never end, and a joined socket.io client.
    await hold(server.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await hold(
      server.port,
      'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"ru',
    );
    await hold(server.port, 'GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const { socket, error } = await openSocket(server.url);
    expect(error).toBeNull();
    sockets.push(socket);
    await new Promise<void>((r) =>
      socket.emit('join', { gameId: game.gameId, token: game.seats[0]?.token }, () => r()),
    );

    const { ms, code } = await terminate(server);
    console.log(`drain with held sockets: exit ${Math.round(ms)} ms after SIGTERM`);
    expect(ms).toBeLessThan(10_000);
    expect(code).toBe(0);
    const log = server.output();
    // Every step is logged as it starts and ends, and the drain's end with its duration.
    for (const step of ['matchmaker', 'actions in flight', 'sockets', 'database'])
      expect(log).toContain(`"step":"${step}","msg":"drain step started"`);
    expect(log).toMatch(/"msg":"drain finished"/);
  });

  it('cuts a drain at its deadline, naming the step that overran, and still exits', async () => {
    const server = await spawnServer({
      ZILCH_DATA_DIR: `${tmp.dir}/b`,
      LOG_LEVEL: 'info',
      // Shorter than the sockets step's own bound: the request held open below overruns it.
      ZILCH_DRAIN_MS: '600',
    });
    await hold(
      server.port,
      'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{',
    );
    const { ms } = await terminate(server);
    console.log(`drain cut at its deadline: exit ${Math.round(ms)} ms after SIGTERM`);
    expect(ms).toBeLessThan(5000);
    // The held request keeps the sockets step past the deadline (on a very loaded machine an
    // earlier step may be the one still running at 600 ms): the log names it either way.
    expect(server.output()).toMatch(
      /drain overran its 600 ms bound in step \\?"(sockets|matchmaker|actions in flight|leases)\\?"/,
    );
  });
});

describe.skipIf(!pgUrl || !redis)('SIGTERM drain with PostgreSQL and Redis that stall', () => {
  it('exits within 10 s when both stop answering mid-game', async () => {
    const pgTarget = new URL(pgUrl as string);
    const pgProxy = await stallingProxy(Number(pgTarget.port || 5432));
    const redisProxy = await stallingProxy(Number(new URL(redis as string).port || 6379));
    pgTarget.hostname = '127.0.0.1';
    pgTarget.port = String(pgProxy.port);
    const server = await spawnServer({
      DATABASE_URL: pgTarget.href,
      ZILCH_PG_SCHEMA: schema,
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      ZILCH_BOT_DELAY_MS: '0',
      LOG_LEVEL: 'info',
    });
    // A bot table in play: its driver holds a lease and writes all the time.
    await createGame(server.url, 'zilch-online', [
      { kind: 'bot', bot: 'cautious' },
      { kind: 'bot', bot: 'cautious' },
    ]);
    await new Promise((r) => setTimeout(r, 300));
    pgProxy.stall();
    redisProxy.stall();
    const { ms } = await terminate(server);
    console.log(`drain with PostgreSQL and Redis stalled: exit ${Math.round(ms)} ms after SIGTERM`);
    expect(ms).toBeLessThan(10_000);
    // The log says which steps overran (the database and Redis ones could not finish).
    expect(server.output()).toMatch(/drain step overran|drain overran its/);
  });
});

describe('runDrain', () => {
  const quiet = pino({ level: 'silent' });

  it('goes on past a step that overruns its own bound, and logs it', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const ran: string[] = [];
    const out = await runDrain(
      [
        { name: 'stalls', ms: 50, run: () => new Promise(() => undefined) },
        { name: 'after', ms: 50, run: () => void ran.push('after') },
      ],
      2000,
      log,
      () => ran.push('forced'),
    );
    expect(out.ok).toBe(true);
    expect(ran).toEqual(['after']);
    expect(lines.join('')).toMatch(/"step":"stalls".*drain step overran/);
  });

  it('a stalled database or Redis is cut at the deadline: force runs and the step is named', async () => {
    const forced: string[] = [];
    const started = performance.now();
    const out = await runDrain(
      [
        { name: 'sockets', ms: 10, run: () => undefined },
        { name: 'database', ms: 60_000, run: () => new Promise(() => undefined) },
      ],
      150,
      quiet,
      () => forced.push('force'),
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(out).toMatchObject({ ok: false, step: 'database' });
    expect(forced).toEqual(['force']);
  });

  it('a step that throws is logged and the drain goes on', async () => {
    const ran: string[] = [];
    const out = await runDrain(
      [
        { name: 'push queue', ms: 100, run: () => Promise.reject(new Error('gone')) },
        { name: 'database', ms: 100, run: () => void ran.push('database') },
      ],
      1000,
      quiet,
      () => undefined,
    );
    expect(out.ok).toBe(true);
    expect(ran).toEqual(['database']);
  });
});
