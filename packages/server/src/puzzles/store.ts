// The puzzles feature's rows (SQLite and PostgreSQL): the bank per preset with each puzzle's
// Glicko-2 rating, accounts' puzzle ratings, their rated first tries, and the daily choice.
import type { GameState } from '@zilch/engine';
import type { AdviceOption, PuzzleTheme } from '@zilch/strategy';
import { dailyIndex } from '@zilch/strategy';
import type { Kysely } from 'kysely';
import { NEW_PLAYER, rateGame, type Glicko } from '../ratings/glicko.ts';
import { sql } from '../store/kysely.ts';
import type { Database } from '../store/schema.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/** What a stored puzzle holds besides its rating. */
interface PuzzleBody {
  readonly state: GameState;
  /** Every option valued in win probability, best first. */
  readonly options: readonly AdviceOption[];
  readonly obvious: number;
  readonly margin: number;
  /** 'self-play' or 'game:<id>'. */
  readonly source: string;
  /** A game's: when it ended, and whether its table was listed in the public lobby. */
  readonly playedAt?: number;
  readonly listed?: boolean;
}

/** A puzzle of the bank. */
export interface PuzzleRow {
  readonly id: string;
  readonly preset: string;
  readonly themes: PuzzleTheme[];
  readonly body: PuzzleBody;
  readonly rating: Glicko;
  readonly plays: number;
  readonly solved: number;
  readonly createdAt: number;
}

/** A puzzle to add to a bank. */
export interface NewPuzzle {
  readonly id: string;
  readonly themes: readonly PuzzleTheme[];
  readonly body: PuzzleBody;
}

/** An account's puzzle rating and counts. */
export interface PlayerPuzzleRating extends Glicko {
  readonly attempts: number;
  readonly solved: number;
}

/** What a rated (or not) attempt did. */
export interface AttemptOutcome {
  readonly rated: boolean;
  readonly before: Glicko;
  readonly after: Glicko;
  readonly puzzle: Glicko & { plays: number };
}

type Row = Database['puzzles'];

function rowOf(r: Row): PuzzleRow {
  return {
    id: r.id,
    preset: r.preset,
    themes: r.themes ? (r.themes.split(',') as PuzzleTheme[]) : [],
    body: JSON.parse(r.body) as PuzzleBody,
    rating: { rating: r.rating, rd: r.rd, vol: r.vol },
    plays: Number(r.plays),
    solved: Number(r.solved),
    createdAt: Number(r.created_at),
  };
}

const glicko = (r: { rating: number; rd: number; vol: number }): Glicko => ({
  rating: r.rating,
  rd: r.rd,
  vol: r.vol,
});

/** Reads and writes the puzzle tables. */
export class PuzzleStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  /** Adds puzzles to a preset's bank at the starting rating; answers how many were new. */
  async add(preset: string, puzzles: readonly NewPuzzle[], now: number): Promise<number> {
    let added = 0;
    for (const p of puzzles) {
      const r = await this.db
        .insertInto('puzzles')
        .values({
          id: p.id,
          preset,
          themes: p.themes.join(','),
          body: JSON.stringify(p.body),
          ...NEW_PLAYER,
          plays: 0,
          solved: 0,
          created_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      added += Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }

  /** How many puzzles each preset's bank holds. */
  async counts(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('puzzles')
      .select(['preset', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('preset')
      .execute();
    return new Map(rows.map((r) => [r.preset, Number(r.n)]));
  }

  /** A puzzle by id. */
  async get(id: string): Promise<PuzzleRow | null> {
    const r = await this.db
      .selectFrom('puzzles')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? rowOf(r) : null;
  }

  /**
   * Up to `limit` puzzles of a preset nearest a rating, leaving out `exclude` and, for an
   * account, those it has tried.
   */
  async near(
    preset: string,
    rating: number,
    o: { limit: number; exclude?: string; userId?: string; theme?: PuzzleTheme },
  ): Promise<PuzzleRow[]> {
    let q = this.db.selectFrom('puzzles').selectAll().where('preset', '=', preset);
    if (o.exclude) q = q.where('id', '!=', o.exclude);
    if (o.theme) q = q.where('themes', 'like', `%${o.theme}%`);
    if (o.userId) {
      const userId = o.userId;
      q = q.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('puzzle_attempts as a')
              .select('a.puzzle_id')
              .whereRef('a.puzzle_id', '=', 'puzzles.id')
              .where('a.user_id', '=', userId),
          ),
        ),
      );
    }
    const rows = await q
      .orderBy(sql`abs(rating - ${rating})`)
      .orderBy('id')
      .limit(o.limit)
      .execute();
    return rows.map(rowOf);
  }

  /**
   * The daily puzzle of a UTC day and preset: fixed by the day's first request (a hash of the
   * date over the bank in id order), so a bank growing during the day does not change it.
   */
  async daily(day: string, preset: string): Promise<PuzzleRow | null> {
    const fixed = await this.db
      .selectFrom('puzzle_daily')
      .select('puzzle_id')
      .where('day', '=', day)
      .where('preset', '=', preset)
      .executeTakeFirst();
    if (!fixed) {
      const ids = await this.db
        .selectFrom('puzzles')
        .select('id')
        .where('preset', '=', preset)
        .orderBy('id')
        .execute();
      const i = dailyIndex(day, ids.length);
      const pick = ids[i];
      if (!pick) return null;
      await this.db
        .insertInto('puzzle_daily')
        .values({ day, preset, puzzle_id: pick.id })
        .onConflict((oc) => oc.columns(['day', 'preset']).doNothing())
        .execute();
      return this.daily(day, preset);
    }
    return this.get(fixed.puzzle_id);
  }

  /** An account's puzzle rating, or null before its first attempt. */
  async player(userId: string): Promise<PlayerPuzzleRating | null> {
    const r = await this.db
      .selectFrom('puzzle_ratings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r ? { ...glicko(r), attempts: Number(r.attempts), solved: Number(r.solved) } : null;
  }

  /**
   * An account's attempt: its first try at a puzzle rates the account and the puzzle against
   * each other (one Glicko-2 game), in one transaction; a later try changes nothing.
   */
  async attempt(
    userId: string,
    puzzleId: string,
    correct: boolean,
    now: number,
  ): Promise<AttemptOutcome | null> {
    return writeTransaction(this.db, this.dialect, async (tx) => {
      await tx
        .insertInto('puzzle_ratings')
        .values({ user_id: userId, ...NEW_PLAYER, attempts: 0, solved: 0, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      let pq = tx.selectFrom('puzzles').selectAll().where('id', '=', puzzleId);
      let uq = tx.selectFrom('puzzle_ratings').selectAll().where('user_id', '=', userId);
      // SQLite has no row locks: its write transaction already excludes every other writer.
      if (this.dialect === 'postgres') {
        pq = pq.forUpdate();
        uq = uq.forUpdate();
      }
      const puzzle = await pq.executeTakeFirst();
      const me = await uq.executeTakeFirst();
      if (!puzzle || !me) return null;
      const tried = await tx
        .selectFrom('puzzle_attempts')
        .select('correct')
        .where('user_id', '=', userId)
        .where('puzzle_id', '=', puzzleId)
        .executeTakeFirst();
      if (tried) {
        return {
          rated: false,
          before: glicko(me),
          after: glicko(me),
          puzzle: { ...glicko(puzzle), plays: Number(puzzle.plays) },
        };
      }
      const [after, pAfter] = rateGame(glicko(me), glicko(puzzle), correct ? 1 : 0);
      await tx
        .updateTable('puzzle_ratings')
        .set({
          ...after,
          attempts: Number(me.attempts) + 1,
          solved: Number(me.solved) + (correct ? 1 : 0),
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .execute();
      const plays = Number(puzzle.plays) + 1;
      await tx
        .updateTable('puzzles')
        .set({ ...pAfter, plays, solved: Number(puzzle.solved) + (correct ? 1 : 0) })
        .where('id', '=', puzzleId)
        .execute();
      await tx
        .insertInto('puzzle_attempts')
        .values({
          user_id: userId,
          puzzle_id: puzzleId,
          correct: correct ? 1 : 0,
          rating_before: me.rating,
          rating: after.rating,
          at: now,
        })
        .execute();
      return { rated: true, before: glicko(me), after, puzzle: { ...pAfter, plays } };
    });
  }
}
