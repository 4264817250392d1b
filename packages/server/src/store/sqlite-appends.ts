// SQLite's action appends, many games in one transaction. Under 1,000 tables the server spent a
// fifth of its time in Kysely and SQLite for them, over half of it in each action's own COMMIT
// (the WAL frame write and lock dance), and the rest building and compiling four queries per
// action; both held the event loop. Here the statements are prepared once and a batch of appends
// (those read in one turn of the event loop) commits once.
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { EntryRecord, GameRecord } from './records.ts';
import type { Database } from './schema.ts';
import type { Settled } from './group-commit.ts';

/** One action to append: the game row's new columns, its log entry, the version read. */
export interface Append {
  readonly game: GameRecord;
  readonly entry: EntryRecord;
  readonly expected: number;
  /** The row as read: only columns that differ from it are written (fewer dirty index pages). */
  readonly before?: GameRecord;
}

/** The columns an action can change, as stored. */
export function actionColumns(g: GameRecord) {
  return {
    updated_at: Date.now(),
    status: g.status,
    version: g.version,
    seq: g.seq,
    turn_started_at: g.turnStartedAt,
    decision_at: g.decisionAt,
    finished_at: g.finishedAt,
    final_scores: g.finalScores ? JSON.stringify(g.finalScores) : null,
  };
}

type Columns = ReturnType<typeof actionColumns>;

/** Only the columns that changed from `before` (the version and time always). */
export function changedOnly(cols: Columns, before: GameRecord | undefined): Partial<Columns> {
  if (!before) return cols;
  const was = actionColumns(before);
  const out: Partial<Columns> = {};
  for (const k of Object.keys(cols) as (keyof Columns)[]) {
    if (k === 'version' || k === 'updated_at' || cols[k] !== was[k])
      (out as Record<string, unknown>)[k] = cols[k];
  }
  return out;
}

/** Writes batches of appends on SQLite through prepared statements, one transaction a batch. */
export class SqliteAppends {
  /** UPDATE statements by the list of columns they set (a handful of combinations). */
  private readonly updates = new Map<string, SQLite.Statement>();
  private readonly insertEntry: SQLite.Statement;
  private readonly batch: (items: readonly Append[]) => Settled[];

  constructor(
    private readonly file: SQLite.Database,
    private readonly db: Kysely<Database>,
  ) {
    this.insertEntry = file.prepare(
      'insert into entries (game_id, seq, client_id, seat, action, dice, events, actor, at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.batch = file.transaction((items: readonly Append[]) => items.map((a) => this.one(a)));
  }

  /**
   * Writes the batch in one transaction; each append keeps its own version check (a moved game is
   * a conflict, the others are written). Should the transaction fail as a whole, each append is
   * tried in its own, so one bad write fails only itself.
   */
  async write(items: readonly Append[]): Promise<Settled[]> {
    // Through Kysely's single connection: a Kysely transaction open across awaits on the same
    // connection would otherwise take these statements into itself.
    return this.db.connection().execute(async () => {
      try {
        return this.batch(items);
      } catch {
        return items.map((a): Settled => {
          try {
            return (this.batch([a])[0] as Settled) ?? { failed: new Error('no outcome') };
          } catch (e) {
            return { failed: e };
          }
        });
      }
    });
  }

  private one(a: Append): Settled {
    const cols = changedOnly(actionColumns(a.game), a.before);
    const names = Object.keys(cols);
    const key = names.join(',');
    let st = this.updates.get(key);
    if (!st) {
      st = this.file.prepare(
        `update games set ${names.map((n) => `${n} = ?`).join(', ')} where id = ? and version = ?`,
      );
      this.updates.set(key, st);
    }
    const r = st.run(...Object.values(cols), a.game.id, a.expected);
    if (r.changes !== 1) return 'conflict';
    const e = a.entry;
    this.insertEntry.run(
      a.game.id,
      e.seq,
      e.clientId,
      e.seat,
      JSON.stringify(e.action),
      JSON.stringify(e.dice),
      JSON.stringify(e.events),
      e.actor,
      e.at,
    );
    return 'written';
  }
}
