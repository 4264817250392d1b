import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, newSchema, postgresUrl, until } from '@zilch/testkit';
import { loadConfig } from '../src/config/config.ts';
import type { RunningServer } from '../src/server.ts';
import { openDb } from '../src/store/db.ts';
import { GameStore, VersionConflict } from '../src/store/game-store.ts';
import { api, client, startTestServer } from './helpers.ts';

const url = await postgresUrl();
const schema = newSchema();

function testConfig() {
  const c = loadConfig({
    DATABASE_URL: url as string,
    ZILCH_PG_SCHEMA: schema,
    ZILCH_PG_POOL: '2',
  });
  if (!c.ok) throw new Error(c.message);
  return c.config;
}

describe.skipIf(!url)('on PostgreSQL', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ DATABASE_URL: url as string, ZILCH_PG_SCHEMA: schema });
  });
  afterAll(async () => {
    await server?.close();
    await dropSchema(url as string, schema);
  });

  /** A new two-player table, a store of this test's own on its database, and the stored game. */
  async function tableAndStore() {
    const t = (
      await api(server.url, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [{ kind: 'human' }, { kind: 'human' }],
      })
    ).body;
    const store = new GameStore((await openDb(testConfig())).db, 'postgres');
    return { t, store, g: (await store.get(t.gameId))! };
  }
  const entry = (seq: number, clientId: string) => ({
    seq,
    clientId,
    seat: 0,
    action: { type: 'roll' as const, seat: 0 },
    dice: [[1, 2, 3, 4, 5, 6]],
    events: [],
    actor: 'player' as const,
    at: Date.now(),
  });

  it('a write against a moved version is refused (two writers, one game)', async () => {
    const { t, store, g } = await tableAndStore();
    const next = { ...g, version: g.version + 1, seq: 1 };
    await store.write({ game: next, expectedVersion: g.version, entry: entry(1, 'w1') });
    await expect(
      store.write({ game: next, expectedVersion: g.version, entry: entry(1, 'w2') }),
    ).rejects.toBeInstanceOf(VersionConflict);
    expect((await store.entries(t.gameId)).map((e) => e.clientId)).toEqual(['w1']);
    await store.db.destroy();
  });

  it("a game's last action stores its entry and results and drops its lease, or nothing when stale", async () => {
    const { t, store, g } = await tableAndStore();
    const last = entry(1, 'last');
    const results = [0, 1].map((seat) => ({
      seat,
      name: `P${seat}-${t.gameId}`,
      kind: 'human',
      won: seat === 0,
      score: 100 - seat,
      turns: 3,
      points: 100,
      zilches: seat,
      faces: [1, 2, 3, 4, 5, 6],
    }));
    const over = {
      ...g,
      version: g.version + 1,
      seq: 1,
      status: 'over' as const,
      finishedAt: Date.now(),
      finalScores: [100, 99],
    };
    const leases = () =>
      store.db.selectFrom('leases').select('game_id').where('game_id', '=', t.gameId).execute();
    expect(await leases()).toHaveLength(1);
    await expect(
      store.write({ game: over, expectedVersion: g.version - 1, entry: last, results }),
    ).rejects.toBeInstanceOf(VersionConflict);
    expect(await store.entries(t.gameId)).toHaveLength(0);
    expect(await store.playerResults(results[0]!.name)).toHaveLength(0);
    expect(await leases()).toHaveLength(1);

    await store.write({ game: over, expectedVersion: g.version, entry: last, results });
    expect((await store.get(t.gameId))?.status).toBe('over');
    expect((await store.entries(t.gameId)).map((e) => e.clientId)).toEqual(['last']);
    expect(await store.playerResults(results[0]!.name)).toEqual([results[0]]);
    expect(await store.playerResults(results[1]!.name)).toEqual([results[1]]);
    expect(await leases()).toHaveLength(0);
    await store.db.destroy();
  });

  it('plays, stores and lists games with the same code', async () => {
    const base = server.url;
    const t = (
      await api(base, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'bold' }],
      })
    ).body;
    const token = t.seats[0].token;
    const claimed = await api(base, 'POST', `/api/games/${t.gameId}/claim`, { token, name: 'Pat' });
    expect(claimed.body.view.status).toBe('playing');
    const c = await client(base);
    await c.ask('join', { gameId: t.gameId, token });
    await until(
      async () => (await api(base, 'GET', `/api/games/${t.gameId}`)).body.state.current === 0,
    );

    // The same client id sent twice at once is applied once.
    const v = (await api(base, 'GET', `/api/games/${t.gameId}`)).body;
    const action = v.state.phase === 'choose' ? { type: 'fresh' } : { type: 'roll' };
    const [x, y] = await Promise.all([
      c.ask('action', { gameId: t.gameId, clientId: 'same', action }),
      api(base, 'POST', `/api/games/${t.gameId}/actions`, { token, clientId: 'same', action }),
    ]);
    expect(x.ok).toBe(true);
    expect(y.body.seq).toBe(x.seq);
    const log = (await api(base, 'GET', `/api/games/${t.gameId}/log`)).body;
    expect(log.log.entries.filter((_: unknown, i: number) => log.seqs[i] === x.seq)).toHaveLength(
      1,
    );
    expect(log.log.entries).toHaveLength(x.seq);
    c.close();

    const bots = (
      await api(base, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [
          { kind: 'bot', bot: 'cautious' },
          { kind: 'bot', bot: 'random' },
        ],
        public: true,
      })
    ).body;
    await until(
      async () => (await api(base, 'GET', `/api/games/${bots.gameId}`)).body.status === 'over',
      40_000,
    );
    expect((await api(base, 'GET', `/api/games/${bots.gameId}/verify`)).body.ok).toBe(true);
    const finished = (await api(base, 'GET', '/api/games?status=finished')).body.games;
    expect(finished.map((g: { id: string }) => g.id)).toContain(bots.gameId);
    const stats = (
      await api(base, 'GET', `/api/players/${encodeURIComponent('Cautious bot 1')}/stats`)
    ).body;
    expect(stats.games).toBe(1);
    expect(stats.faces.observed.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThan(0);
  });
});
