// No game can be stalled (issue 23, item 2): every quick-match table has a per-decision timer and
// a rule for an absent player. A rated player who stops moving forfeits and the rating settles
// once; a player who never shows up calls the game off and frees the other; a restart in the
// middle of a timer carries on from the stored deadline. SQLite and PostgreSQL.
import { dropSchema, newSchema, postgresUrl, tempDir, until } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import type { RunningServer } from '../src/server.ts';
import { openDb, type Db } from '../src/store/db.ts';
import { RatingStore } from '../src/store/rating-store.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { api, startTestServer, storesFor, type Loose } from './helpers.ts';

const pgUrl = await postgresUrl();
const schema = newSchema('zilch_absent');
const stores = storesFor(pgUrl, schema);

const TURN_S = 2;
/** A short timer and forfeit on the second timed-out decision in a row, so a test takes seconds. */
const ENV = {
  ZILCH_MATCH_TURN_SECONDS: String(TURN_S),
  ZILCH_MATCH_FORFEIT_AFTER: '2',
  ZILCH_MATCH_PASS_MS: '100',
  ZILCH_ABSENT_GRACE_MS: '1000',
  ZILCH_AUTH_RATE_LIMIT: '100000',
};
/** Dice that score nothing (a zilch) and dice where one 1 scores 100. */
const ZILCH = [2, 2, 3, 3, 4, 6];
const ONE = [1, 2, 2, 3, 4, 6];

describe.each(stores)('absent players at quick-match tables on %s', (_store, env) => {
  const tmp = tempDir();
  let server: RunningServer;
  const extra: Db[] = [];
  const base = () => server.url;
  const start = async () => {
    server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir, ...ENV, ...env });
  };
  beforeAll(start);
  afterAll(async () => {
    for (const d of extra) await d.close();
    await server?.close();
    tmp.cleanup();
    if (env.DATABASE_URL) await dropSchema(env.DATABASE_URL, schema);
  });

  /** A device signed up with a passkey: an account, as the rated queue wants. */
  async function account(name: string): Promise<Device> {
    const d = new Device(base);
    expect((await register(d, new SoftPasskey(base()))).status).toBe(201);
    expect((await d.call('POST', '/api/account/profile', { name })).body.user.kind).toBe('account');
    return d;
  }

  /** Queues both and answers each one's matched status (seat, token), in the order given. */
  async function pair(a: Device, b: Device, rated: boolean): Promise<Loose[]> {
    for (const d of [a, b])
      expect(
        (await d.call('POST', '/api/account/match', { preset: 'classic', rated })).status,
      ).toBe(200);
    return Promise.all(
      [a, b].map(async (d) => {
        let last: Loose;
        await until(async () => {
          last = (await d.call('GET', '/api/account/match')).body;
          return last.state === 'matched';
        }, 20_000);
        return last;
      }),
    );
  }

  const view = async (gameId: string): Promise<Loose> =>
    (await api(base(), 'GET', `/api/games/${gameId}`)).body;

  /** Plays one whole turn for `token`'s seat: a zilch, or a roll whose 1 is kept and banked. */
  async function turn(gameId: string, token: string, dice: number[]): Promise<void> {
    const v = await view(gameId);
    await api(base(), 'POST', `/api/test/games/${gameId}/dice`, { rolls: [dice] });
    const move = async (action: Loose, n: number) => {
      const r = await api(base(), 'POST', `/api/games/${gameId}/actions`, {
        token,
        clientId: `t${v.seq}-${n}`,
        action,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await move({ type: 'roll' }, 0);
    if (dice !== ZILCH) await move({ type: 'keep', dice: [0], then: 'bank' }, 1);
  }

  /** Waits until it is `seat`'s turn (or the game is over) and answers the view. */
  const turnOf = (gameId: string, seat: number) =>
    until(async () => {
      const v = await view(gameId);
      return v.status === 'over' || v.state.current === seat ? v : null;
    }, 20_000);

  const over = (gameId: string, ms: number) =>
    until(async () => {
      const v = await view(gameId);
      return v.status === 'over' ? v : null;
    }, ms);

  /** The game's log: each entry's action, seat and who made it. */
  async function log(gameId: string): Promise<Loose[]> {
    const b = (await api(base(), 'GET', `/api/games/${gameId}/log`)).body;
    return b.log.entries.map((e: Loose, i: number) => ({
      action: e.action,
      seat: e.action.seat,
      actor: b.actors[i],
    }));
  }

  async function otherProcess(): Promise<RatingStore> {
    const c = loadConfig({ ZILCH_DATA_DIR: tmp.dir, ...env });
    if (!c.ok) throw new Error(c.message);
    const db = await openDb(c.config);
    extra.push(db);
    return new RatingStore(db.db, db.dialect);
  }

  it('gives every matched table the per-decision timer, shown in the view as a deadline', async () => {
    const [a, b] = [await account('Ann'), await account('Bob')];
    const [ma] = await pair(a, b, false);
    const v = (
      await api(base(), 'GET', `/api/games/${ma.gameId}`, undefined, {
        authorization: `Bearer ${ma.token}`,
      })
    ).body;
    expect(v.status).toBe('playing');
    const left = v.timer.deadline - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(TURN_S * 1000);
    expect(v.absence).toEqual({ abortUnmoved: true, forfeitAfter: null });
    // Ending a game is the server's: a player cannot send a forfeit or an abort.
    for (const type of ['forfeit', 'abort']) {
      const r = await api(base(), 'POST', `/api/games/${ma.gameId}/actions`, {
        token: ma.token,
        clientId: `x-${type}`,
        action: { type },
      });
      expect(r.status).toBe(400);
      expect((await view(ma.gameId)).status).toBe('playing');
    }
  });

  it('a rated player who stops moving forfeits on the second timed-out decision; the rating settles once', async () => {
    const [a, b] = [await account('Cleo'), await account('Dan')];
    const [ma, mb] = await pair(a, b, true);
    const gameId = ma.gameId as string;
    expect(mb.gameId).toBe(gameId);
    const token: string[] = [];
    token[ma.seat] = ma.token;
    token[mb.seat] = mb.token;
    expect((await view(gameId)).absence).toEqual({ abortUnmoved: true, forfeitAfter: 2 });
    // The first to play zilches, the other banks 100 and leads: the first is the loser.
    const first = (await view(gameId)).state.current as number;
    const winner = 1 - first;
    await turn(gameId, token[first]!, ZILCH);
    await turnOf(gameId, winner);
    await turn(gameId, token[winner]!, ONE);
    await turnOf(gameId, first);
    // The loser now stops. Their first timed-out decision passes the turn…
    const stopped = Date.now();
    const back = await turnOf(gameId, winner);
    expect(back.status).toBe('playing');
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(TURN_S * 1000 - 250);
    await turn(gameId, token[winner]!, ZILCH);
    // …and the second, in a row, loses the game.
    const end = await over(gameId, TURN_S * 1000 + 5000);
    expect(end.state.winners).toEqual([winner]);
    const entries = await log(gameId);
    const lastTwo = entries.filter((e) => e.seat === first).slice(-2);
    expect(lastTwo.map((e) => [e.action.type, e.actor])).toEqual([
      ['timeout', 'timer'],
      ['forfeit', 'timer'],
    ]);
    // Both are freed: the quick-match page shows the queue, not the finished table.
    for (const d of [a, b])
      expect((await d.call('GET', '/api/account/match')).body).toEqual({ state: 'idle' });
    const rating = await until(async () => {
      const r = (await api(base(), 'GET', `/api/games/${gameId}/rating`)).body;
      return r.status === 'applied' ? r : null;
    }, 10_000);
    const change = new Map<number, number>(
      rating.changes.map((c: Loose) => [c.seat, c.after - c.before] as [number, number]),
    );
    expect(rating.changes).toHaveLength(2);
    expect(change.get(winner)).toBeGreaterThan(0);
    expect(change.get(first)).toBeLessThan(0);
    // Exactly once: another process's application, and the sweep, find it done.
    expect(await (await otherProcess()).apply(gameId, Date.now())).toBe('none');
    const who = (await (ma.seat === first ? a : b).call('GET', '/api/account')).body.user.id;
    const profile = (await api(base(), 'GET', `/api/players/${who}/ratings`)).body;
    expect(profile.history.filter((h: Loose) => h.gameId === gameId)).toHaveLength(1);
    expect(profile.ratings[0].games).toBe(1);
  }, 60_000);

  it('an opponent who never arrives calls the game off and frees the other, who can queue again', async () => {
    for (const rated of [false, true]) {
      const [a, b] = [await account('Eve'), await account('Fay')];
      // Fay joins and never comes back: she never opens the table.
      expect(
        (await b.call('POST', '/api/account/match', { preset: 'classic', rated })).status,
      ).toBe(200);
      expect(
        (await a.call('POST', '/api/account/match', { preset: 'classic', rated })).status,
      ).toBe(200);
      const ma = await until(async () => {
        const s = (await a.call('GET', '/api/account/match')).body;
        return s.state === 'matched' ? s : null;
      }, 20_000);
      const gameId = ma.gameId as string;
      const absent = 1 - (ma.seat as number);
      // Eve plays whenever it is her turn, at once; Fay never does.
      if ((await view(gameId)).state.current === ma.seat) await turn(gameId, ma.token, ONE);
      const end = await over(gameId, TURN_S * 1000 + 5000);
      expect(end.state.winners).toEqual([]);
      const entries = await log(gameId);
      expect(entries.at(-1).action).toEqual({ type: 'abort', seat: absent });
      expect(entries.some((e) => e.seat === absent && e.actor === 'absent')).toBe(false);
      // Freed: idle, and the queue takes her again.
      expect((await a.call('GET', '/api/account/match')).body).toEqual({ state: 'idle' });
      const again = await a.call('POST', '/api/account/match', { preset: 'classic', rated });
      expect(again.body.state).toBe('waiting');
      await a.call('DELETE', '/api/account/match');
      // A called-off rated game changes no rating.
      const r = await until(async () => {
        const x = (await api(base(), 'GET', `/api/games/${gameId}/rating`)).body;
        return x.status !== 'pending' ? x : null;
      }, 10_000);
      expect(r.status).toBe(rated ? 'void' : 'unrated');
      expect(r.changes).toEqual([]);
    }
  }, 60_000);

  it('a restart in the middle of a timer carries on: the forfeit still comes', async () => {
    const [a, b] = [await account('Gus'), await account('Hal')];
    const [ma, mb] = await pair(a, b, true);
    const gameId = ma.gameId as string;
    const token: string[] = [];
    token[ma.seat] = ma.token;
    token[mb.seat] = mb.token;
    const first = (await view(gameId)).state.current as number;
    const winner = 1 - first;
    await turn(gameId, token[first]!, ZILCH);
    await turnOf(gameId, winner);
    await turn(gameId, token[winner]!, ONE);
    await turnOf(gameId, first);
    // The loser stops; one timeout passes, then the server restarts while the second timer runs.
    await turnOf(gameId, winner);
    await turn(gameId, token[winner]!, ZILCH);
    expect((await view(gameId)).status).toBe('playing');
    await server.close();
    await start();
    const end = await over(gameId, TURN_S * 1000 + 15_000);
    expect(end.state.winners).toEqual([winner]);
    expect((await log(gameId)).at(-1).action).toEqual({ type: 'forfeit', seat: first });
    const r = await until(async () => {
      const x = (await api(base(), 'GET', `/api/games/${gameId}/rating`)).body;
      return x.status === 'applied' ? x : null;
    }, 10_000);
    expect(r.changes).toHaveLength(2);
  }, 60_000);
});
