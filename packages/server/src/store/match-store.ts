import type { Kysely, Selectable } from 'kysely';
import type { Database, MatchQueueTable } from './schema.ts';

/** A quick-match queue row. */
export type MatchRow = Selectable<MatchQueueTable>;

/** Marks a pair claimed by a pass whose table is still being made. */
export const PAIRING = 'pairing:';

/** Every read and write of the quick-match queue; every process shares it through the store. */
export class MatchStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Puts a user in the queue, replacing any earlier row of theirs (waiting or paired). */
  async join(row: Omit<MatchRow, 'game_id' | 'seat' | 'opponent' | 'claimed_at'>): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('match_queue').where('user_id', '=', row.user_id).execute();
      await tx
        .insertInto('match_queue')
        .values({ ...row, game_id: null, seat: null, opponent: null, claimed_at: null })
        .execute();
    });
  }

  /** The user's row, its heartbeat renewed. */
  async seen(userId: string, now: number): Promise<MatchRow | null> {
    await this.db
      .updateTable('match_queue')
      .set({ seen_at: now })
      .where('user_id', '=', userId)
      .execute();
    const r = await this.db
      .selectFrom('match_queue')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r ?? null;
  }

  /** Removes the user's row if it is still waiting; says whether it was. */
  async leave(userId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('match_queue')
      .where('user_id', '=', userId)
      .where('game_id', 'is', null)
      .executeTakeFirst();
    return r.numDeletedRows > 0n;
  }

  /** Forgets the user's row whatever its state (a paired row once its table is delivered). */
  async forget(userId: string): Promise<void> {
    await this.db.deleteFrom('match_queue').where('user_id', '=', userId).execute();
  }

  /** Forgets the user's row if it still holds that table (a newer join is left alone). */
  async forgetTable(userId: string, gameId: string): Promise<void> {
    await this.db
      .deleteFrom('match_queue')
      .where('user_id', '=', userId)
      .where('game_id', '=', gameId)
      .execute();
  }

  /** Every waiting row seen since `freshAfter`, oldest first. */
  async waiting(freshAfter: number): Promise<MatchRow[]> {
    return this.db
      .selectFrom('match_queue')
      .selectAll()
      .where('game_id', 'is', null)
      .where('seen_at', '>=', freshAfter)
      .orderBy('joined_at')
      .execute();
  }

  /**
   * Claims both users for one table, atomically: both rows must still be waiting, or neither
   * is touched. Two processes may try the same pair; the store lets exactly one through.
   */
  async claim(a: string, b: string, now: number): Promise<boolean> {
    try {
      return await this.db.transaction().execute(async (tx) => {
        const r = await tx
          .updateTable('match_queue')
          .set({ game_id: `${PAIRING}${a}`, claimed_at: now })
          .where('user_id', 'in', [a, b].sort())
          .where('game_id', 'is', null)
          .executeTakeFirst();
        if (r.numUpdatedRows !== 2n) throw new ClaimLost();
        return true;
      });
    } catch (e) {
      // Lost to another pass (or a deadlock PostgreSQL broke by aborting us): nothing changed.
      if (e instanceof ClaimLost || isConflict(e)) return false;
      throw e;
    }
  }

  /** Records the table a claimed user sits at. */
  async seat(userId: string, gameId: string, seat: number, opponent: string): Promise<void> {
    await this.db
      .updateTable('match_queue')
      .set({ game_id: gameId, seat, opponent })
      .where('user_id', '=', userId)
      .where('game_id', 'like', `${PAIRING}%`)
      .execute();
  }

  /** Puts claimed users back in the queue (their table could not be made). */
  async unclaim(userIds: string[]): Promise<void> {
    await this.db
      .updateTable('match_queue')
      .set({ game_id: null, claimed_at: null })
      .where('user_id', 'in', userIds)
      .where('game_id', 'like', `${PAIRING}%`)
      .execute();
  }

  /**
   * Housekeeping: drops rows whose page stopped polling before `staleBefore`, and frees pairs
   * whose pass died before `abandonedBefore` (their process crashed while making the table).
   */
  async sweep(staleBefore: number, abandonedBefore: number): Promise<number> {
    const r = await this.db
      .deleteFrom('match_queue')
      .where('seen_at', '<', staleBefore)
      .executeTakeFirst();
    await this.db
      .updateTable('match_queue')
      .set({ game_id: null, claimed_at: null })
      .where('game_id', 'like', `${PAIRING}%`)
      .where('claimed_at', '<', abandonedBefore)
      .execute();
    return Number(r.numDeletedRows);
  }
}

class ClaimLost extends Error {}

/** PostgreSQL's serialization failure or deadlock: the other writer won. */
function isConflict(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}
