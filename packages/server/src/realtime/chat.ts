// The chat's socket messages: chat, chatHistory, chatMute, chatReport. The seat a socket speaks
// for is the one its `join` proved; nothing in a chat message can name another.
import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import {
  ChatHistoryMessageSchema,
  ChatMuteMessageSchema,
  ChatReportMessageSchema,
  ChatSendMessageSchema,
  type AckError,
  type ChatHistoryAck,
  type ChatMuteAck,
  type ChatReportAck,
  type ChatSendAck,
  type ClientToServerEvents,
  type ErrorCode,
  type ServerToClientEvents,
} from '@zilch/protocol';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { ChatService } from '../chat/service.ts';
import { describe, type Ack } from './acks.ts';
import { rooms } from './rooms.ts';

/** What the chat handlers of one socket need. */
interface ChatContext {
  readonly chat: ChatService;
  /** Games this socket joined, with its seat (null: spectator). */
  readonly games: ReadonlyMap<string, number | null>;
  readonly ip: string;
  /** Addresses seen at a seat of a game (`gameId:seat`), this process's and others'. */
  readonly seatAddresses: (gameId: string, seat: number) => Promise<string[]>;
  /** Key of the spectator tags (a server secret): a tag tells nothing of its address. */
  readonly tagKey: string;
  readonly refuse: (ack: Ack<AckError>, code: ErrorCode, message: string) => void;
  readonly logger: Logger;
}

/** Registers the chat messages on a socket. */
export function chatHandlers(
  io: Server<ClientToServerEvents, ServerToClientEvents>,
  socket: Socket<ClientToServerEvents, ServerToClientEvents>,
  c: ChatContext,
): void {
  const tag = (gameId: string) => spectatorTag(c.tagKey, gameId, c.ip);
  /**
   * One chat message: checked against its schema, only from a socket that joined the game, with
   * any failure answered INTERNAL (logged) rather than thrown.
   */
  const on = <S extends z.ZodType<{ gameId: string }>, A>(
    event: 'chat' | 'chatHistory' | 'chatMute' | 'chatReport',
    schema: S,
    what: string,
    handle: (m: z.infer<S>, seat: number | null, ack: Ack<A | AckError>) => Promise<void>,
  ) => {
    // Untyped here: the schema checks the message, and `A` is the event map's ack for `event`.
    (socket as unknown as Socket).on(event, async (raw: unknown, ack?: Ack<A | AckError>) => {
      const p = schema.safeParse(raw);
      if (!p.success) return c.refuse(ack, 'BAD_REQUEST', `Invalid ${what}: ${describe(p.error)}`);
      const seat = c.games.get(p.data.gameId);
      if (seat === undefined) return c.refuse(ack, 'NOT_JOINED', 'Join the game first.');
      try {
        await handle(p.data, seat, ack);
      } catch (e) {
        c.logger.error({ err: e }, 'chat failed');
        c.refuse(ack, 'INTERNAL', 'Something went wrong on the server.');
      }
    });
  };

  on<typeof ChatSendMessageSchema, ChatSendAck>(
    'chat',
    ChatSendMessageSchema,
    'message',
    async ({ gameId, text }, seat, ack) => {
      const sender =
        seat === null ? { seat, tag: tag(gameId), key: `${gameId}:spectator:${c.ip}` } : { seat };
      const r = await c.chat.send(gameId, sender, text);
      if (!r.ok) return c.refuse(ack, r.error.code, r.error.message);
      const muted = await c.chat.mutedBy(r.value, seat === null ? tag(gameId) : undefined);
      io.to(rooms.all(gameId))
        .except(muted.map((s) => rooms.seat(gameId, s)))
        .emit('chat', r.value);
      ack?.({ ok: true, message: r.value });
    },
  );

  on<typeof ChatHistoryMessageSchema, ChatHistoryAck>(
    'chatHistory',
    ChatHistoryMessageSchema,
    'request',
    async ({ gameId }, seat, ack) => {
      ack?.({ ok: true, ...(await c.chat.history(gameId, seat)) });
    },
  );

  on<typeof ChatMuteMessageSchema, ChatMuteAck>(
    'chatMute',
    ChatMuteMessageSchema,
    'mute',
    async ({ gameId, target, muted }, seat, ack) => {
      if (seat === null)
        return c.refuse(ack, 'SPECTATOR', 'Spectators cannot mute; only seats keep mutes.');
      // The muted player's addresses become spectator tags muted with the seat.
      const tags =
        target === 'spectators' || !muted
          ? []
          : (await c.seatAddresses(gameId, target)).map((ip) => spectatorTag(c.tagKey, gameId, ip));
      const r = await c.chat.mute(gameId, seat, target, muted, tags);
      if (!r.ok) return c.refuse(ack, r.error.code, r.error.message);
      ack?.({ ok: true, mutes: r.value });
    },
  );

  on<typeof ChatReportMessageSchema, ChatReportAck>(
    'chatReport',
    ChatReportMessageSchema,
    'report',
    async ({ gameId, messageId, reason }, seat, ack) => {
      const r = await c.chat.report(gameId, seat, messageId, reason, c.ip);
      if (!r.ok) return c.refuse(ack, r.error.code, r.error.message);
      ack?.({ ok: true });
    },
  );
}

/**
 * A spectator's short tag at a game: from its address, keyed, so one person keeps one tag
 * (a mute of their seat can follow them to the spectators) while the tag tells nothing about them.
 */
function spectatorTag(key: string, gameId: string, ip: string): string {
  return createHmac('sha256', key).update(`${gameId}\n${ip}`).digest('hex').slice(0, 4);
}
