// "Your next game is ready" (issue 24, item 3): when a tournament makes a player's table, the
// player gets a Web Push of kind `tournament` (to the local push service this test runs, which
// decrypts it) and the in-app notice lists the table (GET /api/account/tournaments/tables), in
// round 1 and again in round 2; a table that is over leaves the notice.
import { preset } from '@zilch/engine';
import type { PushPayload } from '@zilch/protocol';
import { PushEndpoint, until } from '@zilch/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { api, type Loose } from './helpers.ts';
import { playForced } from './forced-play.ts';
import { account, startStack, STORES, type Stack } from './tournament-kit.ts';

/** A received push's decrypted payload. */
const payloadOf = (x: { payload: unknown }) => x.payload as PushPayload;

describe.each(STORES)('tournament game notices on $name', (kind) => {
  let stack: Stack | null = null;
  let push: PushEndpoint | null = null;
  afterAll(async () => {
    await stack?.close();
    await push?.close();
  });

  it('pushes and lists each next game with the tournament kind', async () => {
    push = await PushEndpoint.start();
    stack = await startStack(kind, {
      ZILCH_PUSH_HTTP_ENDPOINTS: '1',
      ZILCH_PUSH_HOSTS: '127.0.0.1',
    });
    // Two processes: Ann on the first, Ben on the last, moves rotating over both; both runners
    // sweep, yet each table is pushed once.
    const base = stack.urls[0]!;
    const bases = stack.urls;
    const [ann, ben] = [await account(base), await account(bases[bases.length - 1]!)];
    const subs = new Map<string, string>();
    for (const p of [ann, ben]) {
      const sub = push.subscription();
      const r = await p.d.call('POST', '/api/account/push/subscriptions', { subscription: sub });
      expect(r.status).toBe(200);
      // The new kind is on by default, and offered among the settings.
      expect(r.body.settings.kinds).toContain('tournament');
      subs.set(p.id, sub.endpoint);
    }
    const guest = await api(base, 'GET', '/api/account/tournaments/tables');
    expect(guest.status).toBe(401);

    const id = (
      await ann.d.call('POST', '/api/account/tournaments', {
        name: 'Notice cup',
        rules: { ...preset('serendipity-creak'), target: 1000 },
        format: 'swiss',
        players: 4,
      })
    ).body.id as string;
    expect(id).toBeTruthy();
    await ben.d.call('POST', `/api/account/tournaments/${id}/join`);
    await ann.d.call('POST', `/api/account/tournaments/${id}/start`);

    /** This person's table of `round` once it is made. */
    const tableOf = (who: { id: string }, round: number) =>
      until(async () => {
        const t = (await api(base, 'GET', `/api/account/tournaments/${id}`)).body;
        const g = (t.games as Loose[]).find(
          (x) => x.round === round && (x.a === who.id || x.b === who.id),
        );
        return g?.gameId ? (g as Loose) : null;
      });
    /** Checks the push and the in-app notice of one person's table. */
    const noticed = async (who: typeof ann, gameId: string, round: number) => {
      const got = await until(() =>
        push!
          .for(subs.get(who.id)!)
          .find((x) => payloadOf(x).kind === 'tournament' && payloadOf(x).gameId === gameId),
      );
      expect(got.payload).toEqual({
        kind: 'tournament',
        gameId,
        title: 'Tournament game',
        body: 'Your next game in Notice cup is ready.',
        url: `/tournaments/${id}`,
      });
      const tables = (await who.d.call('GET', '/api/account/tournaments/tables')).body;
      expect(tables.tables).toEqual([
        { kind: 'tournament', tournamentId: id, name: 'Notice cup', round, gameId },
      ]);
    };

    const annFirst = await tableOf(ann, 1);
    const benFirst = await tableOf(ben, 1);
    await noticed(ann, annFirst.gameId, 1);
    await noticed(ben, benFirst.gameId, 1);

    // Round 1 played out (the people's seats through their tokens, bots by themselves).
    for (const g of new Map([annFirst, benFirst].map((g) => [g.gameId as string, g])).values()) {
      const tokens: string[] = [];
      for (const who of [ann, ben].filter((p) => p.id === g.a || p.id === g.b)) {
        const s = (await who.d.call('POST', `/api/account/tournaments/${id}/seat`)).body;
        tokens[s.seat] = s.token;
      }
      await playForced(bases, g.gameId, tokens, 0);
    }
    // Round 2: Ann's next table is pushed and listed; round 1's is no longer.
    const annSecond = await tableOf(ann, 2);
    expect(annSecond.gameId).not.toBe(annFirst.gameId);
    await noticed(ann, annSecond.gameId, 2);
    // One push per table: none sent twice.
    const kinds = push.for(subs.get(ann.id)!).filter((x) => payloadOf(x).kind === 'tournament');
    expect(kinds.map((x) => payloadOf(x).gameId)).toEqual([annFirst.gameId, annSecond.gameId]);
    expect(push.refused).toEqual([]);
  }, 60_000);
});
