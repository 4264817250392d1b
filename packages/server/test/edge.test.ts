// The server's edge against abuse (issue 10, D4–D6, D9): each attack is reproduced, then shown
// refused or harmless. Real servers (in process, one child process for its log), real sockets.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api as request,
  createGame,
  openSocket,
  spawnServer,
  tempDir,
  until,
  viewAs,
  type ServerProcess,
  type Socket,
} from '@zilch/testkit';
import { join } from 'node:path';
import { openSqlite } from '../src/store/sqlite-file.ts';
import type { RunningServer } from '../src/server.ts';
import { api, startTestServer, type Loose } from './helpers.ts';

const tmp = tempDir();
const servers: RunningServer[] = [];
const sockets: Socket[] = [];

/** A server of its own with `env` over the test defaults. */
async function serve(env: Record<string, string>): Promise<RunningServer> {
  const s = await startTestServer({ ZILCH_DATA_DIR: `${tmp.dir}/${servers.length}`, ...env });
  servers.push(s);
  return s;
}

/** The socket.io handshake as plain HTTP: its status and the reason of a refusal. */
async function handshake(
  base: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; message: string }> {
  const r = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers });
  const text = await r.text();
  let message = text;
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    // an accepted handshake answers in engine.io's own framing
  }
  return { status: r.status, message };
}

/** Opens a bare websocket client with `headers` (closed after each test). */
async function open(
  base: string,
  headers: Record<string, string> = {},
): Promise<{ socket: Socket; error: string | null }> {
  const r = await openSocket(base, headers);
  sockets.push(r.socket);
  return r;
}

afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  tmp.cleanup();
});

const twoHumans = [
  { kind: 'human', name: 'Ann' },
  { kind: 'human', name: 'Bob' },
] as const;

describe('D5: the rate limit is decided on the matched route', () => {
  it('counts /%61pi/games like /api/games; a forged X-Forwarded-For buys nothing', async () => {
    const s = await serve({ ZILCH_RATE_LIMIT: '4', ZILCH_COSTLY_RATE_LIMIT: '2' });
    // The escaped path reaches the real route…
    const first = await api(s.url, 'GET', '/%61pi/games');
    expect(first.status).toBe(200);
    expect(first.body.games).toEqual([]);
    // …and is counted against the same budget, whatever the spelling or the forged header.
    const codes: number[] = [first.status];
    for (const path of ['/%61pi/games', '/api/games', '/%61%70%69/games', '/%61pi/games']) {
      const r = await request<Loose>(s.url, 'GET', path, undefined, {
        'x-forwarded-for': `10.0.0.${codes.length}`,
      });
      codes.push(r.status);
      if (r.status === 429) expect(r.body.code).toBe('RATE_LIMITED');
    }
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    // Creating tables has its own, tighter budget, which no spelling escapes either.
    const create = (path: string) =>
      api(s.url, 'POST', path, { rules: 'serendipity-creak', seats: twoHumans });
    expect((await create('/api/games')).status).toBe(201);
    expect((await create('/%61pi/games')).status).toBe(201);
    const third = await create('/%61pi/%67ames');
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('RATE_LIMITED');
    expect((await create('/api/games')).status).toBe(429);
  });

  it('advice has its own budget too', async () => {
    const s = await serve({ ZILCH_COSTLY_RATE_LIMIT: '2' });
    const g = await createGame(s.url, 'serendipity-creak', twoHumans);
    const state = (await viewAs<Loose>(s.url, g.gameId)).body.state;
    const ask = () => api(s.url, 'POST', '/%61pi/advice', { state: { ...state, rules: 'junk' } });
    expect((await ask()).status).toBe(400);
    expect((await ask()).status).toBe(400);
    expect((await ask()).status).toBe(429);
    // Other routes still answer.
    expect((await api(s.url, 'GET', '/api/games')).status).toBe(200);
  });

  it('with ZILCH_TRUST_PROXY the forwarded client address is the key', async () => {
    const s = await serve({ ZILCH_RATE_LIMIT: '2', ZILCH_TRUST_PROXY: '127.0.0.1' });
    const as = (ip: string) =>
      request(s.url, 'GET', '/api/games', undefined, { 'x-forwarded-for': ip });
    expect((await as('203.0.113.1')).status).toBe(200);
    expect((await as('203.0.113.1')).status).toBe(200);
    expect((await as('203.0.113.1')).status).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect((await as('203.0.113.2')).status).toBe(200);
  });

  it('reads ZILCH_TRUST_PROXY as false, true, a hop count or a list', async () => {
    const { loadConfig } = await import('../src/config/config.ts');
    const tp = (v: string) => {
      const c = loadConfig({ ZILCH_TRUST_PROXY: v });
      return c.ok ? c.config.trustProxy : c.message;
    };
    expect(loadConfig({}).ok && (loadConfig({}) as Loose).config.trustProxy).toBe(false);
    expect(tp('true')).toBe(true);
    expect(tp('2')).toBe(2);
    expect(tp('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(tp('yes please')).toMatch(/ZILCH_TRUST_PROXY/);
    expect(tp('10.0.0.0/99')).toMatch(/ZILCH_TRUST_PROXY/);
    expect(tp('loopback')).toEqual(['loopback']);
  });
});

describe('D6: tokens never travel in a URL', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await serve({});
  });

  it('refuses ?token= on the API; the header opens the seat', async () => {
    const g = await createGame(s.url, 'serendipity-creak', twoHumans);
    const token = g.seats[1]?.token as string;
    for (const path of [
      `/api/games/${g.gameId}?token=${token}`,
      `/api/games/${g.gameId}?%74oken=${token}`,
      `/api/games?tokens=${token}`,
      `/%61pi/games/${g.gameId}?TOKEN=${token}`,
    ]) {
      const r = await api(s.url, 'GET', path);
      expect(r.status, path).toBe(400);
      expect(r.body.code).toBe('BAD_REQUEST');
      expect(r.body.message).toMatch(/never go in a URL.*Authorization: Bearer/);
    }
    const seat = await viewAs<Loose>(s.url, g.gameId, token);
    expect(seat.status).toBe(200);
    expect(seat.body.you).toBe(1);
    const spectator = await viewAs<Loose>(s.url, g.gameId);
    expect(spectator.body.you).toBeNull();
    const mine = await api(s.url, 'GET', '/api/games', undefined, { 'x-zilch-tokens': token });
    expect(mine.body.games.map((x: Loose) => x.id)).toEqual([g.gameId]);
  });

  it('a token that arrives anyway appears nowhere in the server log', async () => {
    const dir = tempDir();
    let p: ServerProcess | null = null;
    try {
      p = await spawnServer({ ZILCH_DATA_DIR: dir.dir, LOG_LEVEL: 'info' });
      const g = await createGame(p.url, 'serendipity-creak', twoHumans);
      const token = g.seats[0]?.token as string;
      await request(p.url, 'GET', `/api/games/${g.gameId}?token=${token}`);
      await request(p.url, 'GET', `/api/games/${g.gameId}?x=1&token=${token}&y=2`);
      await request(p.url, 'GET', `/api/games?tokens=${token},${token}`);
      await request(p.url, 'GET', `/t/${g.gameId}?token=${token}`);
      await request(p.url, 'GET', `/api/games/${g.gameId}`, undefined, {
        authorization: `Bearer ${token}`,
      });
      await request(p.url, 'GET', '/api/games', undefined, { 'x-zilch-tokens': token });
      const out = await until(() => {
        const o = (p as ServerProcess).output();
        return (o.match(/request completed/g) ?? []).length >= 7 ? o : null;
      });
      expect(out).toContain('[redacted]');
      expect(out).toContain(`/api/games/${g.gameId}?x=1&token=[redacted]&y=2`);
      expect(out).not.toContain(token);
    } finally {
      await p?.stop();
      dir.cleanup();
    }
  });
});

describe('D4: flooding sockets', () => {
  it('a flooding socket is refused cheaply, then told why and disconnected, then kept out', async () => {
    const s = await serve({
      ZILCH_SOCKET_ACTIONS_PER_SECOND: '5',
      ZILCH_SOCKET_MAX_REFUSALS: '20',
      ZILCH_SOCKETS_PER_IP: '100',
    });
    const { socket, error } = await open(s.url);
    expect(error).toBeNull();
    const bye = new Promise<Loose>((r) => socket.once('bye' as never, r as never));
    const gone = new Promise<string>((r) => socket.once('disconnect', r));
    const acks: Loose[] = [];
    // 500 messages at once, each one a message the server would otherwise have to validate.
    for (let i = 0; i < 500; i++) {
      socket.emit('join', { gameId: `g${i}`, junk: 'x'.repeat(200) }, (a: Loose) => acks.push(a));
    }
    expect((await bye).code).toBe('RATE_LIMITED');
    expect(await gone).toBe('io server disconnect');
    // 20 refusals were acked (the burst of 10 went to the handlers, whose answers the disconnect
    // cut short); the other 470 were neither validated nor answered.
    const codes = acks.map((a) => a.error.code);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBe(20);
    expect(acks.length).toBeLessThanOrEqual(30);
    // The same address may not come straight back…
    expect((await open(s.url)).error).not.toBeNull();
    const again = await handshake(s.url);
    expect(again.status).toBe(403);
    expect(again.message).toMatch(/wait a few seconds/);
    // …while other clients (behind a trusted proxy here: another address) play on.
    const other = await serve({ ZILCH_TRUST_PROXY: 'true' });
    const ok = await open(other.url, { 'x-forwarded-for': '198.51.100.7' });
    expect(ok.error).toBeNull();
  });

  it('caps open sockets and messages per address', async () => {
    const s = await serve({
      ZILCH_SOCKETS_PER_IP: '3',
      ZILCH_SOCKET_MESSAGES_PER_IP: '5',
      ZILCH_SOCKET_ACTIONS_PER_SECOND: '100',
      ZILCH_TRUST_PROXY: 'true',
    });
    const a = await Promise.all(
      [1, 2, 3].map(() => open(s.url, { 'x-forwarded-for': '192.0.2.1' })),
    );
    expect(a.map((x) => x.error)).toEqual([null, null, null]);
    expect((await open(s.url, { 'x-forwarded-for': '192.0.2.1' })).error).not.toBeNull();
    const fourth = await handshake(s.url, { 'x-forwarded-for': '192.0.2.1' });
    expect(fourth).toEqual({ status: 403, message: 'Too many connections from your address.' });
    // A different address is not affected.
    expect((await open(s.url, { 'x-forwarded-for': '192.0.2.2' })).error).toBeNull();
    // Three sockets, each well under its own limit, share the address's 5/s (burst 10).
    const answers = await Promise.all(
      a.flatMap(({ socket }) =>
        Array.from(
          { length: 6 },
          () => new Promise<Loose>((r) => socket.emit('join', { gameId: 'none' }, r)),
        ),
      ),
    );
    const limited = answers.filter((x) => x.error.code === 'RATE_LIMITED').length;
    expect(limited).toBeGreaterThanOrEqual(18 - 11);
    // Closing one frees a place.
    a[0]?.socket.close();
    await until(async () => (await open(s.url, { 'x-forwarded-for': '192.0.2.1' })).error === null);
  });
});

describe('D9: headers, origins, metrics, listing', () => {
  it('sends CSP, frame-ancestors, nosniff and no-referrer; the API docs get their own policy', async () => {
    const s = await serve({});
    for (const path of ['/api/games', '/healthz', '/nowhere']) {
      const h = (await fetch(`${s.url}${path}`)).headers;
      const csp = h.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/style-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('referrer-policy')).toBe('no-referrer');
      expect(h.get('x-frame-options')).toBe('DENY');
    }
    const docs = await fetch(`${s.url}/api/docs/`);
    expect(docs.status).toBe(200);
    const csp = docs.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('refuses sockets from other sites; same host, no Origin and allowed origins pass', async () => {
    const s = await serve({});
    const host = new URL(s.url).host;
    expect((await open(s.url, { origin: 'https://evil.example' })).error).not.toBeNull();
    const evil = await handshake(s.url, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.message).toMatch(/may not open a connection/);
    expect((await open(s.url, { origin: `http://${host}` })).error).toBeNull();
    expect((await open(s.url)).error).toBeNull();
    const listed = await serve({ ZILCH_ALLOWED_ORIGINS: 'https://zilch.example' });
    expect((await open(listed.url, { origin: 'https://zilch.example' })).error).toBeNull();
    expect(
      (await handshake(listed.url, { origin: `http://${new URL(listed.url).host}` })).status,
    ).toBe(403);
  });

  it('/metrics is off by default, or behind a bearer token', async () => {
    const off = await serve({ ZILCH_METRICS: '' });
    const r = await fetch(`${off.url}/metrics`);
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain('zilch_');
    const secret = 'metrics-secret-0123456789';
    const guarded = await serve({ ZILCH_METRICS: secret });
    expect((await fetch(`${guarded.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${guarded.url}/metrics`, {
      headers: { authorization: 'Bearer metrics-secret-0123456788' },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${guarded.url}/metrics`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('zilch_actions_total');
  });

  it('lists only tables that chose to be public', async () => {
    const s = await serve({});
    const hidden = await createGame(s.url, 'serendipity-creak', twoHumans);
    const shown = await createGame(s.url, 'serendipity-creak', twoHumans, { public: true });
    const ids = async (path: string) =>
      (await api(s.url, 'GET', path)).body.games.map((g: Loose) => g.id);
    expect(await ids('/api/games')).toEqual([shown.gameId]);
    expect(await ids('/api/games?status=active')).toEqual([shown.gameId]);
    const byName = await ids('/api/games?player=Ann');
    expect(byName).not.toContain(hidden.gameId);
    // Its own links still find it.
    const mine = await api(s.url, 'GET', '/api/games', undefined, {
      'x-zilch-tokens': hidden.seats[0]?.token as string,
    });
    expect(mine.body.games.map((g: Loose) => g.id)).toEqual([hidden.gameId]);
    const bad = await api(s.url, 'POST', '/api/games', {
      rules: 'serendipity-creak',
      seats: twoHumans,
      public: 'yes',
    });
    expect(bad.status).toBe(400);
  });

  it('tables stored before listing became opt-in stay unlisted after the migration', async () => {
    const data = `${tmp.dir}/migrated`;
    const first = await startTestServer({ ZILCH_DATA_DIR: data });
    const old = await createGame(first.url, 'serendipity-creak', twoHumans, { public: true });
    await first.close();
    // Back to the schema before the migration: no table of public games, neither it nor the
    // later migrations run (they run in order; 0007 made the account tables).
    const db = openSqlite(join(data, 'zilch.sqlite'));
    db.exec(
      'drop table public_games; drop table sessions; drop table user_seats; ' +
        'drop table recovery_codes; drop table passkeys; drop table users; drop table server_secrets; ' +
        'drop table match_queue; drop table push_subscriptions; drop table push_settings; drop table push_sent; ' +
        'drop table rated_games; drop table ratings; drop table rating_history; ' +
        'drop table chat_messages; drop table chat_mutes; drop table chat_unfiltered; drop table chat_reports; ' +
        'drop table game_accuracy; drop table practice_games; drop table presence; ' +
        'drop table puzzles; drop table puzzle_ratings; drop table puzzle_attempts; drop table puzzle_daily; drop table puzzle_sources; ' +
        'drop table friendships; drop table blocks; drop table challenges; drop table social_daily; ' +
        'drop table tournaments; drop table tournament_entrants; drop table tournament_rounds; drop table tournament_games; ' +
        'drop table bot_accounts; drop table bot_tokens; ' +
        'alter table games drop column absence; ' +
        "delete from kysely_migration where name >= '0006_public_games'",
    );
    db.close();
    const again = await startTestServer({ ZILCH_DATA_DIR: data });
    servers.push(again);
    expect((await api(again.url, 'GET', '/api/games')).body.games).toEqual([]);
    const fresh = await createGame(again.url, 'serendipity-creak', twoHumans, { public: true });
    const listed = (await api(again.url, 'GET', '/api/games')).body.games.map((g: Loose) => g.id);
    expect(listed).toEqual([fresh.gameId]);
    expect(listed).not.toContain(old.gameId);
  });
});
