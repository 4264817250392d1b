import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import { migrationProvider } from './migrations.ts';
import type { Database } from './schema.ts';

// bigint columns hold epoch milliseconds, well inside the safe integer range.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

/** An open database: Kysely over SQLite or PostgreSQL, migrated. */
export interface Db {
  readonly db: Kysely<Database>;
  readonly dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

/** Opens (and migrates) the database the configuration names: PostgreSQL if DATABASE_URL is set, else SQLite in the data dir. */
export async function openDb(config: Config): Promise<Db> {
  if (config.databaseUrl) {
    const schema = config.pgSchema;
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    if (schema) {
      const c = await pool.connect();
      try {
        await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } finally {
        c.release();
      }
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await migrate(db);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = new SQLite(join(config.dataDir, 'zilch.sqlite'));
  // WAL + NORMAL: a commit survives a process crash (kill -9); only an OS crash could lose the last one.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  await migrate(db);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Cheap round trip for /readyz. */
export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
