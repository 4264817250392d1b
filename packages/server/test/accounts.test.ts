// Identity (issue 12, item 1): guest sessions, CSRF refusal, passkey registration and sign-in,
// seats moving from a guest to the account, one-time recovery codes, and account deletion.
import { preset } from '@zilch/engine';
import { claimSeat, createGame, dropSchema, newSchema, postgresUrl, tempDir } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import type { RunningServer } from '../src/server.ts';
import { AccountStore } from '../src/store/account-store.ts';
import { openDb } from '../src/store/db.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register, signIn } from './device.ts';
import { api, playToEnd, startTestServer, storesFor, type Loose } from './helpers.ts';

let server: RunningServer;
let base: string;
const pgUrl = await postgresUrl();
const schema = newSchema('zilch_accounts');
const stores = storesFor(pgUrl, schema);

/** A human seat against a bot under quick rules, its seat 0 claimed as `name`. */
async function table(name: string) {
  const quick = { rules: 'classic', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }] };
  const t = await createGame(base, quick.rules, quick.seats as Loose);
  const token = t.seats[0]!.token!;
  await claimSeat(base, t.gameId, token, name);
  return { gameId: t.gameId, token };
}

describe.each(stores)('on %s', (_store, env) => {
  const tmp = tempDir();
  beforeAll(async () => {
    server = await startTestServer({
      ZILCH_DATA_DIR: tmp.dir,
      ZILCH_TRUST_PROXY: 'loopback',
      ...env,
    });
    base = server.url;
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
    if (env.DATABASE_URL) await dropSchema(env.DATABASE_URL, schema);
  });

  describe('sessions', () => {
    it('has no identity until a seat is linked, then a guest with an http-only, same-site cookie', async () => {
      const d = new Device(() => base);
      expect((await d.call('GET', '/api/account')).body).toEqual({ user: null });
      // Reading makes no session: no cookie, no row.
      expect(d.cookie).toBe('');
      const { gameId, token } = await table('Ada');
      const r = await d.call('POST', '/api/account/seats', { seats: [{ gameId, token }] });
      expect(r.status).toBe(200);
      expect(r.body.linked).toBe(1);
      expect(r.body.user).toMatchObject({ kind: 'guest', name: 'Ada', passkeys: 0 });
      expect(d.lastSetCookie).toMatch(/^zilch_session=/);
      expect(d.lastSetCookie).toMatch(/HttpOnly/i);
      expect(d.lastSetCookie).toMatch(/Path=\/api\/account/);
      // Plain http (localhost): no Secure flag, or the browser would drop the cookie.
      expect(d.lastSetCookie).not.toMatch(/Secure/i);
      expect((await d.call('GET', '/api/account')).body.user.id).toBe(r.body.user.id);
      const games = (await d.call('GET', '/api/account/games')).body.games;
      expect(games.map((g: Loose) => [g.id, g.yourSeats])).toEqual([[gameId, [0]]]);
    });

    it('sets Secure and SameSite=Strict behind a trusted proxy speaking https', async () => {
      const d = new Device(() => base, { 'x-forwarded-proto': 'https' });
      const { gameId, token } = await table('Bea');
      // The page's origin is the https one the proxy serves.
      const host = new URL(base).host;
      const r = await d.call(
        'POST',
        '/api/account/seats',
        { seats: [{ gameId, token }] },
        { origin: `https://${host}` },
      );
      expect(r.status).toBe(200);
      expect(d.lastSetCookie).toMatch(/; Secure/i);
      expect(d.lastSetCookie).toMatch(/SameSite=Strict/i);
    });

    it('refuses state-changing requests without this site as their Origin (CSRF)', async () => {
      const d = new Device(() => base);
      await d.call('POST', '/api/account/seats', { seats: [] });
      expect(d.cookie).not.toBe('');
      const foreign = await d.call(
        'POST',
        '/api/account/profile',
        { name: 'Mallory' },
        { origin: 'https://evil.example' },
      );
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe('CSRF');
      const none = await fetch(`${base}/api/account/signout`, {
        method: 'POST',
        headers: { cookie: d.cookie },
      });
      expect(none.status).toBe(403);
      expect(((await none.json()) as Loose).code).toBe('CSRF');
      // Unchanged: the session still works and kept its name.
      const me = await d.call('GET', '/api/account');
      expect(me.body.user).not.toBeNull();
      expect(me.body.user.name).toBeNull();
      // The same request from the site's own page goes through.
      expect((await d.call('POST', '/api/account/profile', { name: 'Rae' })).body.user.name).toBe(
        'Rae',
      );
    });

    it('keeps the dice and felt chosen on the profile, and refuses looks it does not know', async () => {
      const d = new Device(() => base);
      await d.call('POST', '/api/account/seats', { seats: [] });
      expect((await d.call('GET', '/api/account')).body.user.looks).toBeNull();
      const looks = { dice: 'numerals', felt: 'wine' };
      const saved = await d.call('POST', '/api/account/profile', { looks });
      expect(saved.status).toBe(200);
      expect(saved.body.user.looks).toEqual(looks);
      expect((await d.call('GET', '/api/account')).body.user.looks).toEqual(looks);
      // An unknown style, or a stray field, changes nothing.
      for (const bad of [
        { dice: 'gold', felt: 'wine' },
        { ...looks, extra: 1 },
        { dice: 'ruby' },
      ]) {
        const r = await d.call('POST', '/api/account/profile', { looks: bad });
        expect(r.status, JSON.stringify(bad)).toBe(400);
      }
      expect((await d.call('GET', '/api/account')).body.user.looks).toEqual(looks);
      // A name change leaves the looks alone.
      await d.call('POST', '/api/account/profile', { name: 'Rae' });
      expect((await d.call('GET', '/api/account')).body.user.looks).toEqual(looks);
    });

    it('documents every account route in the OpenAPI document', async () => {
      const doc = (await api(base, 'GET', '/api/openapi.json')).body;
      for (const path of [
        '/api/account',
        '/api/account/seats',
        '/api/account/games/{id}/tokens',
        '/api/account/passkeys/options',
        '/api/account/passkeys/{id}',
        '/api/account/signin',
        '/api/account/signin/recovery',
        '/api/account/recovery-codes',
      ])
        expect(doc.paths[path], path).toBeDefined();
      expect(doc.paths['/api/account/signin'].post.requestBody).toBeDefined();
    });

    it('answers NO_SESSION to a device without identity', async () => {
      const r = await new Device(() => base).call('GET', '/api/account/games');
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('NO_SESSION');
    });
  });

  describe('passkeys, seats and recovery codes', () => {
    const phone = new Device(() => base);
    const laptop = new Device(() => base);
    let key: SoftPasskey;
    let phoneGame: { gameId: string; token: string };
    let codes: string[];
    let accountId: string;

    beforeAll(() => {
      key = new SoftPasskey(base);
    });

    it('makes a guest an account with its first passkey, answering recovery codes once', async () => {
      phoneGame = await table('Cy');
      await phone.call('POST', '/api/account/seats', { seats: [phoneGame] });
      const guestId = (await phone.call('GET', '/api/account')).body.user.id;
      const r = await register(phone, key, 'Phone');
      expect(r.status).toBe(201);
      expect(r.body.user).toMatchObject({ id: guestId, kind: 'account', passkeys: 1 });
      codes = r.body.recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      accountId = guestId;
      const list = (await phone.call('GET', '/api/account/passkeys')).body.passkeys;
      expect(list.map((p: Loose) => p.label)).toEqual(['Phone']);
      // A second passkey on the account gives no new codes.
      const again = await register(phone, new SoftPasskey(base), 'Key');
      expect(again.status).toBe(201);
      expect(again.body.recoveryCodes).toBeUndefined();
      expect(again.body.user.passkeys).toBe(2);
    });

    it('refuses a registration whose challenge was not issued, or was used', async () => {
      const o = await phone.call('POST', '/api/account/passkeys/options');
      const answer = new SoftPasskey(base).register(o.body.options);
      expect(
        (await phone.call('POST', '/api/account/passkeys', { credential: answer })).status,
      ).toBe(201);
      const replay = await phone.call('POST', '/api/account/passkeys', { credential: answer });
      expect(replay.status).toBe(400);
      expect(replay.body.code).toBe('CHALLENGE_EXPIRED');
    });

    it('refuses a sign-in signed for another challenge', async () => {
      const d = new Device(() => base);
      await d.call('POST', '/api/account/signin/options');
      const forged = key.signIn({ challenge: 'not-the-one', rpId: new URL(base).hostname });
      const r = await d.call('POST', '/api/account/signin', { credential: forged });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('PASSKEY_NOT_VERIFIED');
    });

    it('signs in on another device, where the guest seats move to the account', async () => {
      const laptopGame = await table('Cy');
      await laptop.call('POST', '/api/account/seats', { seats: [laptopGame] });
      const laptopGuest = (await laptop.call('GET', '/api/account')).body.user.id;
      const before = laptop.cookie;
      const r = await signIn(laptop, key);
      expect(r.status).toBe(200);
      expect(r.body.user.id).toBe(accountId);
      // A new session id on sign-in (no fixation).
      expect(laptop.cookie).not.toBe(before);
      const ids = (await laptop.call('GET', '/api/account/games')).body.games.map(
        (g: Loose) => g.id,
      );
      expect(ids).toEqual(expect.arrayContaining([phoneGame.gameId, laptopGame.gameId]));
      // The guest is gone: its seats are the account's.
      expect(laptopGuest).not.toBe(accountId);
      const phoneIds = (await phone.call('GET', '/api/account/games')).body.games.map(
        (g: Loose) => g.id,
      );
      expect(phoneIds).toContain(laptopGame.gameId);
      // The laptop gets its own token for the phone's seat; it opens that seat.
      const t = await laptop.call('POST', `/api/account/games/${phoneGame.gameId}/tokens`);
      expect(t.status).toBe(200);
      const token = t.body.seats[0].token;
      expect(token).not.toBe(phoneGame.token);
      const view = await api(base, 'GET', `/api/games/${phoneGame.gameId}`, undefined, {
        authorization: `Bearer ${token}`,
      });
      expect(view.body.you).toBe(0);
    });

    it('never lets a guest take over a seat an account holds', async () => {
      const thief = new Device(() => base);
      const r = await thief.call('POST', '/api/account/seats', { seats: [phoneGame] });
      expect(r.body.linked).toBe(0);
      const mine = (await phone.call('GET', '/api/account/games')).body.games;
      expect(mine.map((g: Loose) => g.id)).toContain(phoneGame.gameId);
    });

    it('takes each recovery code once, and regenerating voids the old ones', async () => {
      const d = new Device(() => base);
      const first = await d.call('POST', '/api/account/signin/recovery', { code: codes[0] });
      expect(first.status).toBe(200);
      expect(first.body.user).toMatchObject({ id: accountId, recoveryCodesLeft: 9 });
      const again = await new Device(() => base).call('POST', '/api/account/signin/recovery', {
        code: codes[0],
      });
      expect(again.status).toBe(401);
      expect(again.body.code).toBe('BAD_RECOVERY_CODE');
      // Case and dashes do not matter.
      const loose = codes[1]!.toUpperCase().replaceAll('-', ' ');
      expect(
        (await new Device(() => base).call('POST', '/api/account/signin/recovery', { code: loose }))
          .status,
      ).toBe(200);
      const fresh = await d.call('POST', '/api/account/recovery-codes');
      expect(fresh.body.codes).toHaveLength(10);
      const old = await new Device(() => base).call('POST', '/api/account/signin/recovery', {
        code: codes[2],
      });
      expect(old.body.code).toBe('BAD_RECOVERY_CODE');
      codes = fresh.body.codes;
    });

    it('refuses to remove the last passkey', async () => {
      let list = (await phone.call('GET', '/api/account/passkeys')).body.passkeys as Loose[];
      for (const p of list.slice(1)) {
        const r = await phone.call('DELETE', `/api/account/passkeys/${p.id}`);
        expect(r.status).toBe(200);
      }
      list = (await phone.call('GET', '/api/account/passkeys')).body.passkeys;
      expect(list).toHaveLength(1);
      const last = await phone.call('DELETE', `/api/account/passkeys/${list[0].id}`);
      expect(last.status).toBe(409);
      expect(last.body.code).toBe('LAST_PASSKEY');
    });

    it('signs out one device only', async () => {
      expect((await laptop.call('POST', '/api/account/signout')).status).toBe(200);
      expect((await laptop.call('GET', '/api/account')).body.user).toBeNull();
      expect((await phone.call('GET', '/api/account')).body.user.id).toBe(accountId);
    });
  });

  it('sweeps expired sessions, then day-old guests no session or seat refers to', async () => {
    const c = loadConfig({ ZILCH_DATA_DIR: tmp.dir, LOG_LEVEL: 'silent', ...env });
    if (!c.ok) throw new Error(c.message);
    const db = await openDb(c.config);
    try {
      const store = new AccountStore(db.db);
      const now = Date.now();
      const guest = (id: string, at: number) =>
        store.addUser({
          id,
          kind: 'guest',
          name: null,
          colour: '#1f5f8b',
          looks: null,
          webauthn_id: `h-${id}`,
          created_at: at,
        });
      const old = now - 2 * 86_400_000;
      await guest('sweep-lone', old);
      await guest('sweep-seat', old);
      await store.linkSeat('sweep-seat', 'sweep-game', 0, old);
      await guest('sweep-live', old);
      await store.saveSession('sweep-s-live', 'sweep-live', '{}', now + 60_000);
      await guest('sweep-ended', old);
      await store.saveSession('sweep-s-ended', 'sweep-ended', '{}', now - 1);
      await guest('sweep-new', now);
      await store.purgeSessions(now);
      expect(await store.session('sweep-s-ended', 0)).toBeNull();
      expect(await store.session('sweep-s-live', now)).toBe('{}');
      const left = await Promise.all(
        ['lone', 'seat', 'live', 'ended', 'new'].map(async (k) =>
          (await store.user(`sweep-${k}`)) ? k : null,
        ),
      );
      expect(left.filter(Boolean)).toEqual(['seat', 'live', 'new']);
    } finally {
      await db.close();
    }
  });

  describe('statistics and deleting an account', () => {
    it('counts finished games per rule set, then anonymises them when the account goes', async () => {
      const d = new Device(() => base);
      const quick = {
        ...preset('serendipity-creak'),
        name: 'Quick',
        target: 300,
        end: 'immediate',
      };
      const t = await createGame(base, quick, [
        { kind: 'human' },
        { kind: 'bot', bot: 'cautious' },
      ] as Loose);
      const token = t.seats[0]!.token!;
      await claimSeat(base, t.gameId, token, 'Dot');
      await d.call('POST', '/api/account/seats', { seats: [{ gameId: t.gameId, token }] });
      await playToEnd(base, t.gameId, token);
      const stats = (await d.call('GET', '/api/account/stats')).body.byRules;
      expect(stats).toEqual([expect.objectContaining({ rules: 'Quick', games: 1 })]);
      expect((await api(base, 'GET', '/api/players/Dot/stats')).body.games).toBe(1);

      const r = await d.call('DELETE', '/api/account');
      expect(r.status).toBe(200);
      expect(d.cookie).toBe('');
      // The game stays, the seat renamed; statistics by the old name find nothing.
      const view = await api(base, 'GET', `/api/games/${t.gameId}`);
      expect(view.body.status).toBe('over');
      expect(view.body.seats[0].name).toBe('Deleted player');
      expect((await api(base, 'GET', '/api/players/Dot/stats')).body.games).toBe(0);
      // The old token still opens the seat (games stay whole).
      const mine = await api(base, 'GET', `/api/games/${t.gameId}`, undefined, {
        authorization: `Bearer ${token}`,
      });
      expect(mine.body.you).toBe(0);
    });
  });
});

describe('limits', () => {
  it('rate-limits the sign-in routes on their own budget', async () => {
    const tmp = tempDir();
    const s = await startTestServer({ ZILCH_DATA_DIR: tmp.dir, ZILCH_AUTH_RATE_LIMIT: '2' });
    try {
      const post = () =>
        fetch(`${s.url}/api/account/signin/options`, {
          method: 'POST',
          headers: { origin: s.url },
        });
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      const third = await post();
      expect(third.status).toBe(429);
      expect(((await third.json()) as Loose).code).toBe('RATE_LIMITED');
      // Reading who one is stays on the general budget.
      expect((await fetch(`${s.url}/api/account`)).status).toBe(200);
    } finally {
      await s.close();
      tmp.cleanup();
    }
  });
});
