// The table chat's rows: messages, mutes, the unfiltered tables and reports (SQLite and PostgreSQL).
import type { ChatMessage, ChatMutes } from '@zilch/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.ts';

/** A reported message as an operator lists it. */
export interface ChatReport {
  readonly id: string;
  readonly gameId: string;
  readonly messageId: string;
  readonly author: string;
  readonly text: string;
  readonly reporter: string;
  readonly reason: string | null;
  readonly at: number;
}

const SPECTATORS = 'spectators';
/** Mute rows that follow a person: `person:<muted seat>:<spectator tag>`. */
const PERSON = 'person:';

/** Reads and writes the chat tables. */
export class ChatStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a message. */
  async add(m: ChatMessage): Promise<void> {
    await this.db
      .insertInto('chat_messages')
      .values({
        id: m.id,
        game_id: m.gameId,
        channel: m.channel,
        seat: m.seat,
        name: m.name,
        text: m.text,
        at: m.at,
      })
      .execute();
  }

  /** One message of a game, if it exists. */
  async message(gameId: string, id: string): Promise<ChatMessage | undefined> {
    const r = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('game_id', '=', gameId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? toMessage(r) : undefined;
  }

  /**
   * The newest `limit` messages of a game, oldest first, leaving out what `mutes` silences and
   * the spectators named in `names` (muted players come back as these).
   */
  async history(
    gameId: string,
    limit: number,
    mutes: ChatMutes | null,
    names: readonly string[] = [],
  ): Promise<ChatMessage[]> {
    let q = this.db.selectFrom('chat_messages').selectAll().where('game_id', '=', gameId);
    if (mutes?.spectators) q = q.where('channel', '<>', 'spectators');
    else if (names.length > 0)
      q = q.where((eb) =>
        eb.or([eb('channel', '<>', 'spectators'), eb('name', 'not in', [...names])]),
      );
    if (mutes && mutes.seats.length > 0)
      q = q.where((eb) => eb.or([eb('seat', 'is', null), eb('seat', 'not in', mutes.seats)]));
    const rows = await q.orderBy('id', 'desc').limit(limit).execute();
    return rows.reverse().map(toMessage);
  }

  /** What a seat has muted at a game. */
  async mutes(gameId: string, seat: number): Promise<ChatMutes> {
    const rows = await this.db
      .selectFrom('chat_mutes')
      .select('target')
      .where('game_id', '=', gameId)
      .where('seat', '=', seat)
      .execute();
    return {
      seats: rows
        .filter((r) => /^\d+$/.test(r.target))
        .map((r) => Number(r.target))
        .sort((a, b) => a - b),
      spectators: rows.some((r) => r.target === SPECTATORS),
    };
  }

  /** Mutes or unmutes `target` (a seat, or every spectator) for `seat`; repeating is harmless. */
  async setMute(
    gameId: string,
    seat: number,
    target: number | 'spectators',
    muted: boolean,
  ): Promise<void> {
    const row = { game_id: gameId, seat, target: String(target) };
    if (muted) {
      await this.db
        .insertInto('chat_mutes')
        .values(row)
        .onConflict((oc) => oc.columns(['game_id', 'seat', 'target']).doNothing())
        .execute();
    } else {
      await this.db
        .deleteFrom('chat_mutes')
        .where('game_id', '=', gameId)
        .where('seat', '=', seat)
        .where('target', '=', row.target)
        .execute();
    }
  }

  /**
   * A muted seat's person: the spectator tags its player was seen under at this game, so that
   * coming back as a spectator keeps them muted for `seat`. Unmuting forgets them all.
   */
  async setPersonMute(
    gameId: string,
    seat: number,
    target: number,
    tags: readonly string[],
    muted: boolean,
  ): Promise<void> {
    if (!muted) {
      await this.db
        .deleteFrom('chat_mutes')
        .where('game_id', '=', gameId)
        .where('seat', '=', seat)
        .where('target', 'like', `${PERSON}${target}:%`)
        .execute();
      return;
    }
    if (tags.length === 0) return;
    await this.db
      .insertInto('chat_mutes')
      .values(tags.map((t) => ({ game_id: gameId, seat, target: `${PERSON}${target}:${t}` })))
      .onConflict((oc) => oc.columns(['game_id', 'seat', 'target']).doNothing())
      .execute();
  }

  /** The spectator tags `seat` muted at a game through muting their players' seats. */
  async mutedTags(gameId: string, seat: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('chat_mutes')
      .select('target')
      .where('game_id', '=', gameId)
      .where('seat', '=', seat)
      .where('target', 'like', `${PERSON}%`)
      .execute();
    return [...new Set(rows.map((r) => r.target.slice(r.target.lastIndexOf(':') + 1)))];
  }

  /** The seats of a game that muted the spectator tagged `tag` (through its player's seat). */
  async mutedTag(gameId: string, tag: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('chat_mutes')
      .select('seat')
      .where('game_id', '=', gameId)
      .where('target', 'like', `${PERSON}%:${tag}`)
      .execute();
    return rows.map((r) => r.seat);
  }

  /** The seats of a game that muted `sender` (a seat, or the spectators). */
  async mutedBy(gameId: string, sender: number | 'spectators'): Promise<number[]> {
    const rows = await this.db
      .selectFrom('chat_mutes')
      .select('seat')
      .where('game_id', '=', gameId)
      .where('target', '=', String(sender))
      .execute();
    return rows.map((r) => r.seat);
  }

  /** Turns the profanity filter off for a game (set at creation). */
  async unfilter(gameId: string): Promise<void> {
    await this.db.insertInto('chat_unfiltered').values({ game_id: gameId }).execute();
  }

  /** Whether a game's chat is filtered (every game is, unless created with the filter off). */
  async filtered(gameId: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('chat_unfiltered')
      .select('game_id')
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return r === undefined;
  }

  /** Keeps a report. */
  async report(r: ChatReport): Promise<void> {
    await this.db
      .insertInto('chat_reports')
      .values({
        id: r.id,
        game_id: r.gameId,
        message_id: r.messageId,
        author: r.author,
        text: r.text,
        reporter: r.reporter,
        reason: r.reason,
        at: r.at,
      })
      .execute();
  }

  /** The newest reports first. */
  async reports(limit: number): Promise<ChatReport[]> {
    const rows = await this.db
      .selectFrom('chat_reports')
      .selectAll()
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      gameId: r.game_id,
      messageId: r.message_id,
      author: r.author,
      text: r.text,
      reporter: r.reporter,
      reason: r.reason,
      at: r.at,
    }));
  }
}

function toMessage(r: Selectable<Database['chat_messages']>): ChatMessage {
  return {
    id: r.id,
    gameId: r.game_id,
    channel: r.channel,
    seat: r.seat,
    name: r.name,
    text: r.text,
    at: r.at,
  };
}
