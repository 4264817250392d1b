// Tournaments (issue 24, items 3–6): create, join, leave, edit and start with clear refusals;
// a whole Swiss of four (one person, three filler bots at zero bot delay) to its final table,
// the standings checked against the games' own results; a restart in the middle of a round
// carries on; two server instances on one PostgreSQL (and Redis) never pair a round twice.
import {
  dropSchema,
  newSchema,
  pickMove,
  postgresUrl,
  redisUrl,
  tempDir,
  until,
} from '@zilch/testkit';
import { preset } from '@zilch/engine';
import { TOURNAMENTS_PER_DAY } from '@zilch/protocol';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { api, startTestServer, type Loose } from './helpers.ts';

const pgUrl = await postgresUrl();
const redis = await redisUrl();
const schema = newSchema('zilch_tour');

/** A short game: house rules to 1,000 points, so a table of bots ends in moments. */
const SHORT = { ...preset('serendipity-creak'), target: 1000 };

const limits = {
  ZILCH_AUTH_RATE_LIMIT: '100000',
  ZILCH_RATE_LIMIT: '100000',
  ZILCH_COSTLY_RATE_LIMIT: '100000',
};

let n = 0;
/** A signed-in account with a unique name on the server at `base()`. */
async function account(base: () => string): Promise<{ d: Device; id: string; name: string }> {
  const d = new Device(base);
  const made = await d.call('POST', '/api/account/seats', { seats: [] });
  expect((await register(d, new SoftPasskey(base()))).status).toBe(201);
  const name = `Tp${++n}x${Math.floor(Math.random() * 1e6)}`;
  expect((await d.call('POST', '/api/account/profile', { name })).status).toBe(200);
  return { d, id: made.body.user.id as string, name };
}

/** Plays the person's tables as they come (random legal moves) until the tournament is over. */
async function playThrough(base: string, who: { d: Device }, id: string): Promise<Loose> {
  let t: Loose = null;
  await until(
    async () => {
      t = (await who.d.call('GET', `/api/account/tournaments/${id}`)).body;
      if (t.status === 'over') return true;
      if (t.you?.gameId) {
        const seat = (await who.d.call('POST', `/api/account/tournaments/${id}/seat`)).body;
        expect(seat.gameId).toBe(t.you.gameId);
        await playSeat(base, seat.gameId, seat.token, seat.seat);
      }
      return false;
    },
    120_000,
    50,
  );
  return t;
}

/** Plays one seat with random legal moves until the table is over. */
async function playSeat(base: string, gameId: string, token: string, seat: number) {
  await until(
    async () => {
      const v = (await api(base, 'GET', `/api/games/${gameId}`)).body as Loose;
      if (v.status === 'over') return true;
      if (v.state.current === seat) {
        const move = pickMove(v.state);
        if (move)
          await api(base, 'POST', `/api/games/${gameId}/actions`, {
            token,
            clientId: `c${v.seq}`,
            action: move,
          });
      }
      return false;
    },
    60_000,
    5,
  );
}

/** Standings computed here from the games alone: a win or a bye 1 point, a draw ½; Buchholz. */
function expectedPoints(t: Loose): Map<string, { points: number; buchholz: number }> {
  const pts = new Map<string, number>(t.people.map((p: Loose) => [p.id, 0]));
  const opp = new Map<string, string[]>(t.people.map((p: Loose) => [p.id, []]));
  for (const g of t.games as Loose[]) {
    if (g.b === null) pts.set(g.a, pts.get(g.a)! + 1);
    else {
      opp.get(g.a)!.push(g.b);
      opp.get(g.b)!.push(g.a);
      if (g.winner === null) {
        pts.set(g.a, pts.get(g.a)! + 0.5);
        pts.set(g.b, pts.get(g.b)! + 0.5);
      } else pts.set(g.winner, pts.get(g.winner)! + 1);
    }
  }
  const out = new Map<string, { points: number; buchholz: number }>();
  for (const [id, p] of pts)
    out.set(id, { points: p, buchholz: opp.get(id)!.reduce((s, o) => s + pts.get(o)!, 0) });
  return out;
}

/** Checks a finished Swiss of four: three rounds, no pairing repeated, standings from the games. */
function checkFinishedSwiss(t: Loose) {
  expect(t.status).toBe('over');
  expect(t.round).toBe(3);
  const rounds = new Set((t.games as Loose[]).map((g) => g.round));
  expect([...rounds].sort()).toEqual([1, 2, 3]);
  const seen = new Set<string>();
  for (const g of t.games as Loose[]) {
    expect(g.over).toBe(true);
    expect(g.gameId).toBeTruthy();
    const key = [g.a, g.b].sort().join('|');
    expect(seen.has(key), `${key} met twice`).toBe(false);
    seen.add(key);
  }
  const want = expectedPoints(t);
  for (const s of t.standings as Loose[]) {
    expect({ points: s.points, buchholz: s.buchholz }).toEqual(want.get(s.id));
  }
  const pts = (t.standings as Loose[]).map((s) => s.points);
  expect(pts).toEqual([...pts].sort((a, b) => b - a));
  expect((t.standings as Loose[]).map((s) => s.rank)).toEqual([1, 2, 3, 4]);
}

describe('tournaments on one server (SQLite)', () => {
  const tmp = tempDir();
  let server: RunningServer | null = null;
  let base = '';
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it('creates, joins, leaves, edits and refuses bad input with clear errors', async () => {
    server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir, ...limits });
    base = server.url;
    const paths = (await api(base, 'GET', '/api/openapi.json')).body.paths as Loose;
    for (const p of [
      '/api/account/tournaments',
      '/api/account/tournaments/{id}',
      '/api/account/tournaments/{id}/join',
      '/api/account/tournaments/{id}/seat',
      '/api/account/tournaments/player/{userId}',
    ])
      expect(paths[p], p).toBeDefined();

    const guest = new Device(() => base);
    await guest.call('POST', '/api/account/seats', { seats: [] });
    const g = await guest.call('POST', '/api/account/tournaments', {
      name: 'Guests',
      rules: 'classic',
      format: 'swiss',
      players: 4,
    });
    expect(g.status).toBe(403);
    expect(g.body.code).toBe('NOT_AN_ACCOUNT');

    const a = await account(() => base);
    const bad = async (body: Loose, code: string, re: RegExp) => {
      const r = await a.d.call('POST', '/api/account/tournaments', body);
      expect(r.body.code, JSON.stringify(r.body)).toBe(code);
      expect(r.body.message).toMatch(re);
    };
    const ok = { name: 'Friday cup', rules: 'classic', format: 'swiss', players: 4 };
    await bad({ ...ok, players: 3 }, 'BAD_REQUEST', /players/);
    await bad({ ...ok, players: 65 }, 'BAD_REQUEST', /players/);
    await bad({ ...ok, format: 'arena' }, 'BAD_REQUEST', /format/);
    await bad({ ...ok, name: 'x' }, 'BAD_REQUEST', /name/);
    await bad({ ...ok, rules: 'no-such-preset' }, 'BAD_RULES', /Unknown preset/);
    await bad({ ...ok, rules: SHORT, rated: true }, 'NOT_RATEABLE', /preset/);
    await bad({ ...ok, startAt: Date.now() - 3_600_000 }, 'BAD_REQUEST', /past/);

    const made = await a.d.call('POST', '/api/account/tournaments', {
      ...ok,
      rated: true,
      startAt: Date.now() + 3_600_000,
      bots: false,
    });
    expect(made.status).toBe(200);
    const id = made.body.id as string;
    expect(made.body).toMatchObject({ status: 'open', entrants: 1, rounds: 3 });
    expect(made.body.you).toEqual({ joined: true, creator: true, gameId: null });

    const b = await account(() => base);
    expect((await b.d.call('POST', `/api/account/tournaments/${id}/join`)).body.entrants).toBe(2);
    expect(
      (await b.d.call('POST', `/api/account/tournaments/${id}/edit`, { name: 'Mine' })).body.code,
    ).toBe('NOT_CREATOR');
    expect((await b.d.call('POST', `/api/account/tournaments/${id}/start`)).body.code).toBe(
      'NOT_CREATOR',
    );
    expect((await b.d.call('POST', `/api/account/tournaments/${id}/leave`)).body.entrants).toBe(1);
    expect((await b.d.call('POST', `/api/account/tournaments/${id}/leave`)).body.code).toBe(
      'NOT_FOUND',
    );
    const renamed = await a.d.call('POST', `/api/account/tournaments/${id}/edit`, {
      name: 'Saturday cup',
    });
    expect(renamed.body.name).toBe('Saturday cup');
    const lobby = (await api(base, 'GET', '/api/account/tournaments')).body.tournaments as Loose[];
    expect(lobby.find((t) => t.id === id)?.name).toBe('Saturday cup');

    // Full: four people and it starts at once; then it cannot be joined, left or edited.
    const others = [b, await account(() => base), await account(() => base)];
    for (const o of others)
      expect((await o.d.call('POST', `/api/account/tournaments/${id}/join`)).status).toBe(200);
    const running = (await a.d.call('GET', `/api/account/tournaments/${id}`)).body;
    expect(running.status).toBe('running');
    expect(running.round).toBe(1);
    expect(running.games).toHaveLength(2);
    expect(running.you.gameId).toBeTruthy();
    // Rated: its tables between two people are rated tables (Glicko-2 applies when they end).
    for (const g of running.games) expect(await server!.service.isRated(g.gameId)).toBe(true);
    const late = await account(() => base);
    expect((await late.d.call('POST', `/api/account/tournaments/${id}/join`)).body.code).toBe(
      'TOURNAMENT_STARTED',
    );
    expect((await b.d.call('POST', `/api/account/tournaments/${id}/leave`)).body.code).toBe(
      'TOURNAMENT_STARTED',
    );
    const edit = await a.d.call('POST', `/api/account/tournaments/${id}/edit`, { name: 'Later' });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('TOURNAMENT_STARTED');
    expect((await api(base, 'GET', '/api/account/tournaments/nope')).body.code).toBe('NOT_FOUND');

    // The daily cap: the creator made one; the rest up to the cap pass, the next is refused.
    for (let i = 1; i < TOURNAMENTS_PER_DAY; i++)
      expect((await a.d.call('POST', '/api/account/tournaments', ok)).status).toBe(200);
    const capped = await a.d.call('POST', '/api/account/tournaments', ok);
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe('DAILY_LIMIT');
  });

  it('plays a Swiss of four (one person, three bots) to its final table', async () => {
    const me = await account(() => base);
    const made = await me.d.call('POST', '/api/account/tournaments', {
      name: 'Bots and me',
      rules: SHORT,
      format: 'swiss',
      players: 4,
    });
    const id = made.body.id as string;
    const started = await me.d.call('POST', `/api/account/tournaments/${id}/start`);
    expect(started.body.status).toBe('running');
    expect(started.body.people.filter((p: Loose) => p.bot)).toHaveLength(3);
    const t = await playThrough(base, me, id);
    checkFinishedSwiss(t);
    // Unrated tournament: no table of it is rated.
    for (const g of t.games) expect(await server!.service.isRated(g.gameId)).toBe(false);
    const history = (await api(base, 'GET', `/api/account/tournaments/player/${me.id}`)).body;
    const mine = history.tournaments.find((x: Loose) => x.id === id);
    expect(mine.rank).toBe(t.standings.find((s: Loose) => s.id === me.id).rank);
  }, 180_000);

  it('carries on after a restart in the middle of a round', async () => {
    const me = await account(() => base);
    const id = (
      await me.d.call('POST', '/api/account/tournaments', {
        name: 'Restarted',
        rules: SHORT,
        format: 'swiss',
        players: 4,
      })
    ).body.id as string;
    await me.d.call('POST', `/api/account/tournaments/${id}/start`);
    // Round 1 waits on the person's table (the bots' one ends at once): stop the server there.
    await until(async () => {
      const t = (await me.d.call('GET', `/api/account/tournaments/${id}`)).body;
      return t.games.some((g: Loose) => g.over && g.b !== null) && t.you.gameId;
    });
    const before = (await me.d.call('GET', `/api/account/tournaments/${id}`)).body;
    expect(before.round).toBe(1);
    await server!.close();
    server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir, ...limits });
    base = server.url;
    const t = await playThrough(base, me, id);
    checkFinishedSwiss(t);
    expect(t.games.filter((g: Loose) => g.round === 1).map((g: Loose) => g.gameId)).toEqual(
      before.games.map((g: Loose) => g.gameId),
    );
  }, 180_000);
});

describe.skipIf(!pgUrl || !redis)('two server instances on one PostgreSQL and Redis', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    if (pgUrl) await dropSchema(pgUrl, schema);
  });

  it('never pair a round twice nor make two tables for one board', async () => {
    const env = {
      DATABASE_URL: pgUrl!,
      ZILCH_PG_SCHEMA: schema,
      REDIS_URL: redis!,
      ZILCH_DATA_DIR: tempDir().dir,
      ...limits,
    };
    servers.push(await startTestServer(env));
    servers.push(await startTestServer(env));
    const [one, two] = servers as [RunningServer, RunningServer];
    const me = await account(() => one.url);
    // Eight seats: the creator leaves, so eight bots play every table on either process.
    const id = (
      await me.d.call('POST', '/api/account/tournaments', {
        name: 'Two processes',
        rules: SHORT,
        format: 'swiss',
        players: 8,
      })
    ).body.id as string;
    await me.d.call('POST', `/api/account/tournaments/${id}/leave`);
    expect((await me.d.call('POST', `/api/account/tournaments/${id}/start`)).status).toBe(200);
    // Both processes keep reading it (each GET on the other adds nothing); both runners sweep.
    let t: Loose = null;
    await until(
      async () => {
        t = (await api(two.url, 'GET', `/api/account/tournaments/${id}`)).body;
        await api(one.url, 'GET', `/api/account/tournaments/${id}`);
        return t.status === 'over';
      },
      120_000,
      50,
    );
    expect(t.round).toBe(3);
    const c = new pg.Client({ connectionString: pgUrl! });
    await c.connect();
    try {
      await c.query(`set search_path to ${schema}`);
      const rounds = await c.query(
        'select round, count(*)::int as n from tournament_games where tournament_id = $1 group by round order by round',
        [id],
      );
      expect(rounds.rows).toEqual([
        { round: 1, n: 4 },
        { round: 2, n: 4 },
        { round: 3, n: 4 },
      ]);
      const paired = await c.query(
        'select count(*)::int as n from tournament_rounds where tournament_id = $1',
        [id],
      );
      expect(paired.rows[0].n).toBe(3);
      // Every table made is a board's: no orphan made by a process that lost a race.
      const games = await c.query('select count(*)::int as n from games');
      expect(games.rows[0].n).toBe(12);
    } finally {
      await c.end();
    }
  }, 180_000);
});
