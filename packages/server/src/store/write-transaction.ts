// A transaction that reads and then writes. SQLite's is BEGIN IMMEDIATE: a deferred one that
// reads before it writes fails at once with "database is locked" when another connection
// (another process on the same file) committed in between, where an immediate one waits its
// turn (busy_timeout).
import type { Kysely } from 'kysely';
import { sql } from './kysely.ts';
import type { Database } from './schema.ts';

/** Runs `fn` in a write transaction on either store. */
export function writeTransaction<T>(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  fn: (tx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') return db.transaction().execute(fn);
  return db.connection().execute(async (c) => {
    await sql`begin immediate`.execute(c);
    try {
      const r = await fn(c);
      await sql`commit`.execute(c);
      return r;
    } catch (err) {
      await sql`rollback`.execute(c);
      throw err;
    }
  });
}
