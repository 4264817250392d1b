import type { Kysely, Selectable } from 'kysely';
import { sql } from './kysely.ts';
import type { Actor } from '@zilch/protocol';
import type { EntryRecord, GameRecord, PlayerResult } from './records.ts';
import type SQLite from 'better-sqlite3';
import { GroupCommit } from './group-commit.ts';
import { entriesOf, mutableColumns, toEntry, toRecord, VersionConflict } from './game-rows.ts';
import { PgAppends } from './pg-appends.ts';
import { actionColumns, changedOnly, SqliteAppends, type Append } from './sqlite-appends.ts';
import type { Database, GamesTable } from './schema.ts';

export { VersionConflict };

/** What one write changes on top of the game row. */
export interface GameWrite {
  readonly game: GameRecord;
  /** The version the writer read; the write fails with VersionConflict if it moved. */
  readonly expectedVersion: number;
  /** The record as read: only columns that differ from it are written (fewer dirty index pages). */
  readonly before?: GameRecord;
  readonly entry?: EntryRecord;
  readonly results?: PlayerResult[];
}

/** Most appends written in one batch (one statement, one commit). */
const MAX_BATCH = 256;

/** Every read and write of games, their logs, tokens and results. */
export class GameStore {
  /** PostgreSQL's action appends, grouped into one commit each while others are in flight (null: one statement per action). */
  private readonly appends: GroupCommit<Append> | null;
  /** SQLite's action appends: those of one turn of the event loop in one transaction. */
  private readonly sqliteAppends: GroupCommit<Append> | null;
  /** PostgreSQL's single-statement writes of actions. */
  private readonly pg: PgAppends;

  /**
   * `groupCommit` (PostgreSQL only): how many batches of action appends may be in flight at once;
   * 0 writes each action with its own statement and commit. `sqlite`: the connection under `db`
   * on SQLite, for the batched appends (without it each action commits through Kysely).
   */
  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres' = 'sqlite',
    groupCommit = 2,
    sqlite?: SQLite.Database,
  ) {
    this.pg = new PgAppends(db);
    this.appends =
      dialect === 'postgres' && groupCommit > 0
        ? new GroupCommit<Append>({
            write: (items) => this.pg.batch(items),
            key: (a) => a.game.id,
            inFlight: groupCommit,
            maxBatch: MAX_BATCH,
          })
        : null;
    const writer = dialect === 'sqlite' && sqlite ? new SqliteAppends(sqlite, db) : null;
    // One batch at a time: SQLite has one writer, and a batch runs without yielding anyway.
    this.sqliteAppends = writer
      ? new GroupCommit<Append>({
          write: (items) => writer.write(items),
          key: (a) => a.game.id,
          inFlight: 1,
          maxBatch: MAX_BATCH,
        })
      : null;
  }

  /** Inserts a new game and its seat tokens (hashes) in one transaction; `ratedPreset` makes it rated. */
  async insert(
    g: GameRecord,
    tokens: { hash: string; seat: number }[],
    owner: string,
    leaseMs: number,
    listed = false,
    ratedPreset: string | null = null,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      if (listed) await tx.insertInto('public_games').values({ game_id: g.id }).execute();
      if (ratedPreset !== null)
        await tx
          .insertInto('rated_games')
          .values({ game_id: g.id, preset: ratedPreset, applied_at: null, outcome: null })
          .execute();
      await tx
        .insertInto('games')
        .values({
          id: g.id,
          created_at: g.createdAt,
          rules: JSON.stringify(g.rules),
          spectator_token: g.spectatorToken,
          commitment: g.commitment,
          server_seed: g.serverSeed,
          fair_format: g.fairFormat,
          turn_timer: g.turnTimer,
          absent_bot: g.absentBot,
          absence: g.absence ? JSON.stringify(g.absence) : null,
          rematch_of: g.rematchOf,
          lease_owner: null,
          lease_until: 0,
          ...mutableColumns(g),
        })
        .execute();
      await tx
        .insertInto('leases')
        .values({ game_id: g.id, owner, until: Date.now() + leaseMs })
        .execute();
      if (tokens.length > 0) {
        await tx
          .insertInto('seat_tokens')
          .values(tokens.map((t) => ({ token_hash: t.hash, game_id: g.id, seat: t.seat })))
          .execute();
      }
    });
  }

  /** The game row, or null. */
  async get(id: string): Promise<GameRecord | null> {
    const r = await this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRecord(r) : null;
  }

  /** The stored version of a game (cheap freshness check), or null. */
  async version(id: string): Promise<number | null> {
    const r = await this.db
      .selectFrom('games')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? r.version : null;
  }

  /** Log entries of a game from `fromSeq` on, in order. */
  async entries(id: string, fromSeq = 0): Promise<EntryRecord[]> {
    return entriesOf(this.db, id, fromSeq);
  }

  /**
   * The game row and its whole log as of one moment (one snapshot), or null: read separately,
   * a write landing in between gave a row older than its log (torn views across processes).
   */
  async snapshot(id: string): Promise<{ record: GameRecord; entries: EntryRecord[] } | null> {
    if (this.dialect === 'postgres') {
      // One statement is one snapshot on PostgreSQL, and one round trip.
      const r = await sql<Selectable<GamesTable> & { log: unknown[][] }>`
        select g.*, coalesce((
          select json_agg(json_build_array(e.seq, e.client_id, e.seat, e.action, e.dice,
            e.events, e.actor, e.at) order by e.seq)
          from entries e where e.game_id = g.id), '[]'::json) as log
        from games g where g.id = ${id}`.execute(this.db);
      const row = r.rows[0];
      if (!row) return null;
      const { log, ...game } = row;
      const entries = log.map(([seq, clientId, seat, action, dice, events, actor, at]) =>
        toEntry({
          seq: Number(seq),
          client_id: String(clientId),
          seat: Number(seat),
          action: String(action),
          dice: String(dice),
          events: String(events),
          actor: actor as Actor,
          at: Number(at),
        }),
      );
      return { record: toRecord(game), entries };
    }
    // SQLite: both reads inside one transaction see the same database state.
    return this.db.transaction().execute(async (tx) => {
      const r = await tx.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return null;
      return { record: toRecord(r), entries: await entriesOf(tx, id, 0) };
    });
  }

  /** Whether a table was created rated. */
  async isRated(gameId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('rated_games')
      .select('game_id')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** The seat a token opens in a game, or null. */
  async seatOfToken(gameId: string, hash: string): Promise<number | null> {
    const r = await this.db
      .selectFrom('seat_tokens')
      .select('seat')
      .where('game_id', '=', gameId)
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    return r ? r.seat : null;
  }

  /** Whether the table was listed in the public lobby at creation. */
  async isPublic(gameId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('public_games')
      .select('game_id')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Adds a token (hash) opening a seat. */
  async addSeatToken(gameId: string, seat: number, hash: string): Promise<void> {
    await this.db
      .insertInto('seat_tokens')
      .values({ token_hash: hash, game_id: gameId, seat })
      .execute();
  }

  /** Token hashes of a game by seat (to give a rematch the same links). */
  async tokensOf(gameId: string): Promise<{ hash: string; seat: number }[]> {
    const rows = await this.db
      .selectFrom('seat_tokens')
      .select(['token_hash', 'seat'])
      .where('game_id', '=', gameId)
      .execute();
    return rows.map((r) => ({ hash: r.token_hash, seat: r.seat }));
  }

  /** Games some token hashes open, newest first. */
  async gamesOfTokens(hashes: string[]): Promise<string[]> {
    if (hashes.length === 0) return [];
    const rows = await this.db
      .selectFrom('seat_tokens')
      .select('game_id')
      .distinct()
      .where('token_hash', 'in', hashes)
      .execute();
    return rows.map((r) => r.game_id);
  }

  /**
   * Writes a change under the version check: the row's version must still be the one read,
   * then the entry (if any) and results are added, all in one transaction.
   */
  async write(w: GameWrite): Promise<void> {
    if (this.dialect === 'postgres' && w.entry) {
      if (w.results || w.game.status === 'over')
        return this.pg.lastAction(w.game, w.entry, w.expectedVersion, w.results ?? []);
      if (!this.appends) return this.pg.actionInOneStatement(w.game, w.entry, w.expectedVersion);
      const a: Append = { game: w.game, entry: w.entry, expected: w.expectedVersion };
      if ((await this.appends.add(a)) === 'conflict') throw new VersionConflict(w.game.id);
      return;
    }
    if (this.sqliteAppends && w.entry && !w.results && w.game.status !== 'over') {
      const a: Append = {
        game: w.game,
        entry: w.entry,
        expected: w.expectedVersion,
        ...(w.before ? { before: w.before } : {}),
      };
      if ((await this.sqliteAppends.add(a)) === 'conflict') throw new VersionConflict(w.game.id);
      return;
    }
    await this.db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('games')
        .set(w.entry ? changedOnly(actionColumns(w.game), w.before) : mutableColumns(w.game))
        .where('id', '=', w.game.id)
        .where('version', '=', w.expectedVersion)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new VersionConflict(w.game.id);
      const e = w.entry;
      if (e) {
        await tx
          .insertInto('entries')
          .values({
            game_id: w.game.id,
            seq: e.seq,
            client_id: e.clientId,
            seat: e.seat,
            action: JSON.stringify(e.action),
            dice: JSON.stringify(e.dice),
            events: JSON.stringify(e.events),
            actor: e.actor,
            at: e.at,
          })
          .execute();
      }
      if (w.game.status === 'over') {
        await tx.deleteFrom('leases').where('game_id', '=', w.game.id).execute();
      }
      if (w.results && w.results.length > 0) {
        await tx
          .insertInto('game_players')
          .values(
            w.results.map((p) => ({
              game_id: w.game.id,
              seat: p.seat,
              name: p.name,
              kind: p.kind,
              won: p.won ? 1 : 0,
              score: p.score,
              turns: p.turns,
              points: p.points,
              zilches: p.zilches,
              faces: JSON.stringify(p.faces),
              finished_at: w.game.finishedAt ?? Date.now(),
            })),
          )
          .execute();
      }
    });
  }

  /** How many games the whole store has in play (seated and started, not over): the live tables. */
  async countPlaying(): Promise<number> {
    const row = await this.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('status', '=', 'playing')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Game summaries for the lobby and history, newest first. */
  async list(filter: {
    status?: 'over' | 'active';
    ids?: string[];
    player?: string;
    publicOnly?: boolean;
    limit: number;
  }) {
    let q = this.db.selectFrom('games').selectAll();
    if (filter.status === 'over') q = q.where('status', '=', 'over');
    if (filter.status === 'active') q = q.where('status', '!=', 'over');
    if (filter.ids) q = q.where('id', 'in', filter.ids.length > 0 ? filter.ids : ['']);
    if (filter.publicOnly) {
      q = q.where('id', 'in', (eb) => eb.selectFrom('public_games').select('game_id'));
    }
    if (filter.player) {
      const name = filter.player;
      q = q.where('id', 'in', (eb) =>
        eb.selectFrom('game_players').select('game_id').where('name', '=', name),
      );
    }
    const rows = await q.orderBy('created_at', 'desc').limit(filter.limit).execute();
    return rows.map(toRecord);
  }

  /** Sums of a player's finished games. */
  async playerResults(name: string): Promise<PlayerResult[]> {
    const rows = await this.db
      .selectFrom('game_players')
      .selectAll()
      .where('name', '=', name)
      .execute();
    return rows.map((r) => ({
      seat: r.seat,
      name: r.name,
      kind: r.kind,
      won: r.won === 1,
      score: r.score,
      turns: r.turns,
      points: r.points,
      zilches: r.zilches,
      faces: JSON.parse(r.faces),
    }));
  }

  /** Renews this process's leases and takes over expired ones; returns the active games it drives. */
  async renewLeases(
    owner: string,
    leaseMs: number,
  ): Promise<{ gameId: string; version: number }[]> {
    const now = Date.now();
    await this.db
      .updateTable('leases')
      .set({ owner, until: now + leaseMs })
      .where((eb) => eb.or([eb('owner', '=', owner), eb('until', '<', now)]))
      .execute();
    const rows = await this.db
      .selectFrom('leases')
      .innerJoin('games', 'games.id', 'leases.game_id')
      .select(['leases.game_id as gameId', 'games.version as version'])
      .where('leases.owner', '=', owner)
      .execute();
    return rows.map((r) => ({ gameId: r.gameId, version: Number(r.version) }));
  }

  /** Gives up this process's leases (graceful shutdown) so another process takes over at once. */
  async releaseLeases(owner: string): Promise<void> {
    await this.db.updateTable('leases').set({ until: 0 }).where('owner', '=', owner).execute();
  }

  /** Takes (or keeps) the lease of one game if it is free, expired or already ours; says whether we hold it. */
  async tryLease(gameId: string, owner: string, leaseMs: number): Promise<boolean> {
    const now = Date.now();
    const r = await this.db
      .updateTable('leases')
      .set({ owner, until: now + leaseMs })
      .where('game_id', '=', gameId)
      .where((eb) => eb.or([eb('owner', '=', owner), eb('until', '<', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
