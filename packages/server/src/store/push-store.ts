import type { Kysely } from 'kysely';
import type { PushKind, PushSettings } from '@zilch/protocol';
import type { Database } from './schema.ts';

/** A stored push subscription. */
export interface PushTarget {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** Every read and write of push subscriptions, settings and the sent-notification marks. */
export class PushStore {
  constructor(readonly db: Kysely<Database>) {}

  /**
   * Stores a subscription for a user, keeping the user's newest `keep` (older ones are
   * dropped). An endpoint another user holds moves to this one only when the keys match the
   * stored ones: the browser that owns the endpoint made them and holds them. 'taken' otherwise,
   * and nothing changes.
   */
  async subscribe(
    userId: string,
    t: PushTarget,
    at: number,
    keep: number,
  ): Promise<'stored' | 'taken'> {
    const row = { endpoint: t.endpoint, user_id: userId, p256dh: t.p256dh, auth: t.auth };
    return this.db.transaction().execute(async (tx) => {
      const r = await tx
        .insertInto('push_subscriptions')
        .values({ ...row, created_at: at })
        .onConflict((oc) =>
          oc
            .column('endpoint')
            // Re-subscribing counts as new, so the device in use is not the one dropped.
            .doUpdateSet({ ...row, created_at: at })
            .where((eb) =>
              eb.or([
                eb('push_subscriptions.user_id', '=', userId),
                eb.and([
                  eb('push_subscriptions.p256dh', '=', t.p256dh),
                  eb('push_subscriptions.auth', '=', t.auth),
                ]),
              ]),
            ),
        )
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0n) === 0) return 'taken';
      const newest = tx
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('endpoint', 'desc')
        .limit(keep);
      await tx
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', 'not in', newest)
        .execute();
      return 'stored';
    });
  }

  /** Forgets an endpoint (of this user only, or of anyone when `userId` is null: the push service said it is gone). */
  async unsubscribe(endpoint: string, userId: string | null): Promise<void> {
    let q = this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint);
    if (userId !== null) q = q.where('user_id', '=', userId);
    await q.execute();
  }

  /** A user's newest `limit` subscriptions. */
  async targets(userId: string, limit: number): Promise<PushTarget[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('endpoint', 'desc')
      .limit(limit)
      .execute();
  }

  /** How many subscriptions a user has. */
  async count(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** A user's settings, or null when never set. */
  async settings(userId: string): Promise<PushSettings | null> {
    const r = await this.db
      .selectFrom('push_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!r) return null;
    return {
      kinds: JSON.parse(r.kinds) as PushKind[],
      quietHours:
        r.quiet_from === null || r.quiet_to === null
          ? null
          : { from: r.quiet_from, to: r.quiet_to },
      timeZone: r.time_zone,
    };
  }

  /** Writes a user's settings. */
  async saveSettings(userId: string, s: PushSettings): Promise<void> {
    const row = {
      kinds: JSON.stringify([...new Set(s.kinds)]),
      quiet_from: s.quietHours?.from ?? null,
      quiet_to: s.quietHours?.to ?? null,
      time_zone: s.timeZone,
    };
    await this.db
      .insertInto('push_settings')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
  }

  /**
   * Marks a notification as sent unless it already was: true for the one caller (of any
   * process) that made the mark, which is then the one to send it.
   */
  async claim(userId: string, gameId: string, kind: PushKind, at: number): Promise<boolean> {
    const r = await this.db
      .insertInto('push_sent')
      .values({ user_id: userId, game_id: gameId, kind, sent_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'game_id', 'kind']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** Clears a mark, so the next notification of that kind for the game goes out (the player acted). */
  async release(userIds: readonly string[], gameId: string, kind: PushKind): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .deleteFrom('push_sent')
      .where('game_id', '=', gameId)
      .where('kind', '=', kind)
      .where('user_id', 'in', userIds)
      .execute();
  }

  /** Who holds each human seat of a game (seat → user id), for users with a subscription only. */
  async subscribedSeats(gameId: string): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('user_seats as u')
      .select(['u.seat', 'u.user_id'])
      .where('u.game_id', '=', gameId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('push_subscriptions as p')
            .select('p.endpoint')
            .whereRef('p.user_id', '=', 'u.user_id'),
        ),
      )
      .execute();
    return new Map(rows.map((r) => [r.seat, r.user_id]));
  }
}
