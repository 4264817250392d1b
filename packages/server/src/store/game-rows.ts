// Rows of the games and entries tables as records, and back: one mapping for every query.
import type { Kysely, Selectable } from 'kysely';
import type { EntryRecord, GameRecord } from './records.ts';
import { actionColumns } from './sqlite-appends.ts';
import type { Database, GamesTable } from './schema.ts';

/** Thrown inside a write when another writer changed the game first; the caller reloads and retries. */
export class VersionConflict extends Error {}

/** A games row as the record the server works with. */
export function toRecord(r: Selectable<GamesTable>): GameRecord {
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

/** An entries row as a log entry. */
export function toEntry(r: Omit<EntryRow, 'game_id'>): EntryRecord {
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

/** Log entries of a game after `fromSeq`, in order. */
export async function entriesOf(db: Kysely<Database>, id: string, fromSeq: number) {
  const rows = await db
    .selectFrom('entries')
    .selectAll()
    .where('game_id', '=', id)
    .where('seq', '>', fromSeq)
    .orderBy('seq')
    .execute();
  return rows.map(toEntry);
}

/** The columns of a games row that change after it is made. */
export function mutableColumns(g: GameRecord) {
  return {
    ...actionColumns(g),
    seats: JSON.stringify(g.seats),
    setup_dice: g.setupDice ? JSON.stringify(g.setupDice) : null,
    rematch_id: g.rematchId,
  };
}
