/** `zilch backup` and `zilch restore` as an operator runs them: against a live server on SQLite. */
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite } from '@zilch/server';
import { afterAll, describe, expect, it } from 'vitest';
import { legalActions, type GameState } from '@zilch/engine';
import { api, spawnServer, tempDir, until, viewAs, type ServerProcess } from '@zilch/testkit';
import { runCli } from './run-cli.ts';

const zilch = (...args: string[]) => runCli(args);

interface View {
  seq: number;
  commitment: string;
  status: string;
  state: GameState;
}

const tmp = tempDir('zilch-backup-');
const live = join(tmp.dir, 'live');
const restored = join(tmp.dir, 'restored');
const file = join(tmp.dir, 'backups', 'zilch-1.sqlite');
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  tmp.cleanup();
});

const env = { ZILCH_BOT_DELAY_MS: '30', ZILCH_LEASE_MS: '1000' };

/** Plays the human seat (seat 0) once when it is on turn. */
async function playOnce(base: string, gameId: string, token: string): Promise<number> {
  const v = (await viewAs<View>(base, gameId, token)).body;
  if (v.status !== 'playing' || v.state.current !== 0) return v.seq;
  const legal = legalActions(v.state);
  const { seat: _seat, ...action } = legal.find((x) => x.type === 'keep' && !x.then) ?? legal[0]!;
  const r = await api<{ seq: number }>(base, 'POST', `/api/games/${gameId}/actions`, {
    token,
    clientId: `op-${v.seq}`,
    action,
  });
  expect(r.status).toBe(200);
  return r.body.seq;
}

describe('backup and restore', () => {
  it('backs up a server mid-game; the restored store replays and the games go on', async () => {
    const first = await spawnServer({ ...env, ZILCH_DATA_DIR: live });
    servers.push(first);
    const base = first.url;
    const mixed = (
      await api<{ gameId: string; seats: { token?: string }[] }>(base, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      })
    ).body;
    const token = mixed.seats[0]?.token as string;
    await api(base, 'POST', `/api/games/${mixed.gameId}/claim`, { token, name: 'Operator' });
    const bots = (
      await api<{ gameId: string }>(base, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [
          { kind: 'bot', bot: 'cautious' },
          { kind: 'bot', bot: 'bold' },
        ],
      })
    ).body;
    await until(async () => (await playOnce(base, mixed.gameId, token)) >= 1);
    await until(async () => (await viewAs<View>(base, bots.gameId)).body.seq >= 5);

    // The bots keep writing while the backup is taken.
    const { seq: seqBefore, commitment } = (await viewAs<View>(base, bots.gameId)).body;
    const made = await zilch('backup', file, '--data', live, '--json');
    const seqAfter = (await viewAs<View>(base, bots.gameId)).body.seq;
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const report = JSON.parse(made.stdout) as { ok: boolean; games: number; entries: number };
    expect(report).toMatchObject({ ok: true, games: 2 });
    expect(report.entries).toBeGreaterThanOrEqual(seqBefore);

    // A backup never overwrites a file.
    const again = await zilch('backup', file, '--data', live);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);

    const put = await zilch('restore', file, '--data', restored);
    expect(put.code).toBe(0);
    expect(put.stdout).toMatch(
      /^Restored the SQLite store into .*zilch\.sqlite \(schema \S+, 2 games, \d+ log entries, [0-9.]+ kB\); start the server on it\.\n$/,
    );
    const twice = await zilch('restore', file, '--data', restored);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already exists/);

    const second = await spawnServer({ ...env, ZILCH_DATA_DIR: restored });
    servers.push(second);
    // The restored bot game is at a position between the two reads around the backup, replayed
    // from its log, and the bots take it on to the end.
    const back = (await viewAs<View>(second.url, bots.gameId)).body;
    expect(back.seq).toBeGreaterThanOrEqual(seqBefore);
    expect(back.seq).toBeLessThanOrEqual(seqAfter);
    const mixedBack = (await viewAs<View>(second.url, mixed.gameId, token)).body;
    expect(mixedBack.status).toBe('playing');
    await until(
      async () => (await viewAs<View>(second.url, bots.gameId)).body.status === 'over',
      60_000,
    );
    // The human seat's token still opens its seat on the restored store, and the game goes on.
    const seq = mixedBack.seq;
    await until(async () => (await playOnce(second.url, mixed.gameId, token)) > seq, 20_000);
    const over = (await viewAs<View>(second.url, bots.gameId)).body;
    const exported = await api(second.url, 'GET', `/api/games/${bots.gameId}/export`);
    expect(exported.status).toBe(200);
    const exportFile = join(tmp.dir, 'bots-export.json');
    writeFileSync(exportFile, JSON.stringify(exported.body));
    // Checked against the commitment shown by the server before the backup.
    const verified = await zilch('verify', exportFile, '--commitment', commitment);
    expect(verified.code, verified.stderr).toBe(0);
    expect(over.status).toBe('over');
  }, 120_000);

  it('refuses what is not a backup, and a store from a newer version', async () => {
    const junk = join(tmp.dir, 'junk.sqlite');
    writeFileSync(junk, 'not a database');
    const r = await zilch('restore', junk, '--data', join(tmp.dir, 'junk-dir'), '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, code: 'NOT_A_BACKUP' });
    expect(existsSync(join(tmp.dir, 'junk-dir', 'zilch.sqlite'))).toBe(false);

    const missing = await zilch(
      'backup',
      join(tmp.dir, 'x.sqlite'),
      '--data',
      join(tmp.dir, 'none'),
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no Zilch store/);

    // A store that a newer version migrated further: restore and the server both refuse it.
    const future = join(tmp.dir, 'future.sqlite');
    copyFileSync(file, future);
    const db = openSqlite(future);
    db.prepare(
      "insert into kysely_migration (name, timestamp) values ('9999_from_the_future', 'x')",
    ).run();
    db.close();
    const refused = await zilch('restore', future, '--data', join(tmp.dir, 'future-dir'), '--json');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, code: 'SCHEMA_TOO_NEW' });

    const dir = join(tmp.dir, 'newer');
    await zilch('restore', file, '--data', dir);
    const store = openSqlite(join(dir, 'zilch.sqlite'));
    store
      .prepare(
        "insert into kysely_migration (name, timestamp) values ('9999_from_the_future', 'x')",
      )
      .run();
    store.close();
    const start = await spawnServer({ ZILCH_DATA_DIR: dir }).then(
      async (s) => {
        servers.push(s);
        return 'started';
      },
      (e: Error) => e.message,
    );
    expect(start).toMatch(/newer version of Zilch/);
  }, 60_000);
});
