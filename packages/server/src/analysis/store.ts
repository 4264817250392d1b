// The analysis feature's rows: one stored analysis per game (SQLite and PostgreSQL).
import type { GameAccuracy } from '@zilch/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** A stored analysis with the seat a user held in that game. */
export interface SeatedAnalysis {
  readonly seat: number;
  readonly at: number;
  readonly analysis: GameAccuracy;
}

/** Reads and writes `game_accuracy`. */
export class AnalysisStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** A game's stored analysis, if any. */
  async get(gameId: string): Promise<GameAccuracy | null> {
    const row = await this.db
      .selectFrom('game_accuracy')
      .select('body')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.body) as GameAccuracy) : null;
  }

  /** Stores a game's analysis (a second process analysing the same game stores the same rows). */
  async put(a: GameAccuracy, at: number): Promise<void> {
    await this.db
      .insertInto('game_accuracy')
      .values({ game_id: a.gameId, preset: a.preset, body: JSON.stringify(a), at })
      .onConflict((oc) => oc.column('game_id').doNothing())
      .execute();
  }

  /** The analysed games a user held a seat in, newest first. */
  async forUser(userId: string, limit: number): Promise<SeatedAnalysis[]> {
    const rows = await this.db
      .selectFrom('game_accuracy as g')
      .innerJoin('user_seats as u', 'u.game_id', 'g.game_id')
      .select(['g.body', 'g.at', 'u.seat'])
      .where('u.user_id', '=', userId)
      .orderBy('g.at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      seat: r.seat,
      at: Number(r.at),
      analysis: JSON.parse(r.body) as GameAccuracy,
    }));
  }
}
