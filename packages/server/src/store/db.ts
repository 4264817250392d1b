import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { Config } from '../config/config.ts';
import { startCheckpointer } from './checkpointer.ts';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from './kysely.ts';
import { knownMigrations, migrationProvider } from './migrations.ts';
import { inOneSchema } from './one-schema.ts';
import { openSqlite } from './sqlite-file.ts';
import { PREPARED_LIMITS, PreparedTexts, preparedPool } from './pg-prepared.ts';
import type { Database } from './schema.ts';

/** An open database: Kysely over SQLite or PostgreSQL, migrated. */
export interface Db {
  readonly db: Kysely<Database>;
  readonly dialect: 'sqlite' | 'postgres';
  /** SQLite only: the connection under `db`, for the store's prepared hot paths. */
  readonly sqlite?: SQLite.Database;
  close(): Promise<void>;
}

/** Opens (and migrates) the database the configuration names: PostgreSQL if DATABASE_URL is set, else SQLite in the data dir. */
export async function openDb(
  config: Config,
  onError: (e: Error) => void = () => undefined,
): Promise<Db> {
  if (config.databaseUrl) {
    // pg is loaded only for PostgreSQL: a server on SQLite starts without it.
    const { default: pg } = await import('pg');
    // bigint columns hold epoch milliseconds, well inside the safe integer range.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
    const schema = config.pgSchema;
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.pgPool,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool replaces it, and the query that needs it fails with an error the caller handles.
    pool.on('error', onError);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: preparedPool(
          pool,
          new PreparedTexts({ ...PREPARED_LIMITS, most: config.pgPrepared }),
        ),
      }),
    });
    // Processes starting together must not migrate at once: a session-level advisory lock on a
    // separate connection serialises schema creation and migrations across them.
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock(72946013)');
      if (schema) await lock.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await migrate(db, 'postgres', schema ?? 'public');
    } finally {
      await lock.query('SELECT pg_advisory_unlock(72946013)').catch(() => undefined);
      lock.release();
    }
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, 'zilch.sqlite');
  const file = openSqlite(path);
  // WAL + NORMAL: a commit survives a process crash (kill -9); only an OS crash could lose the last one.
  // A worker (startCheckpointer) copies the log into the database off the event loop; the default
  // auto-checkpoint here then finds little left to do, and lets the log file start over.
  // exec, not pragma(): pragma() makes a statement that openSqlite cannot keep (sqlite-file.ts).
  file.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA wal_autocheckpoint = 1000;',
  );
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: cachedStatements(file) }),
  });
  await migrate(db, 'sqlite');
  const checkpointer = startCheckpointer(path, 250);
  return {
    db,
    dialect: 'sqlite',
    sqlite: file,
    async close() {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

/**
 * better-sqlite3 with its statements kept: Kysely prepares every query anew, which was a tenth of
 * the server's CPU under load; the server issues a few dozen distinct SQL texts, reused forever.
 */
function cachedStatements(file: SQLite.Database): SqliteDatabase {
  // Unbounded on purpose: every statement is kept for the life of the process anyway
  // (sqlite-file.ts), so one per distinct text; texts with IN lists add one per list length.
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sql) {
      let st = statements.get(sql);
      if (!st) {
        st = file.prepare(sql);
        statements.set(sql, st);
      }
      return st as unknown as SqliteStatement;
    },
  };
}

async function migrate(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  schema: string | null = null,
): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
  const migrator = new Migrator({
    db: dialect === 'postgres' && schema ? inOneSchema(db, schema) : db,
    provider: migrationProvider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  await refuseNewerSchema(db, dialect, schema);
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** A store written by a newer version of Zilch: this code must not run on it (nor migrate it). */
export class SchemaTooNewError extends Error {
  readonly code = 'SCHEMA_TOO_NEW';
}

/**
 * Migrations run forward only: a store that has migrations this code does not know was written
 * by a newer version (a rollback after an upgrade), and reading it could misread or drop data.
 */
async function refuseNewerSchema(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  schema: string | null,
): Promise<void> {
  const table = schema ? sql.table(`${schema}.kysely_migration`) : sql.table('kysely_migration');
  let applied: string[];
  try {
    const r = await sql<{ name: string }>`select name from ${table}`.execute(db);
    applied = r.rows.map((x) => x.name);
  } catch {
    return; // A new store: no migration has run yet.
  }
  const known = new Set(knownMigrations(dialect));
  const newer = applied.filter((m) => !known.has(m));
  if (newer.length > 0)
    throw new SchemaTooNewError(
      `The store was written by a newer version of Zilch (migrations ${newer.join(', ')} are unknown here). Run that version, or restore a backup taken before the upgrade.`,
    );
}

/** Cheap round trip for /readyz. */
export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
