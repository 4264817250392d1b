// Backups of a PostgreSQL store with pg_dump while the servers run, and their restoration with
// pg_restore into an empty database, refusing a dump that a newer Zilch wrote before writing.
import { spawn } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { BackupError, type BackupReport } from './backup.ts';
import { knownMigrations } from './migrations.ts';

// The documented flags (docs/operations.md): one file in pg_dump's compressed custom format, no
// owners or grants, so it restores into a database owned by another role.
const PG_DUMP_FLAGS = ['--format=custom', '--no-owner', '--no-privileges'] as const;
const PG_RESTORE_FLAGS = [
  '--no-owner',
  '--no-privileges',
  '--exit-on-error',
  '--single-transaction',
] as const;

/** A database URL fit to print: host, port and database, never the password. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    u.search = '';
    return u.toString();
  } catch {
    return 'the database';
  }
}

/** Runs a PostgreSQL client tool; its stdout, or a BackupError carrying its own message. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) =>
      fail(
        new BackupError(
          'TOOL',
          `${tool} could not be run (${e.message}); install postgresql-client.`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return done(Buffer.concat(out).toString('utf8'));
      const said = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-3).join(' ');
      fail(new BackupError('TOOL', `${tool} failed (exit ${code}): ${said}`));
    });
  });
}

async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  try {
    await c.connect();
  } catch (e) {
    await c.end().catch(() => undefined);
    throw new BackupError(
      'TOOL',
      `Could not connect to ${describeDatabase(url)}: ${(e as Error).message}.`,
    );
  }
  return c;
}

/** Applied migrations and table sizes of the store the client's search path shows, or null. */
async function storeFacts(
  c: pg.Client,
): Promise<{ migrations: string[]; games: number; entries: number } | null> {
  try {
    return await readFacts(c);
  } catch (e) {
    throw new BackupError('TOOL', `Could not read the store: ${(e as Error).message}.`);
  }
}

async function readFacts(
  c: pg.Client,
): Promise<{ migrations: string[]; games: number; entries: number } | null> {
  const found = await c.query<{ t: string | null }>(
    "select to_regclass('kysely_migration')::text as t",
  );
  if (!found.rows[0]?.t) return null;
  const m = await c.query<{ name: string }>('select name from kysely_migration order by name');
  const n = await c.query<{ games: string; entries: string }>(
    'select (select count(*) from games) as games, (select count(*) from entries) as entries',
  );
  return {
    migrations: m.rows.map((r) => r.name),
    games: Number(n.rows[0]?.games ?? 0),
    entries: Number(n.rows[0]?.entries ?? 0),
  };
}

/**
 * Dumps the database with pg_dump into `dest` (which must not exist). The counts in the report are
 * read in the very snapshot pg_dump copies (an exported snapshot), so they describe the file.
 */
export async function backupPostgres(url: string, dest: string): Promise<BackupReport> {
  const file = resolve(dest);
  if (existsSync(file))
    throw new BackupError('EXISTS', `${file} already exists; choose a new file name.`);
  const c = await connect(url);
  try {
    await c.query('begin isolation level repeatable read read only');
    const snapshot = (await c.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]?.s;
    const facts = await storeFacts(c);
    if (!facts || !snapshot)
      throw new BackupError('NO_STORE', `There is no Zilch store in ${describeDatabase(url)}.`);
    try {
      await run('pg_dump', [...PG_DUMP_FLAGS, `--snapshot=${snapshot}`, `--file=${file}`, url]);
    } catch (e) {
      // Half a dump must not pass for a backup.
      rmSync(file, { force: true });
      throw e;
    }
    await c.query('commit');
    return {
      store: 'postgres',
      file,
      bytes: statSync(file).size,
      schema: facts.migrations.at(-1) ?? '',
      games: facts.games,
      entries: facts.entries,
    };
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** The migrations recorded in a pg_dump file (the rows of its kysely_migration table). */
async function dumpMigrations(file: string): Promise<string[]> {
  // Plain-text COPY data of that one table: a header, one tab-separated row per migration, `\.`.
  const text = await run('pg_restore', [
    '--data-only',
    '--table=kysely_migration',
    '--file=-',
    file,
  ]);
  const rows: string[] = [];
  let inCopy = false;
  for (const line of text.split('\n')) {
    if (/^COPY \S*kysely_migration /.test(line)) inCopy = true;
    else if (line === '\\.') inCopy = false;
    else if (inCopy && line) rows.push(line.split('\t')[0] ?? '');
  }
  return rows;
}

/**
 * Restores a pg_dump file into an empty database. Refuses, before writing anything, a file that is
 * not a dump of a Zilch store, one a newer Zilch wrote, and a database that already holds a store.
 */
export async function restorePostgres(backup: string, url: string): Promise<BackupReport> {
  const file = resolve(backup);
  if (!existsSync(file)) throw new BackupError('NOT_A_BACKUP', `There is no file ${file}.`);
  let applied: string[];
  try {
    applied = await dumpMigrations(file);
  } catch {
    throw new BackupError('NOT_A_BACKUP', `${file} is not a pg_dump file (custom format).`);
  }
  if (applied.length === 0)
    throw new BackupError(
      'NOT_A_BACKUP',
      `${file} is not a dump of a Zilch store (no migrations).`,
    );
  const known = new Set(knownMigrations('postgres'));
  const newer = applied.filter((m) => !known.has(m));
  if (newer.length > 0)
    throw new BackupError(
      'SCHEMA_TOO_NEW',
      `${file} was written by a newer Zilch (migrations ${newer.join(', ')}); upgrade Zilch to restore it.`,
    );
  const c = await connect(url);
  try {
    if (await storeFacts(c))
      throw new BackupError(
        'EXISTS',
        `${describeDatabase(url)} already holds a Zilch store; restore into an empty database.`,
      );
    await run('pg_restore', [...PG_RESTORE_FLAGS, `--dbname=${url}`, file]);
    const facts = await storeFacts(c);
    return {
      store: 'postgres',
      file: describeDatabase(url),
      bytes: statSync(file).size,
      schema: [...applied].sort().at(-1) ?? '',
      games: facts?.games ?? 0,
      entries: facts?.entries ?? 0,
    };
  } finally {
    await c.end().catch(() => undefined);
  }
}
