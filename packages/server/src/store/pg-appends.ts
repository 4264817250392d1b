// PostgreSQL's writes of actions as single statements: one round trip and one implicit
// transaction each, batched across games while other batches are in flight (group-commit.ts).
import type { Kysely } from 'kysely';
import { sql } from './kysely.ts';
import type { EntryRecord, GameRecord, PlayerResult } from './records.ts';
import type { Settled } from './group-commit.ts';
import { VersionConflict } from './game-rows.ts';
import { actionColumns, type Append } from './sqlite-appends.ts';
import type { Database } from './schema.ts';

/** The statements that append actions to games on PostgreSQL. */
export class PgAppends {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * PostgreSQL: the version-checked update and the log insert as one statement (one round trip,
   * one implicit transaction); no row inserted means another writer got there first.
   */
  async actionInOneStatement(g: GameRecord, e: EntryRecord, expected: number) {
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
  async lastAction(
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
  async batch(items: readonly Append[]): Promise<Settled[]> {
    // A batch of one (a quiet moment) takes the plain statement: planning the batch's unnest, sort
    // and lock costs PostgreSQL more CPU than the append itself, and at low rates most are alone.
    if (items.length === 1) return [await this.alone(items[0] as Append)];
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
      return Promise.all(items.map((a) => this.alone(a)));
    }
  }

  /** One append with its own statement and commit, its outcome as a batch reports it. */
  private alone(a: Append): Promise<Settled> {
    return this.actionInOneStatement(a.game, a.entry, a.expected).then(
      (): Settled => 'written',
      (err: unknown): Settled => (err instanceof VersionConflict ? 'conflict' : { failed: err }),
    );
  }
}
