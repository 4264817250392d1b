import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from './schema.ts';

/** A user row as the account service works with it. */
export type UserRow = Selectable<UsersTable>;

/** A stored passkey. */
export interface PasskeyRow {
  readonly id: string;
  readonly userId: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: string[];
  readonly backedUp: boolean;
  readonly label: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

/** One finished game of a user's seat: what per-rules statistics add up. */
export interface UserResult {
  readonly rulesJson: string;
  readonly won: boolean;
  readonly score: number;
  readonly turns: number;
  readonly points: number;
  readonly zilches: number;
}

/** Every read and write of users, passkeys, recovery codes, seat links, sessions and secrets. */
export class AccountStore {
  constructor(readonly db: Kysely<Database>) {}

  /** The secret of this name, made by `make` by whichever process asks first and shared after. */
  async secret(name: string, make: () => string): Promise<string> {
    await this.db
      .insertInto('server_secrets')
      .values({ name, value: make() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const r = await this.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return r.value;
  }

  /** A session's stored data, unless it has expired. */
  async session(id: string, now: number): Promise<string | null> {
    const r = await this.db
      .selectFrom('sessions')
      .select('data')
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return r ? r.data : null;
  }

  /** Writes a session (insert or replace). */
  async saveSession(id: string, userId: string | null, data: string, expiresAt: number) {
    await this.db
      .insertInto('sessions')
      .values({ id, user_id: userId, data, expires_at: expiresAt })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ user_id: userId, data, expires_at: expiresAt }),
      )
      .execute();
  }

  /** Forgets one session. */
  async dropSession(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /**
   * Forgets sessions that expired before `now`, then guests no session and no seat refer to
   * (made a day or more ago: a guest is made a moment before its session row is written).
   */
  async purgeSessions(now: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    await this.db
      .deleteFrom('users')
      .where('kind', '=', 'guest')
      .where('created_at', '<', now - 86_400_000)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('sessions')
              .select('sessions.id')
              .whereRef('sessions.user_id', '=', 'users.id'),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_seats')
              .select('user_seats.game_id')
              .whereRef('user_seats.user_id', '=', 'users.id'),
          ),
        ),
      )
      .execute();
  }

  /** Adds a user. */
  async addUser(u: UserRow): Promise<void> {
    await this.db.insertInto('users').values(u).execute();
  }

  /** A user, or null. */
  async user(id: string): Promise<UserRow | null> {
    const r = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return r ?? null;
  }

  /** The user a WebAuthn user handle names, or null. */
  async userByHandle(handle: string): Promise<UserRow | null> {
    const r = await this.db
      .selectFrom('users')
      .selectAll()
      .where('webauthn_id', '=', handle)
      .executeTakeFirst();
    return r ?? null;
  }

  /** Changes name, colour, looks or kind. */
  async updateUser(
    id: string,
    set: { name?: string; colour?: string; looks?: string; kind?: 'account' | 'guest' },
  ): Promise<void> {
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('users').set(set).where('id', '=', id).execute();
  }

  /** How many passkeys and unused recovery codes a user has. */
  async counts(userId: string): Promise<{ passkeys: number; codes: number }> {
    const [p, c] = await Promise.all([
      this.db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { passkeys: Number(p.n), codes: Number(c.n) };
  }

  /** A user's passkeys, oldest first. */
  async passkeys(userId: string): Promise<PasskeyRow[]> {
    const rows = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    return rows.map(toPasskey);
  }

  /** A passkey by credential id, or null. */
  async passkey(id: string): Promise<PasskeyRow | null> {
    const r = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? toPasskey(r) : null;
  }

  /** Stores a new passkey. */
  async addPasskey(p: PasskeyRow): Promise<void> {
    await this.db
      .insertInto('passkeys')
      .values({
        id: p.id,
        user_id: p.userId,
        public_key: p.publicKey,
        counter: p.counter,
        transports: JSON.stringify(p.transports),
        backed_up: p.backedUp ? 1 : 0,
        label: p.label,
        created_at: p.createdAt,
        last_used_at: p.lastUsedAt,
      })
      .execute();
  }

  /** Records a sign-in with a passkey (its new signature counter). */
  async passkeyUsed(id: string, counter: number, at: number): Promise<void> {
    await this.db
      .updateTable('passkeys')
      .set({ counter, last_used_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Removes one of a user's passkeys; says whether there was one. */
  async removePasskey(userId: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('passkeys')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  /** Replaces a user's recovery codes (by hash) with new ones. */
  async replaceCodes(userId: string, hashes: string[], at: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await tx
        .insertInto('recovery_codes')
        .values(hashes.map((h) => ({ code_hash: h, user_id: userId, created_at: at })))
        .execute();
    });
  }

  /** Uses up a recovery code: the user it belonged to, or null (unknown or already used). */
  async useCode(hash: string): Promise<string | null> {
    const r = await this.db
      .selectFrom('recovery_codes')
      .select('user_id')
      .where('code_hash', '=', hash)
      .executeTakeFirst();
    if (!r) return null;
    // Two sign-ins racing with one code: only the one whose delete removed the row gets in.
    const d = await this.db
      .deleteFrom('recovery_codes')
      .where('code_hash', '=', hash)
      .executeTakeFirst();
    return Number(d.numDeletedRows) === 1 ? r.user_id : null;
  }

  /**
   * Links a seat to a user unless an account already holds it (a guest's seat may be taken over
   * by whoever shows its token); says whether the seat is now the user's.
   */
  async linkSeat(userId: string, gameId: string, seat: number, at: number): Promise<boolean> {
    await this.db
      .insertInto('user_seats')
      .values({ game_id: gameId, seat, user_id: userId, linked_at: at })
      .onConflict((oc) =>
        oc
          .columns(['game_id', 'seat'])
          .doUpdateSet({ user_id: userId, linked_at: at })
          .where('user_seats.user_id', 'in', (eb) =>
            eb.selectFrom('users').select('id').where('kind', '=', 'guest'),
          ),
      )
      .execute();
    const r = await this.db
      .selectFrom('user_seats')
      .select('user_id')
      .where('game_id', '=', gameId)
      .where('seat', '=', seat)
      .executeTakeFirst();
    return r?.user_id === userId;
  }

  /** Moves every seat of one user to another (a guest signing in to an account). */
  async moveSeats(from: string, to: string): Promise<void> {
    await this.db
      .updateTable('user_seats')
      .set({ user_id: to })
      .where('user_id', '=', from)
      .execute();
  }

  /** Every seat a user holds, most recently linked first. */
  async seatsOf(userId: string): Promise<{ gameId: string; seat: number }[]> {
    const rows = await this.db
      .selectFrom('user_seats')
      .select(['game_id', 'seat'])
      .where('user_id', '=', userId)
      .orderBy('linked_at', 'desc')
      .execute();
    return rows.map((r) => ({ gameId: r.game_id, seat: r.seat }));
  }

  /** The finished games of a user's seats, with each game's rule set (JSON). */
  async results(userId: string): Promise<UserResult[]> {
    const rows = await this.db
      .selectFrom('user_seats as u')
      .innerJoin('game_players as p', (j) =>
        j.onRef('p.game_id', '=', 'u.game_id').onRef('p.seat', '=', 'u.seat'),
      )
      .innerJoin('games as g', 'g.id', 'u.game_id')
      .select(['g.rules', 'p.won', 'p.score', 'p.turns', 'p.points', 'p.zilches'])
      .where('u.user_id', '=', userId)
      .execute();
    return rows.map((r) => ({
      rulesJson: r.rules,
      won: r.won === 1,
      score: r.score,
      turns: r.turns,
      points: r.points,
      zilches: r.zilches,
    }));
  }

  /** Renames a seat in the per-game results (statistics by name stop finding it). */
  async renameResults(gameId: string, seat: number, name: string): Promise<void> {
    await this.db
      .updateTable('game_players')
      .set({ name })
      .where('game_id', '=', gameId)
      .where('seat', '=', seat)
      .execute();
  }

  /** Deletes a user with its passkeys, codes, seat links and sessions, in one transaction. */
  async deleteUser(userId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
      await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await tx.deleteFrom('user_seats').where('user_id', '=', userId).execute();
      await tx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      for (const t of ['push_subscriptions', 'push_settings', 'push_sent'] as const)
        await tx.deleteFrom(t).where('user_id', '=', userId).execute();
      // Ratings go with the account; opponents keep their own history rows.
      await tx.deleteFrom('ratings').where('user_id', '=', userId).execute();
      await tx.deleteFrom('rating_history').where('user_id', '=', userId).execute();
      await tx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }
}

function toPasskey(r: Selectable<Database['passkeys']>): PasskeyRow {
  return {
    id: r.id,
    userId: r.user_id,
    publicKey: r.public_key,
    counter: Number(r.counter),
    transports: JSON.parse(r.transports) as string[],
    backedUp: r.backed_up === 1,
    label: r.label,
    createdAt: Number(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
  };
}
