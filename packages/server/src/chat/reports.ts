// Operators read reported chat messages with `zilch chat-reports`: straight from the store, so
// no admin route (and no admin credential) exists to guard.
import { loadConfig } from '../config/config.ts';
import { ChatStore, type ChatReport } from '../store/chat-store.ts';
import { openDb } from '../store/db.ts';

export type { ChatReport };

/** The newest chat reports of the store the environment names (DATABASE_URL, else ZILCH_DATA_DIR). */
export async function listChatReports(
  env: Record<string, string | undefined>,
  limit: number,
): Promise<ChatReport[]> {
  const c = loadConfig({ ...env, ZILCH_PG_POOL: '2' });
  if (!c.ok) throw new Error(c.message);
  // The SQLite checkpointer's worker is unref'd: in a short command nothing else would keep the
  // process alive while closing waits for that worker to exit.
  const alive = setInterval(() => undefined, 60_000);
  const db = await openDb(c.config);
  try {
    return await new ChatStore(db.db).reports(limit);
  } finally {
    await db.close();
    clearInterval(alive);
  }
}
