// Table chat rules, apart from the transport: who may say what, how often, to whom it goes, and
// what is kept (messages, each seat's mutes, reports). Sockets call it (realtime/chat.ts).
import { randomBytes } from 'node:crypto';
import {
  CHAT_BURST,
  CHAT_HISTORY,
  CHAT_MAX_GRAPHEMES,
  CHAT_REFILL_SECONDS,
  normaliseChat,
  type ChatMessage,
  type ChatMutes,
} from '@zilch/protocol';
import { ok, refuse, type Result } from '../games/errors.ts';
import type { GameService } from '../games/service.ts';
import { Bucket } from '../realtime/limits.ts';
import { DailyCounts } from './daily-counts.ts';
import type { ChatStore } from '../store/chat-store.ts';
import { maskProfanity } from './filter.ts';

/** Who is chatting: a seat, or a spectator known by a short tag (and limited by `key`). */
export type Sender =
  { readonly seat: number } | { readonly seat: null; readonly tag: string; readonly key: string };

/** A message's history answer for one reader. */
export interface History {
  readonly messages: ChatMessage[];
  readonly mutes: ChatMutes | null;
  readonly filtered: boolean;
}

/** Buckets of senders idle this long are full again and are dropped. */
const SWEEP_MS = 60_000;
/** Reports one person (address) or one seat may send per day. */
export const REPORTS_PER_DAY = 20;

/** The table chat. */
export class ChatService {
  private readonly buckets = new Map<string, Bucket>();
  private readonly reports = new DailyCounts(REPORTS_PER_DAY);
  private readonly filters = new Map<string, boolean>();
  private lastSweep = Date.now();
  private lastStamp = 0;

  constructor(
    private readonly store: ChatStore,
    private readonly games: GameService,
    /**
     * Blocks between the accounts seated at a game, as [blocker seat, blocked seat] pairs
     * (friends/): a blocked person's messages are hidden from the blocker, as a mute would.
     */
    private readonly blocks: (gameId: string) => Promise<[number, number][]> = async () => [],
  ) {}

  /** Records a new table's choice to turn its profanity filter off. */
  async configure(gameId: string, filter: boolean): Promise<void> {
    if (!filter) await this.store.unfilter(gameId);
    this.filters.set(gameId, filter);
  }

  /** Checks, normalises, filters and stores a message; the caller delivers it. */
  async send(gameId: string, from: Sender, raw: string): Promise<Result<ChatMessage>> {
    const { text, length } = normaliseChat(raw);
    if (length === 0) return refuse('CHAT_EMPTY', 'Type a message first.');
    if (length > CHAT_MAX_GRAPHEMES)
      return refuse(
        'CHAT_TOO_LONG',
        `A message has at most ${CHAT_MAX_GRAPHEMES} characters; yours has ${length}.`,
      );
    const game = await this.games.snapshot(gameId);
    if (!game) return refuse('NOT_FOUND', 'There is no such game.', 404);
    const wait = this.spend(from.seat === null ? from.key : `${gameId}:${from.seat}`);
    if (wait > 0)
      return refuse(
        'CHAT_TOO_FAST',
        `You are sending messages too quickly; wait ${Math.ceil(wait / 1000)} s.`,
        429,
      );
    const at = Date.now();
    const message: ChatMessage = {
      id: this.messageId(at),
      gameId,
      channel: from.seat === null ? 'spectators' : 'seats',
      seat: from.seat,
      name:
        from.seat === null
          ? `Spectator ${from.tag}`
          : (game.record.seats[from.seat]?.name ?? `Player ${from.seat + 1}`),
      text: (await this.filtered(gameId)) ? maskProfanity(text) : text,
      at,
    };
    await this.store.add(message);
    return ok(message);
  }

  /**
   * Seats that muted the sender of `m` (they must not receive it): for a spectator's message also
   * those that muted the seat of a player seen under the same tag (the same address).
   */
  async mutedBy(m: ChatMessage, tag?: string): Promise<number[]> {
    const muted = await this.store.mutedBy(m.gameId, m.seat ?? 'spectators');
    const blockers =
      m.seat === null
        ? []
        : (await this.blocks(m.gameId)).filter(([, b]) => b === m.seat).map(([a]) => a);
    const seats = blockers.length > 0 ? [...new Set([...muted, ...blockers])] : muted;
    if (m.seat !== null || tag === undefined) return seats;
    return [...new Set([...seats, ...(await this.store.mutedTag(m.gameId, tag))])];
  }

  /** The recent messages a reader may see (a seat without those it muted), and its mutes. */
  async history(gameId: string, seat: number | null): Promise<History> {
    const mutes = seat === null ? null : await this.store.mutes(gameId, seat);
    const tags = seat === null ? [] : await this.store.mutedTags(gameId, seat);
    const blocked =
      seat === null
        ? []
        : (await this.blocks(gameId)).filter(([a]) => a === seat).map(([, b]) => b);
    const messages = await this.store.history(
      gameId,
      CHAT_HISTORY,
      mutes && blocked.length > 0
        ? { ...mutes, seats: [...new Set([...mutes.seats, ...blocked])] }
        : mutes,
      tags.map((t) => `Spectator ${t}`),
    );
    return {
      messages,
      mutes,
      filtered: await this.filtered(gameId),
    };
  }

  /**
   * Mutes or unmutes another seat, or every spectator, for `seat`; answers its mutes now. A
   * muted seat's `tags` (the spectator tags its player was seen under) are muted with it, so
   * the player cannot come back as a spectator and chat on.
   */
  async mute(
    gameId: string,
    seat: number,
    target: number | 'spectators',
    muted: boolean,
    tags: readonly string[] = [],
  ): Promise<Result<ChatMutes>> {
    const game = await this.games.snapshot(gameId);
    if (!game) return refuse('NOT_FOUND', 'There is no such game.', 404);
    if (target !== 'spectators' && (target === seat || target >= game.record.seats.length))
      return refuse('BAD_REQUEST', 'You can mute another seat of this table, or the spectators.');
    await this.store.setMute(gameId, seat, target, muted);
    if (target !== 'spectators') await this.store.setPersonMute(gameId, seat, target, tags, muted);
    return ok(await this.store.mutes(gameId, seat));
  }

  /**
   * Keeps a report of a message of this game, with who reported it and why. `person` names the
   * reporter apart from the seat (its address): at most REPORTS_PER_DAY a day from each, so a
   * reporter switching seats, spectating or coming back as a new guest shares one budget.
   */
  async report(
    gameId: string,
    reporter: number | null,
    messageId: string,
    reason: string | undefined,
    person: string,
  ): Promise<Result<null>> {
    const m = await this.store.message(gameId, messageId);
    if (!m) return refuse('NOT_FOUND', 'That message is not part of this table’s chat.', 404);
    const keys = [`person:${person}`, ...(reporter === null ? [] : [`${gameId}:${reporter}`])];
    if (!this.reports.spend(keys))
      return refuse(
        'RATE_LIMITED',
        `You have sent ${REPORTS_PER_DAY} reports today, the most one person may; thank you, they are being read.`,
        429,
      );
    await this.store.report({
      id: randomBytes(9).toString('base64url'),
      gameId,
      messageId,
      author: m.seat === null ? m.name : `seat:${m.seat} ${m.name}`,
      text: m.text,
      reporter: reporter === null ? 'spectator' : `seat:${reporter}`,
      reason: reason ? normaliseChat(reason).text : null,
      at: Date.now(),
    });
    return ok(null);
  }

  /**
   * Sortable id: a time stamp (base 36, fixed width; one process never repeats one, so its
   * messages keep their order within a millisecond), then randomness against other processes.
   */
  private messageId(at: number): string {
    this.lastStamp = Math.max(at, this.lastStamp + 1);
    return this.lastStamp.toString(36).padStart(9, '0') + randomBytes(6).toString('base64url');
  }

  /** Whether a game's chat is filtered; the choice is fixed at creation, so it is cached. */
  private async filtered(gameId: string): Promise<boolean> {
    let f = this.filters.get(gameId);
    if (f === undefined) {
      f = await this.store.filtered(gameId);
      if (this.filters.size > 10_000) this.filters.clear();
      this.filters.set(gameId, f);
    }
    return f;
  }

  /** Takes one message from a sender's bucket: 0 when allowed, else the ms to wait. */
  private spend(key: string): number {
    const now = Date.now();
    if (now - this.lastSweep > SWEEP_MS) {
      this.lastSweep = now;
      for (const [k, b] of this.buckets) if (b.full(now)) this.buckets.delete(k);
    }
    let b = this.buckets.get(key);
    if (!b) {
      b = new Bucket(1 / CHAT_REFILL_SECONDS, CHAT_BURST);
      this.buckets.set(key, b);
    }
    return b.take(now) ? 0 : Math.max(1, b.wait());
  }
}
