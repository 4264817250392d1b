// Friends and challenges (issue 24, items 1 and 2): requests accepted or declined, the friends
// list (online, playing, whose move), remove and block (no challenge, no search, chat hidden),
// challenges accepted into one table, declined, taken back, expired; guests refused; per-day
// caps; on SQLite and PostgreSQL, real servers on port 0.
import { dropSchema, newSchema, postgresUrl, tempDir, until } from '@zilch/testkit';
import { preset } from '@zilch/engine';
import { CHALLENGES_PER_DAY } from '@zilch/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { api, client, startTestServer, storesFor, type Loose } from './helpers.ts';
import { playForced } from './forced-play.ts';

const pgUrl = await postgresUrl();
const schema = newSchema('zilch_friends');
const stores = storesFor(pgUrl, schema);

describe.each(stores)('friends and challenges on %s', (_store, env) => {
  let server: RunningServer;
  let base: string;
  const tmp = tempDir();
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer({
      ZILCH_DATA_DIR: tmp.dir,
      ZILCH_AUTH_RATE_LIMIT: '100000',
      ZILCH_RATE_LIMIT: '100000',
      ZILCH_COSTLY_RATE_LIMIT: '100000',
      ...env,
    });
    base = server.url;
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
    if (env.DATABASE_URL) await dropSchema(env.DATABASE_URL, schema);
  });

  /** A signed-in account with a unique name; answers the device and its user id. */
  async function account(prefix = 'Pal'): Promise<{ d: Device; id: string; name: string }> {
    const d = new Device(() => base);
    const made = await d.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(d, new SoftPasskey(base))).status).toBe(201);
    const name = `${prefix}${++n}x${Math.floor(Math.random() * 1e6)}`;
    expect((await d.call('POST', '/api/account/profile', { name })).status).toBe(200);
    return { d, id: made.body.user.id as string, name };
  }

  async function befriend(a: { d: Device }, b: { d: Device; id: string }, aId: string) {
    expect((await a.d.call('POST', '/api/account/friends', { to: { userId: b.id } })).body).toEqual(
      {
        relation: 'outgoing',
      },
    );
    expect((await b.d.call('POST', `/api/account/friends/${aId}/accept`)).body).toEqual({
      relation: 'friend',
    });
  }

  it('documents every social route in the OpenAPI document', async () => {
    const paths = (await api(base, 'GET', '/api/openapi.json')).body.paths as Loose;
    for (const p of [
      '/api/account/friends',
      '/api/account/friends/search',
      '/api/account/friends/{userId}/block',
      '/api/account/challenges',
      '/api/account/challenges/{id}/accept',
      '/api/account/challenges/{id}/seat',
    ])
      expect(paths[p], p).toBeDefined();
  });

  it('tells a guest to make a passkey first, and a device with no identity to sign in', async () => {
    const guest = new Device(() => base);
    await guest.call('POST', '/api/account/seats', { seats: [] });
    const r = await guest.call('GET', '/api/account/friends');
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('NOT_AN_ACCOUNT');
    expect(r.body.message).toMatch(/passkey/);
    const c = await guest.call('POST', '/api/account/challenges', {
      to: { userId: 'x' },
      rules: 'classic',
    });
    expect(c.body.code).toBe('NOT_AN_ACCOUNT');
    expect((await new Device(() => base).call('GET', '/api/account/friends')).body.code).toBe(
      'NO_SESSION',
    );
  });

  it('befriends by request and accept; both lists show it; decline and remove end it', async () => {
    const [a, b, c] = [await account(), await account(), await account()];
    // A guest cannot be added: it has no account to befriend.
    const guest = new Device(() => base);
    const g = await guest.call('POST', '/api/account/seats', { seats: [] });
    const toGuest = await a.d.call('POST', '/api/account/friends', {
      to: { userId: g.body.user.id },
    });
    expect(toGuest.body.code).toBe('NOT_FOUND');
    expect(
      (await a.d.call('POST', '/api/account/friends', { to: { userId: a.id } })).body.code,
    ).toBe('NOT_YOURSELF');

    await befriend(a, b, a.id);
    const la = (await a.d.call('GET', '/api/account/friends')).body;
    expect(la.friends.map((f: Loose) => f.name)).toEqual([b.name]);
    const lb = (await b.d.call('GET', '/api/account/friends')).body;
    expect(lb.friends[0]).toMatchObject({ id: a.id, name: a.name, online: true, playing: [] });

    // c asks a; a declines: nothing is left either way.
    await c.d.call('POST', '/api/account/friends', { to: { userId: a.id } });
    expect(
      (await a.d.call('GET', '/api/account/friends')).body.incoming.map((p: Loose) => p.id),
    ).toEqual([c.id]);
    expect(
      (await c.d.call('GET', '/api/account/friends')).body.outgoing.map((p: Loose) => p.id),
    ).toEqual([a.id]);
    expect((await a.d.call('POST', `/api/account/friends/${c.id}/remove`)).body.relation).toBe(
      'none',
    );
    expect((await c.d.call('GET', `/api/account/friends/${a.id}`)).body.relation).toBe('none');
    // Asking someone who already asked you accepts.
    await c.d.call('POST', '/api/account/friends', { to: { userId: a.id } });
    expect(
      (await a.d.call('POST', '/api/account/friends', { to: { userId: c.id } })).body.relation,
    ).toBe('friend');
    // Remove ends a friendship for both.
    await b.d.call('POST', `/api/account/friends/${a.id}/remove`);
    expect(
      (await a.d.call('GET', '/api/account/friends')).body.friends.map((f: Loose) => f.id),
    ).toEqual([c.id]);
  });

  it('shows a friend online who has the app open on another process, and not one who never opened it', async () => {
    // A second server on the same store, as a second process behind the same site would be.
    const second = await startTestServer({
      ZILCH_DATA_DIR: tmp.dir,
      ZILCH_AUTH_RATE_LIMIT: '100000',
      ZILCH_RATE_LIMIT: '100000',
      ...env,
    });
    try {
      const here = await account('Here');
      const there = await account('There');
      const away = await account('Away');
      await befriend(here, there, here.id);
      await befriend(away, there, away.id);
      // `here` has the app open on the first process…
      expect((await here.d.call('GET', '/api/account/friends')).status).toBe(200);
      // …and `there` asks the second one.
      const first = base;
      base = second.url;
      const list = (await there.d.call('GET', '/api/account/friends')).body;
      base = first;
      const online = Object.fromEntries(list.friends.map((f: Loose) => [f.name, f.online]));
      expect(online).toEqual({ [here.name]: true, [away.name]: false });
    } finally {
      await second.close();
    }
  });

  it('finds accounts by part of a name, but not one who blocked you', async () => {
    const [a, b] = [await account('Zeta'), await account('Zeta')];
    const part = b.name.slice(2, 10).toLowerCase();
    const found = (
      await a.d.call('GET', `/api/account/friends/search?q=${encodeURIComponent(part)}`)
    ).body;
    expect(found.players).toEqual([
      { id: b.id, name: b.name, colour: expect.any(String), relation: 'none' },
    ]);
    expect((await b.d.call('POST', `/api/account/friends/${a.id}/block`)).body.relation).toBe(
      'blocked',
    );
    const after = (
      await a.d.call('GET', `/api/account/friends/search?q=${encodeURIComponent(part)}`)
    ).body;
    expect(after.players).toEqual([]);
    // The blocked one cannot befriend or challenge the blocker either; both look like "no such player".
    expect(
      (await a.d.call('POST', '/api/account/friends', { to: { userId: b.id } })).body.code,
    ).toBe('NOT_FOUND');
    const ch = await a.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: 'classic',
    });
    expect(ch.body.code).toBe('NOT_FOUND');
    expect(
      (await b.d.call('GET', '/api/account/friends')).body.blocked.map((p: Loose) => p.id),
    ).toEqual([a.id]);
    await b.d.call('POST', `/api/account/friends/${a.id}/unblock`);
    expect(
      (await a.d.call('GET', `/api/account/friends/search?q=${encodeURIComponent(part)}`)).body
        .players,
    ).toHaveLength(1);
  });

  it('a challenge accepted seats both at one started table under its rules and timer; the friend list shows whose move', async () => {
    const [a, b] = [await account(), await account()];
    await befriend(a, b, a.id);
    const sent = await a.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: 'classic',
      rated: true,
      mode: 'correspondence',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'open',
      rated: true,
      mode: 'correspondence',
      turnTimerSeconds: 86_400,
    });
    const inbox = (await b.d.call('GET', '/api/account/challenges')).body;
    expect(inbox.incoming.map((c: Loose) => c.id)).toEqual([sent.body.id]);
    expect(inbox.incoming[0].from).toMatchObject({ id: a.id, name: a.name });

    const acc = await b.d.call('POST', `/api/account/challenges/${sent.body.id}/accept`);
    expect(acc.status).toBe(200);
    expect(acc.body.seat).toBe(1);
    // Accepting twice (or after) is refused with a stable code; the table is made once.
    expect(
      (await b.d.call('POST', `/api/account/challenges/${sent.body.id}/accept`)).body.code,
    ).toBe('CHALLENGE_CLOSED');
    const mine = await a.d.call('POST', `/api/account/challenges/${sent.body.id}/seat`);
    expect(mine.body).toMatchObject({ gameId: acc.body.gameId, seat: 0 });
    for (const s of [acc.body, mine.body]) {
      const v = (
        await api(base, 'GET', `/api/games/${s.gameId}`, undefined, {
          authorization: `Bearer ${s.token}`,
        })
      ).body;
      expect(v.you).toBe(s.seat);
      expect(v.status).toBe('playing');
      expect(v.seats.map((x: Loose) => x.name)).toEqual([a.name, b.name]);
    }
    const out = (await a.d.call('GET', '/api/account/challenges')).body.outgoing[0];
    expect(out).toMatchObject({ status: 'accepted', gameId: acc.body.gameId });
    // b's friends list shows a at that table, with toMove telling whose decision it is.
    const view = (await api(base, 'GET', `/api/games/${acc.body.gameId}`)).body;
    const f = (await b.d.call('GET', '/api/account/friends')).body.friends[0];
    expect(f.playing).toEqual([{ gameId: acc.body.gameId, toMove: view.state.current === 0 }]);
    // A stranger cannot take either seat's token.
    const c = await account();
    expect((await c.d.call('POST', `/api/account/challenges/${sent.body.id}/seat`)).body.code).toBe(
      'NOT_FOUND',
    );
  });

  it('challenges with house rules; declined or taken back they make no table; bad rules change nothing', async () => {
    const [a, b] = [await account(), await account()];
    const bad = await a.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: 'no-such-preset',
    });
    expect(bad.status).toBe(400);
    const custom = await a.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: { ...preset('classic'), name: 'House', target: 5000 },
      rated: true,
    });
    expect(custom.body.code).toBe('NOT_RATEABLE');
    expect((await b.d.call('GET', '/api/account/challenges')).body.incoming).toEqual([]);
    const house = await a.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: { ...preset('classic'), name: 'House', target: 5000 },
      turnTimerSeconds: 30,
    });
    expect(house.body).toMatchObject({ rules: 'custom', rated: false, turnTimerSeconds: 30 });
    const seat = (await b.d.call('POST', `/api/account/challenges/${house.body.id}/accept`)).body;
    const v = (await api(base, 'GET', `/api/games/${seat.gameId}`)).body;
    expect(v.rules).toMatchObject({ name: 'House', target: 5000 });
    // The per-decision timer runs: the deadline is about 30 s away.
    expect(v.timer.deadline - Date.now()).toBeGreaterThan(20_000);
    expect(v.timer.deadline - Date.now()).toBeLessThanOrEqual(30_000);

    const one = await a.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: 'classic',
      mode: 'live',
    });
    expect(one.body.turnTimerSeconds).toBe(60);
    expect(
      (await b.d.call('POST', `/api/account/challenges/${one.body.id}/decline`)).body.status,
    ).toBe('declined');
    expect(
      (await b.d.call('POST', `/api/account/challenges/${one.body.id}/accept`)).body.code,
    ).toBe('CHALLENGE_CLOSED');
    const two = await a.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: 'classic',
    });
    expect(
      (await a.d.call('POST', `/api/account/challenges/${two.body.id}/decline`)).body.status,
    ).toBe('cancelled');
    expect((await b.d.call('GET', '/api/account/challenges')).body.incoming).toEqual([]);
    // A block cancels what is open between the two.
    const three = await a.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: 'classic',
    });
    await b.d.call('POST', `/api/account/friends/${a.id}/block`);
    expect(
      (await b.d.call('POST', `/api/account/challenges/${three.body.id}/accept`)).body.code,
    ).toBe('CHALLENGE_CLOSED');
  });

  it("hides a blocked player's table chat from the blocker, live and in history; the other still hears", async () => {
    const [a, b] = [await account(), await account()];
    const sent = (
      await a.d.call('POST', '/api/account/challenges', { to: { userId: b.id }, rules: 'classic' })
    ).body;
    const sb = (await b.d.call('POST', `/api/account/challenges/${sent.id}/accept`)).body;
    const sa = (await a.d.call('POST', `/api/account/challenges/${sent.id}/seat`)).body;
    await b.d.call('POST', `/api/account/friends/${a.id}/block`);
    const [ca, cb] = [await client(base), await client(base)];
    try {
      const heard: Record<string, Loose[]> = { a: [], b: [] };
      ca.socket.on('chat', (m: Loose) => heard.a!.push(m));
      cb.socket.on('chat', (m: Loose) => heard.b!.push(m));
      expect((await ca.ask('join', { gameId: sa.gameId, token: sa.token })).ok).toBe(true);
      expect((await cb.ask('join', { gameId: sb.gameId, token: sb.token })).ok).toBe(true);
      expect((await ca.ask('chat', { gameId: sa.gameId, text: 'from the blocked' })).ok).toBe(true);
      expect((await cb.ask('chat', { gameId: sb.gameId, text: 'from the blocker' })).ok).toBe(true);
      await until(async () => heard.a!.length === 2, 5000);
      // b's own message reaches b; a's never does.
      await until(async () => heard.b!.length === 1, 5000);
      await new Promise((r) => setTimeout(r, 200));
      expect(heard.b!.map((m) => m.text)).toEqual(['from the blocker']);
      const hb = await cb.ask('chatHistory', { gameId: sb.gameId });
      expect(hb.messages.map((m: Loose) => m.text)).toEqual(['from the blocker']);
      const ha = await ca.ask('chatHistory', { gameId: sa.gameId });
      expect(ha.messages.map((m: Loose) => m.text)).toEqual([
        'from the blocked',
        'from the blocker',
      ]);
    } finally {
      ca.close();
      cb.close();
    }
  });

  it('adds a player from a finished game (only its own players may), and offers a rematch as a challenge', async () => {
    const [a, b, c] = [await account(), await account(), await account()];
    const short = { ...preset('classic'), name: 'Short', target: 1000 };
    const sent = (
      await a.d.call('POST', '/api/account/challenges', { to: { userId: b.id }, rules: short })
    ).body;
    const sb = (await b.d.call('POST', `/api/account/challenges/${sent.id}/accept`)).body;
    const sa = (await a.d.call('POST', `/api/account/challenges/${sent.id}/seat`)).body;
    const bySeat = { to: { gameId: sb.gameId, seat: 1 } };
    // Not before the game is over.
    expect((await a.d.call('POST', '/api/account/friends', bySeat)).body.code).toBe('NOT_FOUND');
    await playForced(base, sb.gameId, [sa.token, sb.token], 0);
    // Someone who did not play there cannot reach its players through it.
    expect((await c.d.call('POST', '/api/account/friends', bySeat)).body.code).toBe('NOT_FOUND');
    expect((await a.d.call('POST', '/api/account/friends', bySeat)).body.relation).toBe('outgoing');
    expect(
      (await b.d.call('GET', '/api/account/friends')).body.incoming.map((p: Loose) => p.id),
    ).toEqual([a.id]);
    // A rematch offer is a challenge with the game's own rules, to the seat's account.
    const rules = (await api(base, 'GET', `/api/games/${sb.gameId}`)).body.rules;
    const re = await b.d.call('POST', '/api/account/challenges', {
      to: { gameId: sb.gameId, seat: 0 },
      rules,
    });
    expect(re.body).toMatchObject({
      from: { id: b.id },
      to: { id: a.id },
      rules: 'custom',
      status: 'open',
    });
    const seat = (await a.d.call('POST', `/api/account/challenges/${re.body.id}/accept`)).body;
    expect((await api(base, 'GET', `/api/games/${seat.gameId}`)).body.rules).toMatchObject({
      name: 'Short',
      target: 1000,
    });
  });

  it('caps challenges per account per day', async () => {
    const [a, b] = [await account(), await account()];
    const codes: number[] = [];
    for (let i = 0; i <= CHALLENGES_PER_DAY; i++)
      codes.push(
        (
          await a.d.call('POST', '/api/account/challenges', {
            to: { userId: b.id },
            rules: 'classic',
          })
        ).status,
      );
    expect(codes.slice(0, CHALLENGES_PER_DAY).every((s) => s === 200)).toBe(true);
    const last = await a.d.call('POST', '/api/account/challenges', {
      to: { userId: b.id },
      rules: 'classic',
    });
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('DAILY_LIMIT');
  });
});
