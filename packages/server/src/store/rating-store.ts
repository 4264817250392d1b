// Ratings in the store: rated tables, Glicko-2 ratings per account and preset, their history,
// and the exactly-once application of a finished rated game.
import type { Kysely, Selectable } from 'kysely';
import { NEW_PLAYER, rateGame, type Glicko } from '../ratings/glicko.ts';
import type { Database } from './schema.ts';
import { writeTransaction } from './write-transaction.ts';

/** What applying a game did: rated it, found it void (not two accounts, or called off), or nothing (not over, unrated, done before). */
export type ApplyOutcome = 'applied' | 'void' | 'none';

/** A stored rating with its counts. */
export interface RatingRow extends Glicko {
  readonly userId: string;
  readonly preset: string;
  readonly games: number;
  readonly wins: number;
}

/** One point of a player's history. */
export interface HistoryRow {
  readonly gameId: string;
  readonly preset: string;
  readonly at: number;
  readonly rating: number;
  readonly rd: number;
  readonly ratingBefore: number;
  readonly score: number;
  readonly seat: number;
  readonly opponentName: string;
  /** The opponent's account when it is a bot account. */
  readonly opponentBot: string | null;
}

/** A leaderboard entry: a rating and whose it is. */
export interface BoardRow extends RatingRow {
  readonly name: string | null;
  readonly colour: string;
}

/** Reads and writes of ratings. */
export class RatingStore {
  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  /** The rated-table row of a game, or null for an unrated one. */
  async ratedGame(gameId: string) {
    return (
      (await this.db
        .selectFrom('rated_games')
        .selectAll()
        .where('game_id', '=', gameId)
        .executeTakeFirst()) ?? null
    );
  }

  /** Finished rated games not yet applied (a crash between the end and its rating, or another process's). */
  async pending(limit = 100): Promise<string[]> {
    const rows = await this.db
      .selectFrom('rated_games as r')
      .innerJoin('games as g', 'g.id', 'r.game_id')
      .select('r.game_id')
      .where('r.applied_at', 'is', null)
      .where('g.status', '=', 'over')
      .limit(limit)
      .execute();
    return rows.map((r) => r.game_id);
  }

  /**
   * Applies a finished rated game to both players' ratings, exactly once: the first transaction
   * to mark the game applied does the update, in the same commit; any later or concurrent call
   * (a retry, another process, the start-up sweep) finds it marked and changes nothing.
   */
  async apply(gameId: string, now: number): Promise<ApplyOutcome> {
    return writeTransaction(this.db, this.dialect, async (tx) => {
      // The claim: on PostgreSQL a concurrent claimer waits on this row lock, then sees it set.
      const claim = await tx
        .updateTable('rated_games')
        .set({ applied_at: now })
        .where('game_id', '=', gameId)
        .where('applied_at', 'is', null)
        .where('game_id', 'in', (eb) =>
          eb.selectFrom('games').select('id').where('status', '=', 'over'),
        )
        .returning('preset')
        .executeTakeFirst();
      if (!claim) return 'none';
      const seats = await tx
        .selectFrom('game_players as p')
        .leftJoin('user_seats as s', (j) =>
          j.onRef('s.game_id', '=', 'p.game_id').onRef('s.seat', '=', 'p.seat'),
        )
        .leftJoin('users as u', 'u.id', 's.user_id')
        .select(['p.seat', 'p.won', 's.user_id', 'u.kind'])
        .where('p.game_id', '=', gameId)
        .orderBy('p.seat')
        .execute();
      const [a, b] = seats;
      // Nobody won only when the game was called off (a player never showed up): no result to rate.
      const rateable =
        seats.some((p) => p.won === 1) &&
        seats.length === 2 &&
        a?.kind === 'account' &&
        b?.kind === 'account' &&
        a.user_id !== null &&
        b.user_id !== null &&
        a.user_id !== b.user_id;
      if (!rateable) {
        await setOutcome(tx, gameId, 'void');
        return 'void';
      }
      const players = [
        { userId: a.user_id!, seat: a.seat, won: a.won === 1 },
        { userId: b.user_id!, seat: b.seat, won: b.won === 1 },
      ];
      const before = await this.lockRatings(
        tx,
        claim.preset,
        players.map((p) => p.userId),
        now,
      );
      const ra = before.get(players[0]!.userId)!;
      const rb = before.get(players[1]!.userId)!;
      // A shared win (a tie the rules let stand) counts as a draw.
      const score = players[0]!.won === players[1]!.won ? 0.5 : players[0]!.won ? 1 : 0;
      const after = rateGame(ra, rb, score);
      for (const [i, p] of players.entries()) {
        const was = i === 0 ? ra : rb;
        const now_ = after[i]!;
        const mine = i === 0 ? score : 1 - score;
        await tx
          .updateTable('ratings')
          .set({
            rating: now_.rating,
            rd: now_.rd,
            vol: now_.vol,
            games: was.games + 1,
            wins: was.wins + (mine === 1 ? 1 : 0),
            updated_at: now,
          })
          .where('user_id', '=', p.userId)
          .where('preset', '=', claim.preset)
          .execute();
        await tx
          .insertInto('rating_history')
          .values({
            game_id: gameId,
            user_id: p.userId,
            seat: p.seat,
            opponent_seat: players[1 - i]!.seat,
            preset: claim.preset,
            score: mine,
            rating_before: was.rating,
            rating: now_.rating,
            rd: now_.rd,
            vol: now_.vol,
            at: now,
          })
          .execute();
      }
      await setOutcome(tx, gameId, 'applied');
      return 'applied';
    });
  }

  /**
   * Both players' rating rows (made at the starting values if new), locked for this transaction
   * on PostgreSQL, in user-id order so two games sharing a player cannot deadlock.
   */
  private async lockRatings(
    tx: Kysely<Database>,
    preset: string,
    userIds: string[],
    now: number,
  ): Promise<Map<string, Glicko & { games: number; wins: number }>> {
    const ids = [...userIds].sort();
    for (const userId of ids) {
      await tx
        .insertInto('ratings')
        .values({ user_id: userId, preset, ...NEW_PLAYER, games: 0, wins: 0, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'preset']).doNothing())
        .execute();
    }
    let q = tx
      .selectFrom('ratings')
      .selectAll()
      .where('preset', '=', preset)
      .where('user_id', 'in', ids)
      .orderBy('user_id');
    // SQLite has no row locks: its write transaction already excludes every other writer.
    if (this.dialect === 'postgres') q = q.forUpdate();
    const rows = await q.execute();
    return new Map(rows.map((r) => [r.user_id, { ...r }]));
  }

  /** An account's public identity, or null (a guest, or no such user). */
  async player(userId: string) {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('bot_accounts as b', 'b.user_id', 'users.id')
      .select(['users.name', 'users.colour', 'b.user_id as bot'])
      .where('users.id', '=', userId)
      .where('users.kind', '=', 'account')
      .executeTakeFirst();
    return row ? { name: row.name, colour: row.colour, bot: row.bot !== null } : null;
  }

  /** A user's ratings, most games first. */
  async ratingsOf(userId: string): Promise<RatingRow[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('games', 'desc')
      .orderBy('preset')
      .execute();
    return rows.map(toRating);
  }

  /** A user's rating history, oldest first, with each opponent's name at the game's end. */
  async historyOf(userId: string, limit = 500): Promise<HistoryRow[]> {
    const rows = await this.db
      .selectFrom('rating_history as h')
      .leftJoin('game_players as p', (j) =>
        j.onRef('p.game_id', '=', 'h.game_id').onRef('p.seat', '=', 'h.opponent_seat'),
      )
      .leftJoin('user_seats as os', (j) =>
        j.onRef('os.game_id', '=', 'h.game_id').onRef('os.seat', '=', 'h.opponent_seat'),
      )
      .leftJoin('bot_accounts as ob', 'ob.user_id', 'os.user_id')
      .select([
        'ob.user_id as opponent_bot',
        'h.game_id',
        'h.preset',
        'h.at',
        'h.rating',
        'h.rd',
        'h.rating_before',
        'h.score',
        'h.seat',
        'p.name',
      ])
      .where('h.user_id', '=', userId)
      .orderBy('h.at', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({
      gameId: r.game_id,
      preset: r.preset,
      at: Number(r.at),
      rating: r.rating,
      rd: r.rd,
      ratingBefore: r.rating_before,
      score: r.score,
      seat: r.seat,
      opponentName: r.name ?? 'Unknown player',
      opponentBot: r.opponent_bot ?? null,
    }));
  }

  /** The history rows of one game (what its end changed), by seat. */
  async changesOf(gameId: string) {
    const rows = await this.db
      .selectFrom('rating_history')
      .select(['seat', 'rating_before', 'rating', 'rd'])
      .where('game_id', '=', gameId)
      .orderBy('seat')
      .execute();
    return rows.map((r) => ({
      seat: r.seat,
      before: r.rating_before,
      after: r.rating,
      deviation: r.rd,
    }));
  }

  /**
   * The seats of a game in play that a user holds, with the user's kind and rating in `preset`
   * (null before the user's first rated game there). Seats nobody has linked are absent.
   */
  async seatRatings(gameId: string, preset: string) {
    const rows = await this.db
      .selectFrom('user_seats as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('ratings as r', (j) =>
        j.onRef('r.user_id', '=', 's.user_id').on('r.preset', '=', preset),
      )
      .select(['s.seat', 's.user_id', 'u.kind', 'r.rating', 'r.rd', 'r.vol'])
      .where('s.game_id', '=', gameId)
      .orderBy('s.seat')
      .execute();
    return rows.map((r) => ({
      seat: r.seat,
      account: r.kind === 'account' ? r.user_id : null,
      rating:
        r.rating === null || r.rd === null || r.vol === null
          ? null
          : { rating: Number(r.rating), rd: Number(r.rd), vol: Number(r.vol) },
    }));
  }

  /** Accounts' ratings in a preset with at least `minGames` games, best first. */
  async board(preset: string, minGames: number, limit: number): Promise<BoardRow[]> {
    const rows = await this.db
      .selectFrom('ratings as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        'r.user_id',
        'r.preset',
        'r.rating',
        'r.rd',
        'r.vol',
        'r.games',
        'r.wins',
        'u.name',
        'u.colour',
      ])
      .where('r.preset', '=', preset)
      .where('r.games', '>=', minGames)
      .where('u.kind', '=', 'account')
      // Bot accounts (botapi/) are kept off the leaderboard of people.
      .where('r.user_id', 'not in', (eb) => eb.selectFrom('bot_accounts').select('user_id'))
      .orderBy('r.rating', 'desc')
      .orderBy('r.user_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...toRating(r), name: r.name, colour: r.colour }));
  }

  /** Presets with rated players, most rated players first. */
  async presets(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .select(['preset', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('preset')
      .orderBy('n', 'desc')
      .orderBy('preset')
      .execute();
    return rows.map((r) => r.preset);
  }
}

function toRating(r: Omit<Selectable<Database['ratings']>, 'updated_at'>): RatingRow {
  return {
    userId: r.user_id,
    preset: r.preset,
    rating: Number(r.rating),
    rd: Number(r.rd),
    vol: Number(r.vol),
    games: r.games,
    wins: r.wins,
  };
}

async function setOutcome(tx: Kysely<Database>, gameId: string, outcome: 'applied' | 'void') {
  await tx.updateTable('rated_games').set({ outcome }).where('game_id', '=', gameId).execute();
}
