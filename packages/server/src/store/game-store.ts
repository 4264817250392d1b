import type { Kysely, Selectable } from 'kysely';
import { sql } from './kysely.ts';
import type { Actor } from '@zilch/protocol';
import type { EntryRecord, GameRecord, PlayerResult } from './records.ts';
import type SQLite from 'better-sqlite3';
import { GroupCommit, type Settled } from './group-commit.ts';
import { actionColumns, changedOnly, SqliteAppends, type Append } from './sqlite-appends.ts';
import type { Database, GamesTable } from './schema.ts';

/** Thrown inside a write when another writer changed the game first; the caller reloads and retries. */
export class VersionConflict extends Error {}

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

function toRecord(r: Selectable<GamesTable>): GameRecord {
  return {
    id: r.id,
    createdAt: Number(r.created_at),
    status: r.status,
    version: r.version,
    seq: r.seq,
    rules: JSON.parse(r.rules),
    seats: JSON.parse(r.seats),
    spectatorToken: r.spectator_token,
    commitment: r.commitment,
    serverSeed: r.server_seed,
    fairFormat: r.fair_format === 1 ? 1 : 2,
    setupDice: r.setup_dice ? JSON.parse(r.setup_dice) : null,
    turnTimer: r.turn_timer,
    absentBot: r.absent_bot,
    absence: r.absence ? JSON.parse(r.absence) : null,
    rematchOf: r.rematch_of,
    rematchId: r.rematch_id,
    turnStartedAt: r.turn_started_at === null ? null : Number(r.turn_started_at),
    decisionAt: r.decision_at === null ? null : Number(r.decision_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    finalScores: r.final_scores ? JSON.parse(r.final_scores) : null,
  };
}

type EntryRow = Selectable<Database['entries']>;

function toEntry(r: Omit<EntryRow, 'game_id'>): EntryRecord {
  return {
    seq: r.seq,
    clientId: r.client_id,
    seat: r.seat,
    action: JSON.parse(r.action),
    dice: JSON.parse(r.dice),
    events: JSON.parse(r.events),
    actor: r.actor,
    at: Number(r.at),
  };
}

async function entriesOf(db: Kysely<Database>, id: string, fromSeq: number) {
  const rows = await db
    .selectFrom('entries')
    .selectAll()
    .where('game_id', '=', id)
    .where('seq', '>', fromSeq)
    .orderBy('seq')
    .execute();
  return rows.map(toEntry);
}

function mutableColumns(g: GameRecord) {
  return {
    ...actionColumns(g),
    seats: JSON.stringify(g.seats),
    setup_dice: g.setupDice ? JSON.stringify(g.setupDice) : null,
    rematch_id: g.rematchId,
  };
}

/** Most appends written in one batch (one statement, one commit). */
const MAX_BATCH = 256;

/** Every read and write of games, their logs, tokens and results. */
export class GameStore {
  /** PostgreSQL's action appends, grouped into one commit each while others are in flight (null: one statement per action). */
  private readonly appends: GroupCommit<Append> | null;
  /** SQLite's action appends: those of one turn of the event loop in one transaction. */
  private readonly sqliteAppends: GroupCommit<Append> | null;

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
    this.appends =
      dialect === 'postgres' && groupCommit > 0
        ? new GroupCommit<Append>({
            write: (items) => this.appendBatch(items),
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
        return this.writeLastAction(w.game, w.entry, w.expectedVersion, w.results ?? []);
      if (!this.appends) return this.writeActionInOneStatement(w.game, w.entry, w.expectedVersion);
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

  /**
   * PostgreSQL: the version-checked update and the log insert as one statement (one round trip,
   * one implicit transaction); no row inserted means another writer got there first.
   */
  private async writeActionInOneStatement(g: GameRecord, e: EntryRecord, expected: number) {
    const c = actionColumns(g);
    const r = await sql`
      with u as (
        update games set updated_at = ${c.updated_at}, status = ${c.status}, version = ${c.version},
          seq = ${c.seq}, turn_started_at = ${c.turn_started_at}, decision_at = ${c.decision_at},
          finished_at = ${c.finished_at},
          final_scores = ${c.final_scores}
        where id = ${g.id} and version = ${expected}
        returning id
      )
      insert into entries (game_id, seq, client_id, seat, action, dice, events, actor, at)
      select id, ${e.seq}::integer, ${e.clientId}, ${e.seat}::integer, ${JSON.stringify(e.action)},
        ${JSON.stringify(e.dice)}, ${JSON.stringify(e.events)}, ${e.actor}, ${e.at}::bigint
      from u`.execute(this.db);
    if (Number(r.numAffectedRows ?? 0) !== 1) throw new VersionConflict(g.id);
  }

  /**
   * PostgreSQL: a game's last action (row, log entry, lease removal, per-player results) as one
   * statement. As a transaction of four statements it held a connection and the row for six
   * round trips, each waiting for a turn of a busy event loop: the final actions were the slowest.
   */
  private async writeLastAction(
    g: GameRecord,
    e: EntryRecord,
    expected: number,
    results: readonly PlayerResult[],
  ) {
    const c = actionColumns(g);
    const col = <K>(f: (p: PlayerResult) => K) => results.map(f);
    const r = await sql<{ id: string }>`
      with u as (
        update games set updated_at = ${c.updated_at}, status = ${c.status}, version = ${c.version},
          seq = ${c.seq}, turn_started_at = ${c.turn_started_at}, decision_at = ${c.decision_at},
          finished_at = ${c.finished_at}, final_scores = ${c.final_scores}
        where id = ${g.id} and version = ${expected}
        returning id
      ),
      e as (
        insert into entries (game_id, seq, client_id, seat, action, dice, events, actor, at)
        select id, ${e.seq}::integer, ${e.clientId}, ${e.seat}::integer, ${JSON.stringify(e.action)},
          ${JSON.stringify(e.dice)}, ${JSON.stringify(e.events)}, ${e.actor}, ${e.at}::bigint
        from u
      ),
      l as (delete from leases where ${g.status === 'over'}::boolean and game_id in (select id from u)),
      p as (
        insert into game_players (game_id, seat, name, kind, won, score, turns, points, zilches,
          faces, finished_at)
        select u.id, r.seat, r.name, r.kind, r.won, r.score, r.turns, r.points, r.zilches, r.faces,
          ${g.finishedAt ?? Date.now()}::bigint
        from u, unnest(${col((p) => p.seat)}::integer[], ${col((p) => p.name)}::text[],
          ${col((p) => p.kind)}::text[], ${col((p) => (p.won ? 1 : 0))}::integer[],
          ${col((p) => p.score)}::integer[], ${col((p) => p.turns)}::integer[],
          ${col((p) => p.points)}::integer[], ${col((p) => p.zilches)}::integer[],
          ${col((p) => JSON.stringify(p.faces))}::text[]
        ) as r(seat, name, kind, won, score, turns, points, zilches, faces)
      )
      select id from u`.execute(this.db);
    if (r.rows.length !== 1) throw new VersionConflict(g.id);
  }

  /**
   * PostgreSQL: many games' appends in one statement (one transaction, one WAL flush). Each game
   * keeps its own version check: a game whose version moved is left out (its outcome is a
   * conflict) and the others are written. Rows are locked in id order, so two processes' batches
   * cannot deadlock. Should the statement fail as a whole, each append is tried on its own, so
   * one bad write fails only itself.
   */
  private async appendBatch(items: readonly Append[]): Promise<Settled[]> {
    // A batch of one (a quiet moment) takes the plain statement: planning the batch's unnest, sort
    // and lock costs PostgreSQL more CPU than the append itself, and at low rates most are alone.
    if (items.length === 1) return [await this.appendAlone(items[0] as Append)];
    const col = <K>(f: (a: Append) => K) => items.map(f);
    const c = items.map((a) => actionColumns(a.game));
    try {
      const r = await sql<{ id: string }>`
        with i as (
          select * from unnest(
            ${col((a) => a.game.id)}::text[], ${col((a) => a.expected)}::integer[],
            ${c.map((x) => x.version)}::integer[], ${c.map((x) => x.status)}::text[],
            ${c.map((x) => x.seq)}::integer[], ${c.map((x) => x.turn_started_at)}::bigint[],
            ${c.map((x) => x.decision_at)}::bigint[], ${c.map((x) => x.finished_at)}::bigint[],
            ${c.map((x) => x.final_scores)}::text[], ${c.map((x) => x.updated_at)}::bigint[],
            ${col((a) => a.entry.seq)}::integer[], ${col((a) => a.entry.clientId)}::text[],
            ${col((a) => a.entry.seat)}::integer[], ${col((a) => JSON.stringify(a.entry.action))}::text[],
            ${col((a) => JSON.stringify(a.entry.dice))}::text[],
            ${col((a) => JSON.stringify(a.entry.events))}::text[],
            ${col((a) => a.entry.actor)}::text[], ${col((a) => a.entry.at)}::bigint[]
          ) as t(id, expected, version, status, seq, turn_started_at, decision_at, finished_at,
            final_scores, updated_at, e_seq, client_id, seat, action, dice, events, actor, at)
        ),
        l as (
          select g.id from games g join i on i.id = g.id and g.version = i.expected
          order by g.id for update of g
        ),
        u as (
          update games g set updated_at = i.updated_at, status = i.status, version = i.version,
            seq = i.seq, turn_started_at = i.turn_started_at, decision_at = i.decision_at,
            finished_at = i.finished_at, final_scores = i.final_scores
          from i join l on l.id = i.id
          where g.id = i.id and g.version = i.expected
          returning g.id, g.version
        ),
        w as (
          insert into entries (game_id, seq, client_id, seat, action, dice, events, actor, at)
          select i.id, i.e_seq, i.client_id, i.seat, i.action, i.dice, i.events, i.actor, i.at
          from i join u on u.id = i.id and u.version = i.version
          returning game_id
        )
        select game_id as id from w`.execute(this.db);
      const written = new Set(r.rows.map((x) => x.id));
      return items.map((a) => (written.has(a.game.id) ? 'written' : 'conflict'));
    } catch {
      return Promise.all(items.map((a) => this.appendAlone(a)));
    }
  }

  /** One append with its own statement and commit, its outcome as a batch reports it. */
  private appendAlone(a: Append): Promise<Settled> {
    return this.writeActionInOneStatement(a.game, a.entry, a.expected).then(
      (): Settled => 'written',
      (err: unknown): Settled => (err instanceof VersionConflict ? 'conflict' : { failed: err }),
    );
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
  async renewLeases(owner: string, leaseMs: number): Promise<string[]> {
    const now = Date.now();
    await this.db
      .updateTable('leases')
      .set({ owner, until: now + leaseMs })
      .where((eb) => eb.or([eb('owner', '=', owner), eb('until', '<', now)]))
      .execute();
    const rows = await this.db
      .selectFrom('leases')
      .select('game_id')
      .where('owner', '=', owner)
      .execute();
    return rows.map((r) => r.game_id);
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
