// Per-account, per-UTC-day counters (friend requests, challenges): a cap against abuse that holds
// across processes because the count lives in the store.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The UTC day of an instant, as YYYY-MM-DD. */
function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Counts one more `kind` for a user today unless `max` are already counted; says whether it did. */
export async function takeDaily(
  db: Kysely<Database>,
  userId: string,
  kind: string,
  max: number,
  now: number,
): Promise<boolean> {
  const day = utcDay(now);
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('social_daily')
      .select('n')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (row && row.n >= max) return false;
    if (row)
      await tx
        .updateTable('social_daily')
        .set({ n: row.n + 1 })
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .where('kind', '=', kind)
        .execute();
    else
      await tx
        .insertInto('social_daily')
        .values({ user_id: userId, day, kind, n: 1 })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'day', 'kind'])
            .doUpdateSet((eb) => ({ n: eb('social_daily.n', '+', 1) })),
        )
        .execute();
    // Yesterday's rows are of no more use; dropping them here keeps the table a day long.
    await tx
      .deleteFrom('social_daily')
      .where('day', '<', day)
      .where('user_id', '=', userId)
      .execute();
    return true;
  });
}
