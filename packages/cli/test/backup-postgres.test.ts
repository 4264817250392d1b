/** `zilch backup` and `zilch restore` on PostgreSQL: pg_dump and pg_restore, each in one line. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { knownMigrations } from '@zilch/server';
import { api, newSchema, postgresUrl, spawnServer, tempDir } from '@zilch/testkit';
import { runCli } from './run-cli.ts';

const admin = await postgresUrl();
const tmp = tempDir('zilch-pg-backup-');
// Databases of their own (a dump takes a whole database), named uniquely so runs never collide.
const prefix = newSchema('zilch_bk');
const made: string[] = [];

/** Runs SQL on a database as the test's admin role. */
async function sqlOn(url: string, text: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** A new empty database; its URL. */
async function database(suffix: string): Promise<string> {
  const name = `${prefix}_${suffix}`;
  await sqlOn(admin as string, `create database ${name}`);
  made.push(name);
  const u = new URL(admin as string);
  u.pathname = `/${name}`;
  return u.toString();
}

afterAll(async () => {
  for (const name of made)
    await sqlOn(admin as string, `drop database if exists ${name} with (force)`).catch(
      () => undefined,
    );
  tmp.cleanup();
});

const latest = knownMigrations('postgres').at(-1) as string;

describe.skipIf(!admin)('backup and restore on PostgreSQL', () => {
  it('backs up a store, says what it wrote, restores it into an empty database only', async () => {
    const live = await database('live');
    const server = await spawnServer({ DATABASE_URL: live });
    try {
      for (let i = 0; i < 2; i++) {
        const r = await api(server.url, 'POST', '/api/games', {
          rules: 'serendipity-creak',
          seats: [{ kind: 'human' }, { kind: 'human' }],
        });
        expect(r.status).toBe(201);
      }
    } finally {
      await server.stop();
    }

    const file = join(tmp.dir, 'zilch.dump');
    const made = await runCli(['backup', file, '--database-url', live]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    // One line: what, where, schema version, contents and size; never the URL's password.
    expect(made.stdout).toMatch(
      new RegExp(
        `^Backed up the PostgreSQL store to ${file} \\(schema ${latest}, 2 games, 0 log entries, [0-9.]+ kB\\)\\.\\n$`,
      ),
    );
    const again = await runCli(['backup', file, '--database-url', live, '--json']);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: false, code: 'EXISTS' });

    const target = await database('restored');
    const put = await runCli(['restore', file, '--database-url', target]);
    expect(put.stderr).toBe('');
    expect(put.code).toBe(0);
    expect(put.stdout).toMatch(
      new RegExp(
        `^Restored the PostgreSQL store into postgres://.*/${prefix}_restored \\(schema ${latest}, 2 games,`,
      ),
    );
    const rows = await sqlOn(target, 'select count(*)::int as n from games');
    expect(rows.rows[0]).toEqual({ n: 2 });

    // A database that already holds a store is refused, and keeps what it has.
    const twice = await runCli(['restore', file, '--database-url', target, '--json']);
    expect(twice.code).toBe(1);
    expect(JSON.parse(twice.stdout)).toMatchObject({ ok: false, code: 'EXISTS' });
    expect((await sqlOn(target, 'select count(*)::int as n from games')).rows[0]).toEqual({ n: 2 });

    // A dump a newer Zilch wrote is refused before anything is written to the database.
    await sqlOn(
      live,
      "insert into kysely_migration (name, timestamp) values ('9999_from_the_future', 'x')",
    );
    const future = join(tmp.dir, 'future.dump');
    expect((await runCli(['backup', future, '--database-url', live])).code).toBe(0);
    const empty = await database('empty');
    const refused = await runCli(['restore', future, '--database-url', empty, '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, code: 'SCHEMA_TOO_NEW' });
    const tables = await sqlOn(
      empty,
      "select count(*)::int as n from pg_tables where schemaname = 'public'",
    );
    expect(tables.rows[0]).toEqual({ n: 0 });

    const junk = join(tmp.dir, 'junk.dump');
    writeFileSync(junk, 'not a dump');
    const notDump = await runCli(['restore', junk, '--database-url', empty, '--json']);
    expect(notDump.code).toBe(1);
    expect(JSON.parse(notDump.stdout)).toMatchObject({ ok: false, code: 'NOT_A_BACKUP' });

    const none = await runCli(['backup', join(tmp.dir, 'none.dump'), '--database-url', empty]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no Zilch store/);
  }, 60_000);
});
