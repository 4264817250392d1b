// One consistent read (issue 10, D7): with two processes on PostgreSQL + Redis, every view and
// every broadcast the second process sends holds the state of exactly the seq it carries.
// Before the fix `load()` read the row and the log in two queries, and a write landing between
// them gave a view whose seq/version was older than its state (8 % of views under load).
import { replay, type GameState } from '@zilch/engine';
import { canonicalJson } from '@zilch/protocol';
import {
  dropSchema,
  newSchema,
  postgresUrl,
  redisUrl,
  sleep,
  spawnServer,
  type ServerProcess,
} from '@zilch/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { api, client, type Loose } from './helpers.ts';

const pgUrl = await postgresUrl();
const redis = await redisUrl();
const schema = newSchema();
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  if (pgUrl) await dropSchema(pgUrl, schema);
});

/** What a view's state must agree on with the replay of its first `seq` entries. */
function fingerprint(s: GameState): string {
  return canonicalJson({
    scores: s.scores,
    current: s.current,
    phase: s.phase,
    turnNumber: s.turnNumber,
    turn: s.turn,
  });
}

describe.skipIf(!pgUrl || !redis)('views across two processes (PostgreSQL + Redis)', () => {
  it('every view and broadcast of the second process matches its seq', async () => {
    const env = {
      DATABASE_URL: pgUrl as string,
      ZILCH_PG_SCHEMA: schema,
      REDIS_URL: redis as string,
      ZILCH_BOT_DELAY_MS: '0',
    };
    const one = await spawnServer(env);
    servers.push(one);
    const two = await spawnServer(env);
    servers.push(two);

    // Bot tables driven by the first process; the second only reads (and hears broadcasts).
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const t = await api(one.url, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [
          { kind: 'bot', bot: 'cautious' },
          { kind: 'bot', bot: 'expected' },
        ],
      });
      ids.push(t.body.gameId);
    }
    const watcher = await client(two.url);
    for (const id of ids) await watcher.ask('join', { gameId: id });

    const views: Loose[] = [];
    const end = Date.now() + 6000;
    await Promise.all(
      ids.map(async (id) => {
        while (Date.now() < end) {
          const v = await api(two.url, 'GET', `/api/games/${id}`);
          if (v.status === 200) views.push(v.body);
          await sleep(2);
        }
      }),
    );
    const updates: Loose[] = watcher.updates.slice();
    watcher.close();

    const logs = new Map<string, Loose>();
    for (const id of ids) logs.set(id, (await api(one.url, 'GET', `/api/games/${id}/log`)).body);
    const torn: string[] = [];
    const check = (v: Loose, where: string) => {
      const log = logs.get(v.id);
      if (v.status === 'waiting') return;
      // The log only grows: its first `seq` entries are the ones this view claims to hold.
      if (v.seq > log.log.entries.length) return torn.push(`${where}: seq ${v.seq} beyond log`);
      const state = replay({ ...log.log, entries: log.log.entries.slice(0, v.seq) }).state;
      if (fingerprint(state) !== fingerprint(v.state))
        torn.push(`${where} ${v.id}: seq ${v.seq} v${v.version}`);
    };
    for (const v of views) check(v, 'view');
    for (const u of updates) {
      if (u.seq !== u.view.seq || u.version !== u.view.version) torn.push(`update ${u.seq}`);
      check(u.view, 'update');
    }
    expect(views.length).toBeGreaterThan(100);
    expect(updates.length).toBeGreaterThan(30);
    expect(torn).toEqual([]);
  }, 120_000);
});
