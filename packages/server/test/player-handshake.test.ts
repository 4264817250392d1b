// Issue 23, item 6: the crash suite once stalled with a scripted player that never got its socket
// back. A server SIGKILLed between the websocket's opening and its answer to the namespace connect
// closes the transport; socket.io reports that as `disconnect`, never `connect` or
// `connect_error`, and the player waited for one of those forever. These servers drop the
// transport at exactly that moment.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, handshake, newStats, openSocket, Player, playerSocket } from '@zilch/testkit';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

/** A socket.io server that drops the first `drops` connections before answering their connect. */
async function dropping(drops: number): Promise<{ url: string; attempts: () => number }> {
  const http = createServer();
  const server = new Server(http, { transports: ['websocket'] });
  let attempts = 0;
  server.use((socket, next) => {
    attempts += 1;
    if (attempts <= drops) socket.conn.close();
    else next();
  });
  // Just enough of `join` for a player to take its seat: a game nobody plays yet.
  server.on('connection', (socket) => {
    socket.on('join', (_: unknown, ack: (a: unknown) => void) =>
      ack({ ok: true, view: { id: 'g', version: 1, seq: 0, status: 'waiting', you: null } }),
    );
  });
  await new Promise<void>((res) => http.listen(0, '127.0.0.1', res));
  closers.push(() => new Promise((res) => void server.close(() => res())));
  const { port } = http.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, attempts: () => attempts };
}

describe('a scripted player whose server dies during the handshake', () => {
  it('hears of it at once: the handshake ends unconnected, well before its deadline', async () => {
    const { url } = await dropping(1);
    const s = playerSocket(url);
    const started = Date.now();
    const how = await handshake(s, 30_000);
    s.close();
    expect(how).toBe('dropped');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('connects again and takes its seat', async () => {
    const { url, attempts } = await dropping(2);
    const stats = newStats();
    const p = new Player({ gameId: 'g', token: 't', urls: [url], think: () => 0, stats });
    closers.push(async () => p.close());
    await p.start();
    expect(attempts()).toBe(3);
    expect(stats.handshakesLost).toBe(2);
    expect(p.lastView?.id).toBe('g');
  });

  it("is no hang for the testkit's other clients either", async () => {
    const { url } = await dropping(2);
    await expect(connect(url)).rejects.toThrow(/disconnected before connecting/);
    const { socket, error } = await openSocket(url);
    socket.close();
    expect(error).toMatch(/disconnected before connecting/);
  });

  it('gives up a handshake nobody answers after its deadline', async () => {
    const http = createServer();
    const server = new Server(http, { transports: ['websocket'] });
    // Never calls next: the namespace connect is never answered.
    server.use(() => undefined);
    await new Promise<void>((res) => http.listen(0, '127.0.0.1', res));
    closers.push(() => new Promise((res) => void server.close(() => res())));
    const { port } = http.address() as AddressInfo;
    const s = playerSocket(`http://127.0.0.1:${port}`);
    const how = await handshake(s, 300);
    s.close();
    expect(how).toBe('silent');
  });
});
