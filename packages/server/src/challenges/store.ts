// Challenge rows (SQLite and PostgreSQL). A challenge leaves `open` once, by a conditional
// update, so an accept racing a decline or an expiry has one winner.
import type { Kysely, Selectable } from 'kysely';
import type { ChallengesTable, Database } from '../store/schema.ts';

/** A stored challenge. */
export type ChallengeRow = Selectable<ChallengesTable>;

/** Reads and writes challenges. */
export class ChallengeStore {
  constructor(readonly db: Kysely<Database>) {}

  /** Stores a new challenge. */
  async add(row: ChallengeRow): Promise<void> {
    await this.db.insertInto('challenges').values(row).execute();
  }

  /** One challenge. */
  async get(id: string): Promise<ChallengeRow | null> {
    return (
      (await this.db
        .selectFrom('challenges')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    );
  }

  /** Moves an open, unexpired challenge to `status`; says whether this call did it. */
  async close(
    id: string,
    status: Exclude<ChallengeRow['status'], 'open'>,
    now: number,
    gameId: string | null = null,
  ): Promise<boolean> {
    let q = this.db
      .updateTable('challenges')
      .set({ status, game_id: gameId })
      .where('id', '=', id)
      .where('status', '=', 'open');
    if (status !== 'expired') q = q.where('expires_at', '>', now);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Opens an accepted challenge again whose table could not be made (the accepter may retry). */
  async reopen(id: string): Promise<void> {
    await this.db
      .updateTable('challenges')
      .set({ status: 'open', game_id: null })
      .where('id', '=', id)
      .where('status', '=', 'accepted')
      .execute();
  }

  /** Sets the table of an accepted challenge. */
  async setGame(id: string, gameId: string): Promise<void> {
    await this.db.updateTable('challenges').set({ game_id: gameId }).where('id', '=', id).execute();
  }

  /** Marks every open challenge past its time as expired. */
  async expire(now: number): Promise<void> {
    await this.db
      .updateTable('challenges')
      .set({ status: 'expired' })
      .where('status', '=', 'open')
      .where('expires_at', '<=', now)
      .execute();
  }

  /** Open challenges to an account, and the newest ones it sent (any state) since `since`. */
  async of(
    userId: string,
    since: number,
    limit: number,
  ): Promise<{ incoming: ChallengeRow[]; outgoing: ChallengeRow[] }> {
    const incoming = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('to_user', '=', userId)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    const outgoing = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('from_user', '=', userId)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return { incoming, outgoing };
  }

  /** Open challenges between two accounts either way (a block cancels them). */
  async cancelBetween(x: string, y: string): Promise<void> {
    await this.db
      .updateTable('challenges')
      .set({ status: 'cancelled' })
      .where('status', '=', 'open')
      .where((eb) =>
        eb.or([
          eb.and([eb('from_user', '=', x), eb('to_user', '=', y)]),
          eb.and([eb('from_user', '=', y), eb('to_user', '=', x)]),
        ]),
      )
      .execute();
  }
}
