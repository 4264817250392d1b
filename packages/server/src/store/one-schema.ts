import type { DatabaseIntrospector, TableMetadata } from 'kysely';
import { sql, type Kysely } from './kysely.ts';
import type { Database } from './schema.ts';

/**
 * `db` for Kysely's migrator on PostgreSQL, looking only at `schema`. The migrator asks
 * whether its tables exist by listing every table of every schema, through functions that look
 * schemas up by name; a schema dropped meanwhile (another server's, a test's) fails that query
 * with "schema … does not exist", and the migration with it. Reading pg_tables for ours alone
 * cannot see anyone else's.
 */
export function inOneSchema(db: Kysely<Database>, schema: string): Kysely<Database> {
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => [{ name: schema }],
    getTables: async () => tablesOf(db, schema),
    getMetadata: async () => ({ tables: await tablesOf(db, schema) }),
  };
  // Kysely keeps its state in private fields, so everything else is read from, and bound to,
  // the real object.
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const v: unknown = Reflect.get(target, key, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

async function tablesOf(db: Kysely<Database>, schema: string): Promise<TableMetadata[]> {
  const r = await sql<{ name: string }>`
    select tablename as name from pg_catalog.pg_tables where schemaname = ${schema}`.execute(db);
  return r.rows.map((t) => ({ name: t.name, schema, isView: false, columns: [] }));
}
