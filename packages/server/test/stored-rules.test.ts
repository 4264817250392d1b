// Rule sets are parsed strictly when a game is made, but a game already stored keeps the rules
// it was played with: a first-roll mercy of 0, accepted before it was refused, still loads,
// exports, gets advice and verifies.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { preset } from '@zilch/engine';
import { tempDir } from '@zilch/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { api, startTestServer } from './helpers.ts';

const tmp = tempDir();
let server: RunningServer | null = null;
afterAll(async () => {
  await server?.close();
  tmp.cleanup();
});

const mercy = (points: number) => ({
  ...preset('serendipity-creak'),
  name: 'mercy',
  firstRollMercy: { points },
});
const seats = [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }];

describe('stored rule sets', () => {
  it('a new game is refused a mercy of 0, or a misspelled field inside an object', async () => {
    server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir });
    const zero = await api(server.url, 'POST', '/api/games', { rules: mercy(0), seats });
    expect(zero.status).toBe(400);
    expect(zero.body.code).toBe('BAD_RULES');
    expect(zero.body.message).toContain('firstRollMercy.points: the mercy must be at least 50');
    const typo = await api(server.url, 'POST', '/api/games', {
      rules: { ...preset('classic'), twoTriplets: { points: 2500, sixofakind: true } },
      seats,
    });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toContain('(did you mean "sixOfAKind"?)');
  });

  it('a game stored with a mercy of 0 before the rule still loads, exports and gets advice', async () => {
    server ??= await startTestServer({ ZILCH_DATA_DIR: tmp.dir });
    const made = await api(server.url, 'POST', '/api/games', { rules: mercy(50), seats });
    expect(made.status).toBe(201);
    const id = made.body.gameId as string;
    await server.close();
    server = null;
    // What an older server stored: the same game with a mercy of 0.
    const db = new Database(join(tmp.dir, 'zilch.sqlite'));
    const row = db.prepare('SELECT rules FROM games WHERE id = ?').get(id) as { rules: string };
    const old = { ...JSON.parse(row.rules), firstRollMercy: { points: 0 } };
    db.prepare('UPDATE games SET rules = ? WHERE id = ?').run(JSON.stringify(old), id);
    db.close();

    server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir });
    const view = await api(server.url, 'GET', `/api/games/${id}`);
    expect(view.status).toBe(200);
    expect(view.body.rules.firstRollMercy).toEqual({ points: 0 });
    expect((await api(server.url, 'GET', `/api/games/${id}/export`)).status).toBe(200);
    const advice = await api(server.url, 'POST', '/api/advice', { state: view.body.state });
    expect(advice.status).toBe(200);
  });
});
