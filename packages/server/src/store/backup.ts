// Backups of the SQLite store while the server runs, and their restoration into a new data dir.
import { copyFileSync, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type SQLite from 'better-sqlite3';
import { knownMigrations } from './migrations.ts';
import { openSqlite } from './sqlite-file.ts';

/** The store's file inside a data dir. */
function sqliteFile(dataDir: string): string {
  return join(dataDir, 'zilch.sqlite');
}

/** What a backup or a restore did. */
export interface BackupReport {
  readonly store: 'sqlite' | 'postgres';
  /** The file written, or where the store was restored to (a SQLite file, or a database URL without its password). */
  readonly file: string;
  /** Size of the backup file, in bytes. */
  readonly bytes: number;
  /** The store's schema version: the name of its last migration. */
  readonly schema: string;
  readonly games: number;
  readonly entries: number;
}

/** A backup that cannot be made or restored, with the reason in words. */
export class BackupError extends Error {
  constructor(
    readonly code: 'NO_STORE' | 'EXISTS' | 'NOT_A_BACKUP' | 'SCHEMA_TOO_NEW' | 'CORRUPT' | 'TOOL',
    message: string,
  ) {
    super(message);
  }
}

/** What a backup holds: its schema version and how many games and log entries. */
type Contents = Pick<BackupReport, 'schema' | 'games' | 'entries'>;

function counts(db: SQLite.Database): { games: number; entries: number } {
  const n = (table: string) =>
    (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return { games: n('games'), entries: n('entries') };
}

/**
 * Copies the data dir's SQLite store to `dest` with SQLite's `VACUUM INTO`. The server may
 * keep writing: the copy is taken in one step from one read snapshot, so it holds every action
 * committed before it began and nothing half-written (WAL readers never block the writer).
 */
export function backupSqlite(dataDir: string, dest: string): BackupReport {
  const source = sqliteFile(resolve(dataDir));
  if (!existsSync(source))
    throw new BackupError('NO_STORE', `There is no Zilch store at ${source}.`);
  const target = resolve(dest);
  if (existsSync(target))
    throw new BackupError('EXISTS', `${target} already exists; choose a new file name.`);
  mkdirSync(dirname(target), { recursive: true });
  const db = openSqlite(source, { readonly: true, fileMustExist: true });
  try {
    // One statement, one read transaction: a consistent copy while the server goes on writing
    // (WAL). Not backup(): its stepping object is one openSqlite cannot keep (sqlite-file.ts).
    db.exec(`PRAGMA busy_timeout = 5000; VACUUM INTO '${target.replaceAll("'", "''")}'`);
  } finally {
    db.close();
  }
  return { store: 'sqlite', file: target, bytes: statSync(target).size, ...inspect(target) };
}

/** Checks a backup file: a whole SQLite database with Zilch's tables and a schema this code knows. */
function inspect(file: string): Contents {
  let db: SQLite.Database;
  try {
    db = openSqlite(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new BackupError('NOT_A_BACKUP', `${file} is not a SQLite database.`);
  }
  try {
    let ok: string;
    try {
      ok = (db.prepare('PRAGMA quick_check').pluck().get() as string) ?? '';
    } catch {
      throw new BackupError('NOT_A_BACKUP', `${file} is not a SQLite database.`);
    }
    if (ok !== 'ok') throw new BackupError('CORRUPT', `${file} is damaged: ${ok}.`);
    const tables = new Set(
      db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[],
    );
    if (!tables.has('games') || !tables.has('entries') || !tables.has('kysely_migration'))
      throw new BackupError('NOT_A_BACKUP', `${file} is not a Zilch store (no games or log).`);
    const applied = db.prepare('select name from kysely_migration').pluck().all() as string[];
    const known = new Set(knownMigrations('sqlite'));
    const newer = applied.filter((m) => !known.has(m));
    if (newer.length > 0)
      throw new BackupError(
        'SCHEMA_TOO_NEW',
        `${file} was written by a newer Zilch (migrations ${newer.join(', ')}); upgrade Zilch to restore it.`,
      );
    return { schema: [...applied].sort().at(-1) ?? '', ...counts(db) };
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place as the store of a new data dir; refuses a dir that already has a store
 * (restoring over live games would lose them). The server migrates it forward on start.
 */
export function restoreSqlite(backup: string, dataDir: string): BackupReport {
  const file = resolve(backup);
  if (!existsSync(file)) throw new BackupError('NOT_A_BACKUP', `There is no file ${file}.`);
  const found = inspect(file);
  const target = sqliteFile(resolve(dataDir));
  if (existsSync(target))
    throw new BackupError(
      'EXISTS',
      `${target} already exists; restore into a new data dir, or move that store away first.`,
    );
  mkdirSync(dirname(target), { recursive: true });
  // Copied beside the target and renamed, so a crash never leaves half a store in its place.
  const partial = `${target}.restoring`;
  copyFileSync(file, partial);
  renameSync(partial, target);
  return { store: 'sqlite', file: target, bytes: statSync(target).size, ...found };
}
