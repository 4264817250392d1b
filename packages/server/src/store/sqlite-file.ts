import SQLite from 'better-sqlite3';

// better-sqlite3 12's connections and statements unregister a Node cleanup hook when the garbage
// collector finalizes them. On Node 24 a collection that runs outside any JavaScript context makes
// that abort the whole process ("Assertion failed: (env) != nullptr" in
// RemoveEnvironmentCleanupHook; WiseLibs/better-sqlite3#1515, closed unfixed; 13 fixes it but needs
// Node 22, and we support 20). So none of ours is ever collected: each connection and statement
// stays referenced here until the process ends, when Node's own cleanup frees them while the
// environment still exists. A closed connection is a few hundred bytes; statements are bounded by
// the distinct SQL texts a process runs (the store caches them by text anyway).
// Methods that make such objects behind our back (pragma(), backup(), iterate()) are not used.
const kept = new Set<object>();

/** A better-sqlite3 connection that keeps itself and its statements from the garbage collector. */
class KeptDatabase extends SQLite {
  constructor(file: string, options?: SQLite.Options) {
    super(file, options);
    kept.add(this);
  }

  override prepare<P extends unknown[] | object = unknown[], R = unknown>(
    sql: string,
  ): SQLite.Statement<P, R> {
    const statement = super.prepare<P, R>(sql);
    kept.add(statement);
    return statement;
  }
}

/** Opens a SQLite file that is safe to close and drop on every supported Node line (see above). */
export function openSqlite(file: string, options?: SQLite.Options): SQLite.Database {
  return new KeptDatabase(file, options);
}
