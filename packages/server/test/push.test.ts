// Web Push (issue 12, item 3) end to end: a real server sends to a push service this test runs,
// which checks the VAPID JWT and decrypts each payload (RFC 8291, http_ece) with keys it made.
// One notification per game until the player's turn ends (stored: survives a restart), quiet
// hours, expired subscriptions (410) removed, game over and a rematch invitation.
import {
  claimSeat,
  createGame,
  dropSchema,
  newSchema,
  pickMove,
  postgresUrl,
  PushEndpoint,
  shortRules,
  tempDir,
  until,
} from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameChange } from '../src/games/service.ts';
import { loadConfig } from '../src/config/config.ts';
import { isQuiet, minuteOfDay } from '../src/push/quiet.ts';
import { newVapidKeys } from '../src/push/sender.ts';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { api, startTestServer, storesFor, type Loose } from './helpers.ts';

const pgUrl = await postgresUrl();
const schema = newSchema('zilch_push');
const stores = storesFor(pgUrl, schema);

describe('push configuration', () => {
  it('takes a VAPID pair from the environment, both keys or neither, and a mailto:/https: subject', () => {
    const pair = newVapidKeys();
    const c = loadConfig({
      ZILCH_VAPID_PUBLIC_KEY: pair.publicKey,
      ZILCH_VAPID_PRIVATE_KEY: pair.privateKey,
      ZILCH_VAPID_SUBJECT: 'https://zilch.example/contact',
    });
    expect(c.ok && c.config.push).toMatchObject({
      vapidKeys: pair,
      subject: 'https://zilch.example/contact',
      allowHttp: false,
    });
    const half = loadConfig({ ZILCH_VAPID_PUBLIC_KEY: pair.publicKey });
    expect(half.ok).toBe(false);
    expect(!half.ok && half.message).toContain('set both, or neither');
    expect(loadConfig({ ZILCH_VAPID_SUBJECT: 'admin@example.com' }).ok).toBe(false);
    const none = loadConfig({});
    expect(none.ok && none.config.push.vapidKeys).toBeNull();
  });
});

describe('quiet hours', () => {
  // 2026-01-15 23:30 UTC is 08:30 the next day in Tokyo (UTC+9, no summer time).
  const at = Date.UTC(2026, 0, 15, 23, 30);
  const s = (from: number, to: number, timeZone = 'Asia/Tokyo') => ({
    kinds: [],
    quietHours: { from, to },
    timeZone,
  });
  it('reads the minute of the day in the player’s time zone', () => {
    expect(minuteOfDay(at, 'Asia/Tokyo')).toBe(8 * 60 + 30);
    expect(minuteOfDay(at, 'UTC')).toBe(23 * 60 + 30);
  });
  it('holds [from, to), also across midnight', () => {
    expect(isQuiet(s(8 * 60, 9 * 60), at)).toBe(true);
    expect(isQuiet(s(8 * 60 + 31, 9 * 60), at)).toBe(false);
    expect(isQuiet(s(7 * 60, 8 * 60 + 30), at)).toBe(false);
    expect(isQuiet(s(22 * 60, 7 * 60, 'UTC'), at)).toBe(true);
    expect(isQuiet(s(22 * 60, 7 * 60), at)).toBe(false);
    expect(isQuiet({ ...s(0, 0), quietHours: null }, at)).toBe(false);
  });
});

describe.each(stores)('Web Push on %s', (_store, env) => {
  const tmp = tempDir();
  let server: RunningServer;
  let base: string;
  let push: PushEndpoint;
  let ada: Device;
  let publicKey: string;
  const changes: GameChange[] = [];
  const settings = {
    kinds: ['your-move', 'invitation', 'game-over', 'challenge', 'tournament'],
    quietHours: null,
    timeZone: 'UTC',
  };

  const start = async (port = '0') => {
    server = await startTestServer({
      PORT: port,
      ZILCH_DATA_DIR: tmp.dir,
      ZILCH_PUSH_HTTP_ENDPOINTS: '1',
      // The local push service's host, and loopback spellings the address check must refuse.
      ZILCH_PUSH_HOSTS: '127.0.0.1,127.0.0.2,localhost,[::1]',
      ZILCH_PUSH_TIMEOUT_MS: '2000',
      ...env,
    });
    base = server.url;
    server.service.onChange((c) => changes.push(c));
  };

  beforeAll(async () => {
    push = await PushEndpoint.start();
    await start();
  });
  afterAll(async () => {
    await server?.close();
    await push.close();
    tmp.cleanup();
    if (env.DATABASE_URL) await dropSchema(env.DATABASE_URL, schema);
  });

  /** A two-human table (short rules): seat 0 Ada (linked to her account), seat 1 Bob. */
  async function table() {
    const t = await createGame(base, shortRules(1000), [{ kind: 'human' }, { kind: 'human' }]);
    const [a, b] = [t.seats[0]!.token!, t.seats[1]!.token!];
    // Linked before the game starts, so even a first turn of Ada's is announced.
    const r = await ada.call('POST', '/api/account/seats', {
      seats: [{ gameId: t.gameId, token: a }],
    });
    expect(r.body.linked).toBe(1);
    await claimSeat(base, t.gameId, a, 'Ada');
    await claimSeat(base, t.gameId, b, 'Bob');
    return { gameId: t.gameId, tokens: [a, b] };
  }

  const view = async (gameId: string) => (await api(base, 'GET', `/api/games/${gameId}`)).body;

  /** Plays `seat`'s turn out with legal moves (over HTTP: no socket, so the seat is away). */
  async function playTurn(gameId: string, tokens: string[], seat: number) {
    for (let i = 0; i < 200; i++) {
      const v = await view(gameId);
      if (v.status !== 'playing' || v.state.current !== seat) return;
      const move = pickMove(v.state);
      if (!move) throw new Error(`no move in phase ${v.state.phase}`);
      await api(base, 'POST', `/api/games/${gameId}/actions`, {
        token: tokens[seat],
        clientId: `c${v.seq}`,
        action: move,
      });
    }
    throw new Error('the turn did not end');
  }

  /** Plays until it is `seat`'s turn (the other seat's turns played out). */
  async function untilTurnOf(gameId: string, tokens: string[], seat: number) {
    for (let i = 0; i < 4; i++) {
      const v = await view(gameId);
      if (v.status !== 'playing' || v.state.current === seat) return v;
      await playTurn(gameId, tokens, v.state.current);
    }
    throw new Error('never became the seat’s turn');
  }

  it('lets an account subscribe; refuses guests, plain http (unless allowed) and bad keys', async () => {
    ada = new Device(() => base);
    const guest = new Device(() => base);
    await guest.call('POST', '/api/account/seats', { seats: [] });
    const refused = await guest.call('GET', '/api/account/push');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_AN_ACCOUNT');

    await ada.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(ada, new SoftPasskey(base))).status).toBe(201);
    const status = await ada.call('GET', '/api/account/push');
    expect(status.status).toBe(200);
    publicKey = status.body.publicKey;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(status.body).toMatchObject({ devices: 0, settings: { kinds: settings.kinds } });

    const sub = push.subscription();
    const bad = await ada.call('POST', '/api/account/push/subscriptions', {
      subscription: { ...sub, keys: { ...sub.keys, auth: 'AAAA' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_SUBSCRIPTION');
    const ok = await ada.call('POST', '/api/account/push/subscriptions', { subscription: sub });
    expect(ok.status).toBe(200);
    expect(ok.body.devices).toBe(1);
    const saved = await ada.call('POST', '/api/account/push/settings', settings);
    expect(saved.body.settings).toEqual(settings);
    // Cross-site pages cannot subscribe someone (the account routes' Origin check).
    const csrf = await ada.call(
      'POST',
      '/api/account/push/unsubscribe',
      { endpoint: sub.endpoint },
      {
        origin: 'https://evil.example',
      },
    );
    expect(csrf.body.code).toBe('CSRF');
    // Every push route is in the OpenAPI document.
    const doc = (await api(base, 'GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/account/push',
        '/api/account/push/settings',
        '/api/account/push/subscriptions',
        '/api/account/push/unsubscribe',
      ]),
    );
  });

  it('pushes "your move" once per game until the turn ends, signed and encrypted', async () => {
    const sub = push.subscription();
    await ada.call('POST', '/api/account/push/subscriptions', { subscription: sub });
    const { gameId, tokens } = await table();
    await untilTurnOf(gameId, tokens, 0);
    const first = await until(() => push.for(sub.endpoint)[0]);
    expect(first.payload).toEqual({
      kind: 'your-move',
      gameId,
      title: 'Your move',
      body: expect.stringContaining('Against Bob'),
      url: `/t/${gameId}`,
    });
    // Signed with the key browsers subscribe with, for this push service's origin.
    expect(first.vapidKey).toBe(publicKey);
    expect(first.claims.aud).toBe(push.url);
    expect(first.ttl).toBeGreaterThan(0);
    expect(push.refused).toEqual([]);

    // The same change seen again (a retry, another process) sends nothing more.
    const started = changes.filter(
      (c) => c.gameId === gameId && c.events.some((e) => e.type === 'turn-started' && e.seat === 0),
    );
    expect(started.length).toBeGreaterThan(0);
    server.push.changed(started.at(-1)!);
    await server.push.idle();
    expect(push.for(sub.endpoint)).toHaveLength(1);

    // Ada plays her turn, Bob his: her next turn notifies again.
    await playTurn(gameId, tokens, 0);
    const v = await untilTurnOf(gameId, tokens, 0);
    // (Bob's turn may end the game: then a "game over" comes instead of a second "your move".)
    const moves = () =>
      push.for(sub.endpoint).filter((p) => (p.payload as Loose).kind === 'your-move');
    if (v.status === 'playing') await until(() => moves().length === 2);
    await server.push.idle();
    expect(moves().length).toBe(v.status === 'playing' ? 2 : 1);
  });

  it('keeps the mark across a restart', async () => {
    const sub = push.subscription();
    await ada.call('POST', '/api/account/push/subscriptions', { subscription: sub });
    const { gameId, tokens } = await table();
    await untilTurnOf(gameId, tokens, 0);
    await until(() => push.for(sub.endpoint)[0]);
    const change = changes.filter((c) => c.gameId === gameId).at(-1)!;
    // The same port, so Ada's device (its cookie) talks to the new process.
    await server.close();
    await start(String(server.port));
    server.push.changed(change);
    await server.push.idle();
    expect(push.for(sub.endpoint)).toHaveLength(1);
  });

  it('drops pushes in quiet hours, sends again after', async () => {
    const sub = push.subscription();
    await ada.call('POST', '/api/account/push/subscriptions', { subscription: sub });
    const now = minuteOfDay(Date.now(), 'Asia/Tokyo');
    const quiet = {
      ...settings,
      quietHours: { from: now, to: (now + 120) % 1440 },
      timeZone: 'Asia/Tokyo',
    };
    expect((await ada.call('POST', '/api/account/push/settings', quiet)).status).toBe(200);
    const { gameId, tokens } = await table();
    const v = await untilTurnOf(gameId, tokens, 0);
    expect(v.state.current).toBe(0);
    await server.push.idle();
    expect(push.for(sub.endpoint)).toEqual([]);

    await ada.call('POST', '/api/account/push/settings', settings);
    await playTurn(gameId, tokens, 0);
    const w = await untilTurnOf(gameId, tokens, 0);
    if (w.status === 'playing') {
      const got = await until(() => push.for(sub.endpoint)[0]);
      expect(got.payload).toMatchObject({ kind: 'your-move', gameId });
    }
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    const before = (await ada.call('GET', '/api/account/push')).body.devices;
    const sub = push.subscription();
    await ada.call('POST', '/api/account/push/subscriptions', { subscription: sub });
    push.gone.add(sub.endpoint);
    const { gameId, tokens } = await table();
    await untilTurnOf(gameId, tokens, 0);
    await until(async () => (await ada.call('GET', '/api/account/push')).body.devices === before);
    expect(push.for(sub.endpoint)).toEqual([]);
  });

  it('sends "game over", and a rematch invitation to the other player', async () => {
    const sub = push.subscription();
    await ada.call('POST', '/api/account/push/subscriptions', { subscription: sub });
    // Only game over and invitations: no "your move" on the way.
    await ada.call('POST', '/api/account/push/settings', {
      ...settings,
      kinds: ['invitation', 'game-over'],
    });
    const { gameId, tokens } = await table();
    for (let i = 0; i < 400 && (await view(gameId)).status === 'playing'; i++) {
      await playTurn(gameId, tokens, (await view(gameId)).state.current);
    }
    const over = await until(() =>
      push.for(sub.endpoint).find((p) => (p.payload as Loose).kind === 'game-over'),
    );
    expect(over.payload).toMatchObject({ gameId, title: 'Game over', url: `/t/${gameId}/review` });
    expect(push.for(sub.endpoint).map((p) => (p.payload as Loose).kind)).toEqual(['game-over']);

    const r = await api(base, 'POST', `/api/games/${gameId}/rematch`, { token: tokens[1] });
    expect(r.status).toBe(201);
    const invite = await until(() =>
      push.for(sub.endpoint).find((p) => (p.payload as Loose).kind === 'invitation'),
    );
    expect(invite.payload).toMatchObject({
      gameId: r.body.gameId,
      body: 'Bob invites you to a game of Zilch.',
      url: `/t/${r.body.gameId}`,
    });
    // Ada asking too invites Bob (no account here), never Ada herself.
    await api(base, 'POST', `/api/games/${gameId}/rematch`, { token: tokens[0] });
    await server.push.idle();
    expect(
      push.for(sub.endpoint).filter((p) => (p.payload as Loose).kind === 'invitation'),
    ).toHaveLength(1);
    await ada.call('POST', '/api/account/push/settings', settings);
  });

  /** A new account on its own device. */
  async function account(): Promise<{ device: Device; id: string }> {
    const device = new Device(() => base);
    await device.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(device, new SoftPasskey(base))).status).toBe(201);
    const me = await device.call('GET', '/api/account');
    return { device, id: me.body.user.id as string };
  }

  const subscribe = (d: Device, subscription: unknown) =>
    d.call('POST', '/api/account/push/subscriptions', { subscription });
  const devices = async (d: Device) => (await d.call('GET', '/api/account/push')).body.devices;

  it('refuses endpoints off the allow-list, loopback in any spelling, and keys off the curve', async () => {
    const { device } = await account();
    const sub = push.subscription();
    const port = new URL(push.url).port;
    const cases: [string, string][] = [
      ['https://push.evil.example/x', 'PUSH_ENDPOINT_NOT_ALLOWED'],
      [`ftp://127.0.0.1:${port}/x`, 'PUSH_ENDPOINT_NOT_ALLOWED'],
      // On the allow-list, but https must lead to a public address: every loopback spelling.
      ...['localhost', '127.0.0.1', '127.1', '2130706433', '0x7f.0.0.1', '127.0.0.2', '[::1]'].map(
        (h): [string, string] => [`https://${h}:${port}/push/x`, 'PUSH_ENDPOINT_ADDRESS'],
      ),
    ];
    for (const [endpoint, code] of cases) {
      const r = await subscribe(device, { ...sub, endpoint });
      expect([endpoint, r.status, r.body.code]).toEqual([endpoint, 400, code]);
    }
    const off = Buffer.from(sub.keys.p256dh, 'base64url');
    off[64] = (off[64] as number) ^ 1;
    const bad = await subscribe(device, {
      ...sub,
      keys: { ...sub.keys, p256dh: off.toString('base64url') },
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'BAD_SUBSCRIPTION']);
    expect(await devices(device)).toBe(0);
    expect(push.received.filter((p) => p.endpoint.includes('/push/x'))).toEqual([]);
  });

  it('keeps an account’s newest 10 subscriptions, and pushes to those only', async () => {
    const { device, id } = await account();
    const subs = Array.from({ length: 12 }, () => push.subscription());
    for (const sub of subs) {
      expect((await subscribe(device, sub)).status).toBe(200);
      // Distinct times, so which ones are the oldest is certain.
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(await devices(device)).toBe(10);
    // Subscribing again makes the first of the kept ones the newest.
    expect((await subscribe(device, subs[2])).body.devices).toBe(10);
    server.push.notifyInvitation(id, 'g-cap');
    await server.push.idle();
    expect(subs.map((s) => push.for(s.endpoint).length)).toEqual([
      0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it('moves an endpoint to another account only with that browser’s keys', async () => {
    const a = await account();
    const b = await account();
    const sub = push.subscription();
    expect((await subscribe(a.device, sub)).body.devices).toBe(1);
    // Another account knowing the endpoint, but not the browser's keys.
    const other = push.subscription();
    const taken = await subscribe(b.device, { ...sub, keys: other.keys });
    expect([taken.status, taken.body.code]).toEqual([409, 'PUSH_ENDPOINT_TAKEN']);
    expect([await devices(a.device), await devices(b.device)]).toEqual([1, 0]);
    server.push.notifyInvitation(a.id, 'g-owner');
    await server.push.idle();
    expect(push.for(sub.endpoint)).toHaveLength(1);
    // The same browser signed in to the other account: same endpoint, same keys.
    const moved = await subscribe(b.device, sub);
    expect([moved.status, moved.body.devices]).toEqual([200, 1]);
    expect(await devices(a.device)).toBe(0);
  });
});
