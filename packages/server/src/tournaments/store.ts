// Tournament rows (SQLite and PostgreSQL). Every step that two processes might both take is a
// conditional write with one winner: the start (status open → running), the pairing of a round
// (the (tournament, round) primary key of tournament_rounds), the making of a board's table (a
// claim on the row), a board's result (over 0 → 1) and the end (running → over).
import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  TournamentEntrantsTable,
  TournamentGamesTable,
  TournamentsTable,
} from '../store/schema.ts';

/** A stored tournament. */
export type TournamentRow = Selectable<TournamentsTable>;
/** A stored entrant. */
export type EntrantRow = Selectable<TournamentEntrantsTable>;
/** A stored board (a game or a bye) of a round. */
export type BoardRow = Selectable<TournamentGamesTable>;

/** A board's table is being made by a process for at most this long before another may take over. */
const CLAIM_MS = 30_000;

/** Reads and writes tournaments. */
export class TournamentStore {
  constructor(readonly db: Kysely<Database>) {}

  /** Stores a new tournament and its creator as first entrant when given. */
  async add(row: TournamentRow): Promise<void> {
    await this.db.insertInto('tournaments').values(row).execute();
  }

  /** One tournament. */
  async get(id: string): Promise<TournamentRow | null> {
    return (
      (await this.db
        .selectFrom('tournaments')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    );
  }

  /** Changes an open tournament's name or start; says whether it was still open. */
  async edit(id: string, set: { name?: string; start_at?: number | null }): Promise<boolean> {
    const r = await this.db
      .updateTable('tournaments')
      .set(set)
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Moves a tournament from one status to another; says whether this call did it. */
  async move(
    id: string,
    from: TournamentRow['status'],
    to: TournamentRow['status'],
    at: number,
  ): Promise<boolean> {
    const stamp = to === 'running' ? { started_at: at } : to === 'open' ? {} : { finished_at: at };
    const r = await this.db
      .updateTable('tournaments')
      .set({ status: to, ...stamp })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Open and running tournaments, then the latest finished ones. */
  async lobby(limit: number): Promise<TournamentRow[]> {
    const live = await this.db
      .selectFrom('tournaments')
      .selectAll()
      .where('status', 'in', ['open', 'running'])
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    const over = await this.db
      .selectFrom('tournaments')
      .selectAll()
      .where('status', '=', 'over')
      .orderBy('finished_at', 'desc')
      .limit(Math.max(5, limit - live.length))
      .execute();
    return [...live, ...over];
  }

  /** Ids of every tournament a runner may have work on (open ones may be due to start). */
  async active(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tournaments')
      .select('id')
      .where('status', 'in', ['open', 'running'])
      .execute();
    return rows.map((r) => r.id);
  }

  /** A tournament's entrants, by seed. */
  entrants(id: string): Promise<EntrantRow[]> {
    return this.db
      .selectFrom('tournament_entrants')
      .selectAll()
      .where('tournament_id', '=', id)
      .orderBy('seed')
      .execute();
  }

  /** Adds an entrant if the tournament is open and has room; says whether it did. */
  async join(row: EntrantRow, capacity: number): Promise<'joined' | 'full' | 'closed' | 'already'> {
    return this.db.transaction().execute(async (tx) => {
      // Taking the tournament row first serialises joins of one tournament on PostgreSQL.
      const t = await tx
        .updateTable('tournaments')
        .set({ round: 0 })
        .where('id', '=', row.tournament_id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(t.numUpdatedRows) === 0) return 'closed';
      const have = await tx
        .selectFrom('tournament_entrants')
        .select(['entrant', 'seed'])
        .where('tournament_id', '=', row.tournament_id)
        .execute();
      if (have.some((e) => e.entrant === row.entrant)) return 'already';
      if (have.length >= capacity) return 'full';
      const seed = have.reduce((m, e) => Math.max(m, e.seed), 0) + 1;
      await tx
        .insertInto('tournament_entrants')
        .values({ ...row, seed })
        .execute();
      return 'joined';
    });
  }

  /** Removes an entrant from an open tournament; says whether it did. */
  async leave(id: string, entrant: string): Promise<boolean> {
    const t = await this.get(id);
    if (t?.status !== 'open') return false;
    const r = await this.db
      .deleteFrom('tournament_entrants')
      .where('tournament_id', '=', id)
      .where('entrant', '=', entrant)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Every board of a tournament, by round and board. */
  boards(id: string): Promise<BoardRow[]> {
    return this.db
      .selectFrom('tournament_games')
      .selectAll()
      .where('tournament_id', '=', id)
      .orderBy('round')
      .orderBy('board')
      .execute();
  }

  /** The board a table belongs to, if any. */
  async boardOf(gameId: string): Promise<BoardRow | null> {
    return (
      (await this.db
        .selectFrom('tournament_games')
        .selectAll()
        .where('game_id', '=', gameId)
        .executeTakeFirst()) ?? null
    );
  }

  /**
   * Stores a round's boards, once: the (tournament, round) row is inserted first and a second
   * process's insert finds it there and stores nothing. Says whether this call paired the round.
   */
  async pair(
    id: string,
    round: number,
    node: string,
    at: number,
    boards: { a: string; b: string | null }[],
  ): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx
        .insertInto('tournament_rounds')
        .values({ tournament_id: id, round, node, at })
        .onConflict((oc) => oc.columns(['tournament_id', 'round']).doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      await tx
        .insertInto('tournament_games')
        .values(
          boards.map((p, board) => ({
            tournament_id: id,
            round,
            board,
            a: p.a,
            b: p.b,
            game_id: null,
            claimed_at: null,
            // A bye is over as soon as it is paired: its player has the point.
            winner: p.b === null ? p.a : null,
            over: p.b === null ? 1 : 0,
          })),
        )
        .execute();
      await tx
        .updateTable('tournaments')
        .set({ round })
        .where('id', '=', id)
        .where('round', '<', round)
        .execute();
      return true;
    });
  }

  /** Takes on making a board's table (none made, no live claim by another); says whether it did. */
  async claim(b: BoardRow, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('tournament_games')
      .set({ claimed_at: now })
      .where('tournament_id', '=', b.tournament_id)
      .where('round', '=', b.round)
      .where('board', '=', b.board)
      .where('game_id', 'is', null)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', now - CLAIM_MS)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * An account's tables in play in running tournaments (the in-app notice of a game ready):
   * through its entries (indexed by account), then each entry's boards (the key's prefix).
   */
  async tablesOf(
    userId: string,
  ): Promise<{ tournament_id: string; name: string; round: number; game_id: string }[]> {
    const rows = await this.db
      .selectFrom('tournament_entrants as e')
      .innerJoin('tournaments as t', 't.id', 'e.tournament_id')
      .innerJoin('tournament_games as g', 'g.tournament_id', 'e.tournament_id')
      .select(['g.tournament_id', 't.name', 'g.round', 'g.game_id'])
      .where('e.user_id', '=', userId)
      .where('t.status', '=', 'running')
      .where('g.over', '=', 0)
      .where('g.game_id', 'is not', null)
      .where((eb) =>
        eb.or([eb('g.a', '=', eb.ref('e.entrant')), eb('g.b', '=', eb.ref('e.entrant'))]),
      )
      .orderBy('g.round', 'desc')
      .execute();
    return rows.flatMap((r) => (r.game_id === null ? [] : [{ ...r, game_id: r.game_id }]));
  }

  /** Sets the table of a board this process claimed. */
  async setGame(b: BoardRow, gameId: string): Promise<void> {
    await this.db
      .updateTable('tournament_games')
      .set({ game_id: gameId })
      .where('tournament_id', '=', b.tournament_id)
      .where('round', '=', b.round)
      .where('board', '=', b.board)
      .where('game_id', 'is', null)
      .execute();
  }

  /** Records a board's result, once; says whether this call did. */
  async finish(b: BoardRow, winner: string | null): Promise<boolean> {
    const r = await this.db
      .updateTable('tournament_games')
      .set({ winner, over: 1 })
      .where('tournament_id', '=', b.tournament_id)
      .where('round', '=', b.round)
      .where('board', '=', b.board)
      .where('over', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Stores the final places. */
  async setRanks(id: string, ranks: Map<string, number>): Promise<void> {
    for (const [entrant, rank] of ranks)
      await this.db
        .updateTable('tournament_entrants')
        .set({ rank })
        .where('tournament_id', '=', id)
        .where('entrant', '=', entrant)
        .execute();
  }

  /** The tournaments an account entered, newest first, with its final place where known. */
  async history(
    userId: string,
    limit: number,
  ): Promise<{ t: TournamentRow; rank: number | null }[]> {
    const mine = await this.db
      .selectFrom('tournament_entrants')
      .select(['tournament_id', 'rank'])
      .where('user_id', '=', userId)
      .orderBy('joined_at', 'desc')
      .limit(limit)
      .execute();
    const out: { t: TournamentRow; rank: number | null }[] = [];
    for (const m of mine) {
      const t = await this.get(m.tournament_id);
      if (t) out.push({ t, rank: m.rank });
    }
    return out;
  }

  /** How many entrants each tournament has. */
  async counts(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('tournament_entrants')
      .select(['tournament_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tournament_id', 'in', ids)
      .groupBy('tournament_id')
      .execute();
    return new Map(rows.map((r) => [r.tournament_id, Number(r.n)]));
  }
}
