// Rated tournaments (issue 24, item 4): a rated Swiss of four people plays to its end; every
// table moves both players' Glicko-2 ratings exactly once, by what the Glicko-2 maths and an
// ordinary rated game between two new players give, and each player's profile lists the
// tournament with their place.
import { until } from '@zilch/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { NEW_PLAYER, rateGame } from '../src/ratings/glicko.ts';
import { api, type Loose } from './helpers.ts';
import { playForced } from './forced-play.ts';
import { account, startStack, STORES, type Stack } from './tournament-kit.ts';

type Person = Awaited<ReturnType<typeof account>>;

describe.each(STORES)('a rated tournament on $name', (kind) => {
  let stack: Stack | null = null;
  afterAll(async () => {
    await stack?.close();
  });

  it('rates each table once, like any rated game, and is on every player’s profile', async () => {
    stack = await startStack(kind);
    // Two processes: moves go to the first (forced dice are a process's own), ratings and the
    // tournament are read from the last; both runners sweep, and each table is rated once.
    const base = stack.urls[0]!;
    const bases = stack.urls;
    const people: Person[] = [];
    for (let i = 0; i < 4; i++) people.push(await account(base));
    const [host] = people as [Person];
    const id = (
      await host.d.call('POST', '/api/account/tournaments', {
        name: 'Rated cup',
        rules: 'farkle-2017',
        format: 'swiss',
        players: 4,
        rated: true,
        bots: false,
      })
    ).body.id as string;
    for (const p of people.slice(1))
      expect((await p.d.call('POST', `/api/account/tournaments/${id}/join`)).status).toBe(200);
    const read = async () =>
      (await api(bases[bases.length - 1]!, 'GET', `/api/account/tournaments/${id}`)).body;
    const ratingOf = async (p: Person) =>
      (await api(bases[bases.length - 1]!, 'GET', `/api/players/${p.id}/ratings`)).body as Loose;
    const applied = (gameId: string) =>
      until(async () => {
        const r = (await api(base, 'GET', `/api/games/${gameId}/rating`)).body as Loose;
        return r.status === 'applied' ? r : null;
      }, 10_000);

    /** Plays every table of the round in play (seat 0 wins), then waits for the next step. */
    const playRound = async (t: Loose) => {
      for (const g of (t.games as Loose[]).filter((x) => x.round === t.round && !x.over)) {
        const tokens: string[] = [];
        for (const who of [g.a, g.b]) {
          const p = people.find((x) => x.id === who)!;
          const s = (await p.d.call('POST', `/api/account/tournaments/${id}/seat`)).body;
          expect(s.gameId).toBe(g.gameId);
          tokens[s.seat] = s.token;
        }
        await playForced(base, g.gameId, tokens, 0);
      }
      return until(async () => {
        const next = await read();
        if (next.status === 'over') return next;
        const ready = (next.games as Loose[]).filter((x) => x.round === next.round);
        return next.round > t.round && ready.every((x) => x.gameId) ? next : null;
      });
    };

    let t = await until(async () => {
      const x = await read();
      return x.status === 'running' && x.games.every((g: Loose) => g.gameId) ? x : null;
    });
    expect(t.games).toHaveLength(2);
    const first = t.games as Loose[];
    t = await playRound(t);

    // After round 1 (four new players, two tables): the Glicko-2 maths for one game each …
    const [won, lost] = rateGame(NEW_PLAYER, NEW_PLAYER, 1);
    for (const g of first) {
      const r = await applied(g.gameId);
      expect(r.changes).toHaveLength(2);
      for (const [who, want] of [
        [g.a, won],
        [g.b, lost],
      ] as const) {
        const mine = (await ratingOf(people.find((p) => p.id === who)!)).ratings as Loose[];
        expect(mine).toHaveLength(1);
        expect(mine[0]).toMatchObject({ preset: 'farkle-2017', games: 1 });
        expect(mine[0].rating).toBeCloseTo(want.rating, 6);
        expect(mine[0].deviation).toBeCloseTo(want.rd, 6);
      }
    }
    // … and exactly what an ordinary rated game between two new players gives.
    const [x, y] = [await account(base), await account(base)];
    const plain = (
      await api(base, 'POST', '/api/games', {
        rules: 'farkle-2017',
        seats: [{ kind: 'human' }, { kind: 'human' }],
        rated: true,
      })
    ).body;
    const toks = [plain.seats[0].token as string, plain.seats[1].token as string];
    for (const [i, p] of [x, y].entries())
      await p.d.call('POST', `/api/account/games/${plain.gameId}/claim`, { token: toks[i] });
    await playForced(base, plain.gameId, toks, 0);
    await applied(plain.gameId);
    const winner = people.find((p) => p.id === first[0].a)!;
    const loser = people.find((p) => p.id === first[0].b)!;
    expect((await ratingOf(x)).ratings).toEqual((await ratingOf(winner)).ratings);
    expect((await ratingOf(y)).ratings).toEqual((await ratingOf(loser)).ratings);

    while (t.status !== 'over') t = await playRound(t);
    expect(t.round).toBe(3);
    for (const g of t.games as Loose[]) expect((await applied(g.gameId)).changes).toHaveLength(2);
    for (const p of people) {
      const mine = (t.games as Loose[])
        .filter((g) => g.a === p.id || g.b === p.id)
        .map((g) => g.gameId as string);
      const r = await ratingOf(p);
      // Three tables, three rated games: none counted twice, none missed.
      expect(r.ratings[0].games).toBe(3);
      expect((r.history as Loose[]).map((h) => h.gameId).sort()).toEqual(mine.sort());
      const history = (await api(base, 'GET', `/api/account/tournaments/player/${p.id}`)).body;
      const entry = (history.tournaments as Loose[]).find((h) => h.id === id);
      expect(entry).toMatchObject({ status: 'over', rated: true });
      expect(entry.rank).toBe(t.standings.find((s: Loose) => s.id === p.id).rank);
    }
  }, 120_000);
});
