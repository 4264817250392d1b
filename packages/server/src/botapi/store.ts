// Bot accounts and API tokens (SQLite and PostgreSQL). A token is found by the SHA-256 of its
// secret, so the secret itself is never stored.
import type { Kysely, Selectable } from 'kysely';
import type { BotTokensTable, Database } from '../store/schema.ts';

/** A stored token. */
export type BotTokenRow = Selectable<BotTokensTable>;

/** A seat of an account at a game, with the game's status. */
export interface BotSeat {
  readonly gameId: string;
  readonly seat: number;
  readonly status: 'waiting' | 'playing' | 'over';
}

/** A game of a bot's page, as stored. */
export interface BotGameRow {
  readonly gameId: string;
  readonly seat: number;
  readonly status: 'waiting' | 'playing' | 'over';
  readonly preset: string | null;
  readonly at: number;
  /** The game's seats (GameRecord seats, JSON). */
  readonly seats: string;
}

/** Reads and writes bot accounts and tokens. */
export class BotStore {
  constructor(readonly db: Kysely<Database>) {}

  /** Whether an account is a bot. */
  async isBot(userId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('bot_accounts')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Which of these accounts are bots. */
  async botsAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('bot_accounts')
      .select('user_id')
      .where('user_id', 'in', [...userIds])
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /** Makes an account a bot (again is a no-op); a place it held in quick match, not yet paired, goes. */
  async makeBot(userId: string, at: number): Promise<void> {
    await this.db
      .insertInto('bot_accounts')
      .values({ user_id: userId, since: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await this.db
      .deleteFrom('match_queue')
      .where('user_id', '=', userId)
      .where('game_id', 'is', null)
      .execute();
  }

  /** Stores a new token. */
  async addToken(row: BotTokenRow): Promise<void> {
    await this.db.insertInto('bot_tokens').values(row).execute();
  }

  /** An account's tokens, newest first (revoked ones too). */
  async tokensOf(userId: string): Promise<BotTokenRow[]> {
    return this.db
      .selectFrom('bot_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** The live (unrevoked) token with this hash. */
  async byHash(hash: string): Promise<BotTokenRow | null> {
    return (
      (await this.db
        .selectFrom('bot_tokens')
        .selectAll()
        .where('hash', '=', hash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()) ?? null
    );
  }

  /** Whether a token is still live (streams check it while they run). */
  async live(id: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('bot_tokens')
      .select('revoked_at')
      .where('id', '=', id)
      .executeTakeFirst();
    return r !== undefined && r.revoked_at === null;
  }

  /** Revokes an account's token; says whether this call did it. */
  async revoke(userId: string, id: string, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('bot_tokens')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Notes a token's use (at most once a minute per token, by the caller). */
  async used(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('bot_tokens')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** An account's seat at a game, if it holds one. */
  async seatAt(userId: string, gameId: string): Promise<number | null> {
    const r = await this.db
      .selectFrom('user_seats')
      .select('seat')
      .where('user_id', '=', userId)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return r?.seat ?? null;
  }

  /** An account's seats at games not over, and at games that ended since `since`. */
  async recentSeats(userId: string, since: number): Promise<BotSeat[]> {
    const rows = await this.db
      .selectFrom('user_seats as u')
      .innerJoin('games as g', 'g.id', 'u.game_id')
      .select(['u.game_id', 'u.seat', 'g.status'])
      .where('u.user_id', '=', userId)
      .where((eb) => eb.or([eb('g.status', '!=', 'over'), eb('g.updated_at', '>=', since)]))
      .execute();
    return rows.map((r) => ({ gameId: r.game_id, seat: r.seat, status: r.status }));
  }

  /** How many games not over an account holds a seat at. */
  async gamesInPlay(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('user_seats as u')
      .innerJoin('games as g', 'g.id', 'u.game_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('u.user_id', '=', userId)
      .where('g.status', '!=', 'over')
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** The bot accounts rated in a preset, best first (the bot ladder). */
  async ladder(preset: string, limit: number) {
    return this.db
      .selectFrom('ratings as r')
      .innerJoin('bot_accounts as b', 'b.user_id', 'r.user_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.user_id', 'u.name', 'r.rating', 'r.rd', 'r.games', 'r.wins'])
      .where('r.preset', '=', preset)
      .orderBy('r.rating', 'desc')
      .orderBy('r.user_id')
      .limit(limit)
      .execute();
  }

  /** Makes the built-in bots' accounts if they are missing (every start; another process may race). */
  async ensureHouse(bots: readonly { id: string }[], colour: string, at: number): Promise<void> {
    for (const b of bots) {
      await this.db
        .insertInto('users')
        .values({
          id: b.id,
          kind: 'account',
          name: b.id,
          colour,
          looks: null,
          // No passkey names this handle: nobody signs in as a built-in bot.
          webauthn_id: `house-${b.id}`,
          created_at: at,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await this.makeBot(b.id, at);
    }
  }

  /** An account's name, if it is a bot account. */
  async botName(userId: string): Promise<{ name: string | null } | null> {
    return (
      (await this.db
        .selectFrom('bot_accounts as b')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .select('u.name')
        .where('b.user_id', '=', userId)
        .executeTakeFirst()) ?? null
    );
  }

  /** An account's ratings, one per preset, most games first. */
  async ratingsOf(userId: string) {
    return this.db
      .selectFrom('ratings')
      .select(['preset', 'rating', 'rd', 'games', 'wins'])
      .where('user_id', '=', userId)
      .orderBy('games', 'desc')
      .orderBy('preset')
      .execute();
  }

  /** An account's newest seats, with each game's status, seats and rated preset. */
  async gamesOf(userId: string, limit: number): Promise<BotGameRow[]> {
    const rows = await this.db
      .selectFrom('user_seats as u')
      .innerJoin('games as g', 'g.id', 'u.game_id')
      .leftJoin('rated_games as r', 'r.game_id', 'u.game_id')
      .select(['u.game_id', 'u.seat', 'u.linked_at', 'g.status', 'g.seats', 'r.preset'])
      .where('u.user_id', '=', userId)
      .orderBy('u.linked_at', 'desc')
      .orderBy('u.game_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      gameId: r.game_id,
      seat: r.seat,
      status: r.status,
      preset: r.preset ?? null,
      at: Number(r.linked_at),
      seats: r.seats,
    }));
  }

  /** Who won at these games (finished ones only), and the accounts at their seats. */
  async resultsOf(gameIds: readonly string[]) {
    if (gameIds.length === 0) return { won: [], linked: [] };
    const [won, linked] = await Promise.all([
      this.db
        .selectFrom('game_players')
        .select(['game_id', 'seat', 'won'])
        .where('game_id', 'in', [...gameIds])
        .execute(),
      this.db
        .selectFrom('user_seats')
        .select(['game_id', 'seat', 'user_id'])
        .where('game_id', 'in', [...gameIds])
        .execute(),
    ]);
    return { won, linked };
  }
}
