// Which finished games have been mined for puzzles (SQLite and PostgreSQL): a game is claimed by
// one process at a time with a lease, like bots' leases on tables, so two processes on one store
// never cut the same game; a claim whose lease ran out (a crash) or whose retry is due is taken
// over by whoever asks first, in one statement.
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** What the miner needs to know of a finished game besides its log. */
export interface SourceGame {
  readonly finishedAt: number;
  /** Listed in the public lobby at creation: only then may a puzzle link to its review. */
  readonly listed: boolean;
}

/** Reads and writes `puzzle_sources` (and reads the games it names). */
export class PuzzleSourceStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims a game for `owner` until `until`: a game never looked at, or one not done whose lease
   * has run out. True when this caller holds it now; false when another does, or it is done.
   */
  async claim(gameId: string, owner: string, now: number, until: number): Promise<boolean> {
    const fresh = await this.db
      .insertInto('puzzle_sources')
      .values({ game_id: gameId, owner, lease_until: until, tries: 1, done_at: null, found: 0 })
      .onConflict((oc) => oc.column('game_id').doNothing())
      .executeTakeFirst();
    if (Number(fresh.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    // One statement: PostgreSQL re-checks the condition on the row it locks, so of two processes
    // taking over the same lapsed claim only one updates it.
    const taken = await this.db
      .updateTable('puzzle_sources')
      .set((eb) => ({ owner, lease_until: until, tries: eb('tries', '+', 1) }))
      .where('game_id', '=', gameId)
      .where('done_at', 'is', null)
      .where('lease_until', '<=', now)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** Marks a claimed game done with the puzzles it gave (only by the claim's holder). */
  async done(gameId: string, owner: string, found: number, now: number): Promise<void> {
    await this.db
      .updateTable('puzzle_sources')
      .set({ owner: null, done_at: now, found })
      .where('game_id', '=', gameId)
      .where('owner', '=', owner)
      .execute();
  }

  /** Hands a claim back, to be tried again from `at` (an exact solution still being made). */
  async later(gameId: string, owner: string, at: number): Promise<void> {
    await this.db
      .updateTable('puzzle_sources')
      .set({ owner: null, lease_until: at })
      .where('game_id', '=', gameId)
      .where('owner', '=', owner)
      .execute();
  }

  /** Tries so far of a game's mining (0 when never claimed). */
  async tries(gameId: string): Promise<number> {
    const r = await this.db
      .selectFrom('puzzle_sources')
      .select('tries')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return r ? Number(r.tries) : 0;
  }

  /**
   * Up to `limit` games to mine now: finished games never looked at (newest first), then claims
   * due again (a retry's wait or a lapsed lease).
   */
  async due(now: number, limit: number): Promise<string[]> {
    const fresh = await this.db
      .selectFrom('games as g')
      .leftJoin('puzzle_sources as p', 'p.game_id', 'g.id')
      .select('g.id')
      .where('g.status', '=', 'over')
      .where('p.game_id', 'is', null)
      .orderBy('g.finished_at', 'desc')
      .limit(limit)
      .execute();
    const again = await this.db
      .selectFrom('puzzle_sources')
      .select('game_id')
      .where('done_at', 'is', null)
      .where('lease_until', '<=', now)
      .orderBy('lease_until')
      .limit(limit)
      .execute();
    return [...fresh.map((r) => r.id), ...again.map((r) => r.game_id)].slice(0, limit);
  }

  /** A finished game's end and whether it was listed; null when it is not over (or unknown). */
  async game(gameId: string): Promise<SourceGame | null> {
    const g = await this.db
      .selectFrom('games')
      .select(['status', 'finished_at', 'updated_at'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    if (!g || g.status !== 'over') return null;
    const listed = await this.db
      .selectFrom('public_games')
      .select('game_id')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return { finishedAt: Number(g.finished_at ?? g.updated_at), listed: listed !== undefined };
  }
}
