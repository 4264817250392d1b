// The practice feature's rows: one per practice game (SQLite and PostgreSQL).
import type { BotId } from '@zilch/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** A practice game as stored. */
export interface PracticeRow {
  readonly gameId: string;
  readonly seat: number;
  readonly bot: BotId;
  readonly hints: number;
}

/** Reads and writes `practice_games`. */
export class PracticeStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Marks a new game as practice for one seat, with no hint used. */
  async add(gameId: string, seat: number, bot: BotId, at: number): Promise<void> {
    await this.db
      .insertInto('practice_games')
      .values({ game_id: gameId, seat, bot, hints: 0, hinted_seq: null, created_at: at })
      .execute();
  }

  /** A practice game, or null when the game is not one. */
  async get(gameId: string): Promise<PracticeRow | null> {
    const row = await this.db
      .selectFrom('practice_games')
      .select(['game_id', 'seat', 'bot', 'hints'])
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return row
      ? { gameId: row.game_id, seat: row.seat, bot: row.bot as BotId, hints: Number(row.hints) }
      : null;
  }

  /**
   * Counts a hint for the decision at `seq`, once: a second ask for the same decision (a reload,
   * two tabs) is not counted again. One statement, so concurrent asks cannot both count.
   */
  async countHint(gameId: string, seq: number): Promise<number> {
    await this.db
      .updateTable('practice_games')
      .set((eb) => ({ hints: eb('hints', '+', 1), hinted_seq: seq }))
      .where('game_id', '=', gameId)
      .where((eb) => eb.or([eb('hinted_seq', 'is', null), eb('hinted_seq', '<>', seq)]))
      .execute();
    return (await this.get(gameId))?.hints ?? 0;
  }
}
