// Limits that follow a person, not a seat or a session (issue 23, item 4): a muted player who
// comes back as a spectator stays muted, chat reports are capped per reporter per day across
// seats and spectating, and guests are made at a bounded rate per client address. The server
// runs behind a trusted proxy on loopback, so each test address is an X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, tempDir, type Socket } from '@zilch/testkit';
import { GuestLimit } from '../src/accounts/guest-limit.ts';
import { DailyCounts } from '../src/chat/daily-counts.ts';
import { REPORTS_PER_DAY } from '../src/chat/service.ts';
import type { RunningServer } from '../src/server.ts';
import { api, startTestServer, type Loose } from './helpers.ts';

const tmp = tempDir();
let server: RunningServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({
    ZILCH_DATA_DIR: tmp.dir,
    ZILCH_TRUST_PROXY: 'loopback',
    ZILCH_GUESTS_PER_IP_HOUR: '5',
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
  tmp.cleanup();
});

/** A socket from `ip` joined to a game (with a seat's token, or as a spectator), and what it hears. */
async function joinFrom(ip: string, gameId: string, token?: string) {
  const { socket, error } = await openSocket(server.url, { 'x-forwarded-for': ip });
  expect(error).toBeNull();
  sockets.push(socket);
  const heard: string[] = [];
  socket.on('chat', (m: { text: string }) => heard.push(m.text));
  const ask = (event: string, payload: unknown) =>
    socket.timeout(5000).emitWithAck(event, payload) as Promise<Loose>;
  expect((await ask('join', { gameId, ...(token ? { token } : {}) })).ok).toBe(true);
  return { socket, heard, ask };
}

async function table(): Promise<Loose> {
  return (
    await api(server.url, 'POST', '/api/games', {
      rules: 'classic',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    })
  ).body as Loose;
}

/** Waits until the chat messages sent so far have surely been delivered. */
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('a mute follows the person', () => {
  it('a muted player back as a spectator (same address) is not heard by the seat that muted them', async () => {
    const t = await table();
    const alice = await joinFrom('198.51.100.1', t.gameId, t.seats[0].token);
    const mallory = await joinFrom('198.51.100.2', t.gameId, t.seats[1].token);
    const muted = await alice.ask('chatMute', { gameId: t.gameId, target: 1, muted: true });
    expect(muted).toEqual({ ok: true, mutes: { seats: [1], spectators: false } });
    mallory.socket.close();

    // Mallory comes back without the seat, as an anonymous spectator, and chats on.
    const ghost = await joinFrom('198.51.100.2', t.gameId);
    const other = await joinFrom('203.0.113.9', t.gameId);
    expect((await ghost.ask('chat', { gameId: t.gameId, text: 'still here' })).ok).toBe(true);
    expect((await other.ask('chat', { gameId: t.gameId, text: 'hello all' })).ok).toBe(true);
    await settle();
    expect(alice.heard).toEqual(['hello all']);
    // Everyone else still hears the spectator.
    expect(other.heard).toContain('still here');
    // Nor is it in the muting seat's history, even from a new connection.
    const again = await joinFrom('198.51.100.1', t.gameId, t.seats[0].token);
    const h = await again.ask('chatHistory', { gameId: t.gameId });
    expect(h.messages.map((m: Loose) => m.text)).toEqual(['hello all']);

    // Unmuting the seat lets the person be heard again.
    await alice.ask('chatMute', { gameId: t.gameId, target: 1, muted: false });
    await ghost.ask('chat', { gameId: t.gameId, text: 'back' });
    await settle();
    expect(alice.heard).toEqual(['hello all', 'back']);
  });
});

describe('chat reports per reporter per day', () => {
  it(`caps one address at ${REPORTS_PER_DAY} a day, across seats and spectating`, async () => {
    const t = await table();
    const speaker = await joinFrom('198.51.100.20', t.gameId, t.seats[0].token);
    const said = await speaker.ask('chat', { gameId: t.gameId, text: 'report me' });
    const messageId = said.message.id as string;
    const asSeat = await joinFrom('198.51.100.21', t.gameId, t.seats[1].token);
    const asSpectator = await joinFrom('198.51.100.21', t.gameId);
    const codes: string[] = [];
    for (let i = 0; i < REPORTS_PER_DAY + 5; i++) {
      const who = i % 2 === 0 ? asSeat : asSpectator;
      const a = await who.ask('chatReport', { gameId: t.gameId, messageId, reason: `r${i}` });
      codes.push(a.ok ? 'ok' : a.error.code);
    }
    expect(codes.filter((c) => c === 'ok')).toHaveLength(REPORTS_PER_DAY);
    expect(codes.slice(REPORTS_PER_DAY)).toEqual(Array(5).fill('RATE_LIMITED'));
    // Another reporter is not held back by that one.
    const fresh = await joinFrom('203.0.113.50', t.gameId);
    expect((await fresh.ask('chatReport', { gameId: t.gameId, messageId })).ok).toBe(true);
  });

  it('a new day starts a new count; a key over the cap counts nothing for the others', () => {
    const d = new DailyCounts(2);
    const day = 20_000 * 86_400_000;
    expect(d.spend(['person:a', 'seat:1'], day)).toBe(true);
    expect(d.spend(['person:a'], day)).toBe(true);
    // person:a is at the cap: refused, and seat:1 is not counted for the refusal.
    expect(d.spend(['person:a', 'seat:1'], day)).toBe(false);
    expect(d.spend(['seat:1'], day)).toBe(true);
    expect(d.spend(['person:a'], day + 86_400_000)).toBe(true);
  });
});

describe('guests per client address', () => {
  const join = (ip: string, cookie?: string) =>
    fetch(`${server.url}/api/account/match`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ preset: 'zilch-online' }),
    });

  it('quick-match joins from new clients make at most the hour’s guests of an address', async () => {
    const statuses: number[] = [];
    let cookie = '';
    for (let i = 0; i < 8; i++) {
      const r = await join('198.51.100.77');
      statuses.push(r.status);
      const body = (await r.json()) as Loose;
      if (r.status === 429) expect(body.code).toBe('RATE_LIMITED');
      cookie ||= (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // A client that already has its guest is still served, and other addresses are untouched.
    expect(cookie).not.toBe('');
    expect((await join('198.51.100.77', cookie)).status).toBe(200);
    expect((await join('198.51.100.78')).status).toBe(200);
  });

  it('the budget refills over the hour', () => {
    const g = new GuestLimit(6);
    const now = Date.now();
    for (let i = 0; i < 6; i++) expect(g.take('a', now)).toBe(0);
    // One guest every ten minutes: the next is ten minutes away.
    expect(g.take('a', now)).toBeGreaterThan(9 * 60_000);
    expect(g.take('a', now + 10 * 60_000 + 1)).toBe(0);
    expect(g.take('b', now)).toBe(0);
  });
});
