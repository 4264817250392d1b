// Friendship and block rows (SQLite and PostgreSQL). A pair has one friendship row, keyed with
// the smaller id first, so "are these two friends" is one primary-key read.
import type { Relation } from '@zilch/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** An account as the social lists need it. */
export interface PersonRow {
  readonly id: string;
  readonly name: string | null;
  readonly colour: string;
}

function pair(x: string, y: string): [string, string] {
  return x < y ? [x, y] : [y, x];
}

/** Reads and writes friendships and blocks. */
export class FriendStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The database, for the shared per-day counters. */
  get database(): Kysely<Database> {
    return this.db;
  }

  /** How `other` stands to `me`. */
  async relation(me: string, other: string): Promise<Relation> {
    const blocked = await this.db
      .selectFrom('blocks')
      .select('blocker')
      .where('blocker', '=', me)
      .where('blocked', '=', other)
      .executeTakeFirst();
    if (blocked) return 'blocked';
    const [a, b] = pair(me, other);
    const row = await this.db
      .selectFrom('friendships')
      .select(['status', 'requester'])
      .where('a', '=', a)
      .where('b', '=', b)
      .executeTakeFirst();
    if (!row) return 'none';
    if (row.status === 'accepted') return 'friend';
    return row.requester === me ? 'outgoing' : 'incoming';
  }

  /** Whether either of two accounts blocked the other. */
  async blockedEitherWay(x: string, y: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('blocks')
      .select('blocker')
      .where((eb) =>
        eb.or([
          eb.and([eb('blocker', '=', x), eb('blocked', '=', y)]),
          eb.and([eb('blocker', '=', y), eb('blocked', '=', x)]),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whom `blocker` blocked, among `ids`. */
  async blockedAmong(blocker: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('blocks')
      .select('blocked')
      .where('blocker', '=', blocker)
      .where('blocked', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.blocked));
  }

  /** Notes that `userId` had the app open at `at`. */
  async seen(userId: string, at: number): Promise<void> {
    await this.db
      .insertInto('presence')
      .values({ user_id: userId, seen_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_at: at }))
      .execute();
  }

  /** Who among `ids` had the app open at `since` or later, on any process. */
  async seenSince(ids: readonly string[], since: number): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('presence')
      .select('user_id')
      .where('user_id', 'in', [...ids])
      .where('seen_at', '>=', since)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /** Records a pending request from `me` to `other`. */
  async request(me: string, other: string, at: number): Promise<void> {
    const [a, b] = pair(me, other);
    await this.db
      .insertInto('friendships')
      .values({ a, b, requester: me, status: 'pending', at })
      .onConflict((oc) => oc.columns(['a', 'b']).doNothing())
      .execute();
  }

  /** Turns a pending request into a friendship. */
  async accept(me: string, other: string, at: number): Promise<void> {
    const [a, b] = pair(me, other);
    await this.db
      .updateTable('friendships')
      .set({ status: 'accepted', at })
      .where('a', '=', a)
      .where('b', '=', b)
      .execute();
  }

  /** Drops a friendship or a request either way; says whether there was one. */
  async remove(me: string, other: string): Promise<boolean> {
    const [a, b] = pair(me, other);
    const r = await this.db
      .deleteFrom('friendships')
      .where('a', '=', a)
      .where('b', '=', b)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** `me` blocks `other`: any friendship or request between them goes. */
  async block(me: string, other: string, at: number): Promise<void> {
    await this.remove(me, other);
    await this.db
      .insertInto('blocks')
      .values({ blocker: me, blocked: other, at })
      .onConflict((oc) => oc.columns(['blocker', 'blocked']).doNothing())
      .execute();
  }

  /** Lifts a block. */
  async unblock(me: string, other: string): Promise<void> {
    await this.db
      .deleteFrom('blocks')
      .where('blocker', '=', me)
      .where('blocked', '=', other)
      .execute();
  }

  /** Every friendship row of an account, with the other account. */
  async rows(
    me: string,
  ): Promise<
    { other: PersonRow; status: 'pending' | 'accepted'; requester: string; at: number }[]
  > {
    const rows = await this.db
      .selectFrom('friendships')
      .innerJoin('users', (j) =>
        j.on((eb) =>
          eb.or([
            eb.and([eb('friendships.a', '=', me), eb('users.id', '=', eb.ref('friendships.b'))]),
            eb.and([eb('friendships.b', '=', me), eb('users.id', '=', eb.ref('friendships.a'))]),
          ]),
        ),
      )
      .select([
        'users.id',
        'users.name',
        'users.colour',
        'friendships.status',
        'friendships.requester',
        'friendships.at',
      ])
      .where((eb) => eb.or([eb('friendships.a', '=', me), eb('friendships.b', '=', me)]))
      .execute();
    return rows.map((r) => ({
      other: { id: r.id, name: r.name, colour: r.colour },
      status: r.status,
      requester: r.requester,
      at: Number(r.at),
    }));
  }

  /** Whom an account blocked. */
  async blocked(me: string): Promise<PersonRow[]> {
    return this.db
      .selectFrom('blocks')
      .innerJoin('users', 'users.id', 'blocks.blocked')
      .select(['users.id', 'users.name', 'users.colour'])
      .where('blocks.blocker', '=', me)
      .execute();
  }

  /**
   * Accounts whose name contains `q` (any case), leaving out `me` and whoever blocked `me`:
   * a blocked person cannot find the blocker.
   */
  async search(me: string, q: string, limit: number): Promise<PersonRow[]> {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'colour'])
      .where('kind', '=', 'account')
      .where('id', '<>', me)
      .where((eb) => eb(eb.fn('lower', ['name']), 'like', like))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('blocks')
              .select('blocker')
              .whereRef('blocks.blocker', '=', 'users.id')
              .where('blocks.blocked', '=', me),
          ),
        ),
      )
      .orderBy('name')
      .limit(limit)
      .execute();
  }

  /** The account holding a seat of a game, if any. */
  async seatUser(gameId: string, seat: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('user_seats')
      .select('user_id')
      .where('game_id', '=', gameId)
      .where('seat', '=', seat)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Blocks between the accounts seated at a game, as [blocker seat, blocked seat]. */
  async blocksAt(gameId: string): Promise<[number, number][]> {
    const rows = await this.db
      .selectFrom('user_seats as s1')
      .innerJoin('blocks', 'blocks.blocker', 's1.user_id')
      .innerJoin('user_seats as s2', (j) =>
        j.onRef('s2.user_id', '=', 'blocks.blocked').on('s2.game_id', '=', gameId),
      )
      .select(['s1.seat as blocker', 's2.seat as blocked'])
      .where('s1.game_id', '=', gameId)
      .execute();
    return rows.map((r) => [r.blocker, r.blocked]);
  }

  /** Whether an account held a seat of a game. */
  async satAt(userId: string, gameId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_seats')
      .select('seat')
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The games in play where these accounts hold a seat, with the seat. */
  async playing(
    userIds: readonly string[],
  ): Promise<{ userId: string; gameId: string; seat: number }[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('user_seats')
      .innerJoin('games', 'games.id', 'user_seats.game_id')
      .select(['user_seats.user_id', 'user_seats.game_id', 'user_seats.seat'])
      .where('user_seats.user_id', 'in', [...userIds])
      .where('games.status', '=', 'playing')
      .execute();
    return rows.map((r) => ({ userId: r.user_id, gameId: r.game_id, seat: r.seat }));
  }
}
