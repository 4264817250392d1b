// Puzzles cut from stored games (issue 25 item 3): a game played to the end on a real server with
// scripted dice (a self-played game replayed move by move) is mined once it is over; its puzzles
// appear in the bank of its rules with the game as their source, once; mining it again, by
// another process or after its claim is gone, adds nothing. SQLite and PostgreSQL.
import {
  applyAction,
  lean,
  preset,
  recordingDice,
  seededDice,
  type Action,
  type GameLog,
} from '@zilch/engine';
import { advise, createBot, puzzlesFromLog, type Puzzle } from '@zilch/strategy';
import { dropSchema, newSchema, postgresUrl, tempDir, until } from '@zilch/testkit';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { PuzzleMiner } from '../src/puzzles/mine.ts';
import { PuzzleService } from '../src/puzzles/service.ts';
import { PuzzleSourceStore } from '../src/puzzles/source-store.ts';
import { PuzzleStore } from '../src/puzzles/store.ts';
import type { RunningServer } from '../src/server.ts';
import { openDb, type Db } from '../src/store/db.ts';
import { api, startTestServer, storesFor, type Loose } from './helpers.ts';

// A small target keeps the pool's exact solve to seconds; seat 1 starts, so no setup dice.
const rules = {
  ...preset('serendipity-creak'),
  name: 'mining 1500',
  target: 1500,
  firstPlayer: 'seat-1' as const,
};
const BANK = 'mining-1500';
const PER_GAME = 3;

/** A self-played game (cautious against bold) as its moves and the dice each one rolled. */
function selfPlayed(seed: number): GameLog {
  const bots = [createBot('cautious', rules, seed), createBot('bold', rules, seed + 1)];
  const dice = recordingDice(seededDice(seed));
  let state = lean.initialState(rules, 2, 0);
  const entries: { action: Action; dice: number[][] }[] = [];
  while (state.phase !== 'over') {
    const action = bots[state.current]!.decide(state);
    const r = applyAction(state, action, dice);
    if (!r.ok) throw new Error(r.error.message);
    entries.push({ action, dice: dice.take() });
    state = r.state;
  }
  return { rules, players: 2, setupDice: [], entries };
}

// The first seeded game with a puzzle in it, and the puzzles the miner should cut from it.
const rank = (s: Parameters<typeof advise>[0], m: 'win' | 'points') => advise(s, m);
let game: GameLog | null = null;
let expected: Puzzle[] = [];
for (let seed = 1; seed < 40 && expected.length === 0; seed++) {
  game = selfPlayed(seed);
  expected = await puzzlesFromLog(game, rank, 'x', { max: PER_GAME });
}
const pgUrl = await postgresUrl();
const schema = newSchema('zilch_mining');

describe.each(storesFor(pgUrl, schema))('puzzles mined from games on %s', (_name, env) => {
  const data = tempDir();
  const cache = tempDir();
  let server: RunningServer;
  let base: string;
  let db: Db;
  let vars: Record<string, string>;
  beforeAll(async () => {
    vars = {
      ZILCH_DATA_DIR: data.dir,
      ZILCH_CACHE_DIR: cache.dir,
      ZILCH_PUZZLE_MINE_MS: '500',
      ZILCH_PUZZLE_PER_GAME: String(PER_GAME),
      ...env,
    };
    server = await startTestServer(vars, { puzzleBanks: [{ id: BANK, rules }] });
    base = server.url;
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
    data.cleanup();
    cache.cleanup();
    if (env.DATABASE_URL) await dropSchema(env.DATABASE_URL, schema);
  });

  it('cuts the puzzles of a finished game into its bank, once, with the game as source', async () => {
    expect(expected.length).toBeGreaterThan(0);
    const log = game!;
    const t = (
      await api(base, 'POST', '/api/games', {
        rules,
        public: true,
        seats: [{ kind: 'human' }, { kind: 'human' }],
      })
    ).body as Loose;
    const tokens = t.seats.map((s: Loose) => s.token as string);
    for (const [i, token] of tokens.entries()) {
      const c = await api(base, 'POST', `/api/games/${t.gameId}/claim`, { token, name: `P${i}` });
      expect(c.status).toBe(200);
    }
    // Replay the self-played game: each move with the dice it rolled queued first.
    for (const [i, e] of log.entries.entries()) {
      if (e.dice.length > 0) {
        const q = await api(base, 'POST', `/api/test/games/${t.gameId}/dice`, { rolls: e.dice });
        expect(q.status).toBe(200);
      }
      const { seat, ...action } = e.action;
      const r = await api(base, 'POST', `/api/games/${t.gameId}/actions`, {
        token: tokens[seat],
        clientId: `m${i}`,
        action,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const over = (await api(base, 'GET', `/api/games/${t.gameId}`)).body as Loose;
    expect(over.status).toBe('over');

    // Mined once it ends, and again on the timer while the pool solves these rules exactly.
    const first = expected[0]!;
    const shown = (await until(
      async () => {
        const r = await api(base, 'GET', `/api/puzzles/${first.id}`);
        return r.status === 200 ? r.body : null;
      },
      90_000,
      250,
    )) as Loose;
    expect(shown.preset).toBe(BANK);
    expect(shown.source).toEqual({ kind: 'game', gameId: t.gameId, playedAt: expect.any(Number) });
    expect(JSON.stringify(shown)).not.toMatch(/"P0"|"P1"/);
    for (const p of expected) {
      const r = await api(base, 'GET', `/api/puzzles/${p.id}`);
      expect(r.status).toBe(200);
      expect(r.body.source.kind).toBe('game');
    }
    const count = async () =>
      ((await api(base, 'GET', '/api/puzzles/banks')).body.banks as Loose[]).find(
        (b) => b.preset === BANK,
      )?.puzzles as number;
    expect(await count()).toBe(expected.length);

    // Another process on the same store finds the game mined: it adds nothing.
    const c = loadConfig({ ...vars, LOG_LEVEL: 'silent' });
    if (!c.ok) throw new Error(c.message);
    db = await openDb(c.config);
    const sources = new PuzzleSourceStore(db.db);
    const other = new PuzzleMiner({
      sources,
      puzzles: new PuzzleService(new PuzzleStore(db.db, db.dialect), BANK),
      log: (id) => server.service.log(id),
      banks: () => [{ id: BANK, rules }],
      rank: async (s, m) => ({ ok: true, value: advise(s, m), note: null }),
      node: 'another-process',
      perGame: PER_GAME,
      retryMs: 1000,
      leaseMs: 60_000,
      maxTries: 3,
      logger: pino({ level: 'silent' }),
      stop: () => false,
    });
    expect(await other.mine(t.gameId)).toEqual({ kind: 'taken' });
    // Even with its record gone, the same positions are the same puzzles: nothing new.
    await db.db.deleteFrom('puzzle_sources').where('game_id', '=', t.gameId).execute();
    expect(await other.mine(t.gameId)).toEqual({
      kind: 'added',
      found: expected.length,
      added: 0,
    });
    expect(await count()).toBe(expected.length);
    expect(await other.mine(t.gameId)).toEqual({ kind: 'taken' });

    // A puzzle from an unlisted table keeps its game to itself: the day only.
    const hidden = { ...first, id: 'f'.repeat(16), source: 'game:unlistedtable' };
    const service = new PuzzleService(new PuzzleStore(db.db, db.dialect), BANK);
    expect(await service.add(BANK, [hidden], { playedAt: 1_700_000_000_000, listed: false })).toBe(
      1,
    );
    const r = await api(base, 'GET', `/api/puzzles/${hidden.id}`);
    expect(r.body.source).toEqual({ kind: 'game', gameId: null, playedAt: 1_700_000_000_000 });
    expect(JSON.stringify(r.body)).not.toMatch(/unlistedtable/);
  });
});
