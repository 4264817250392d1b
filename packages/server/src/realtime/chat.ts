// The chat's socket messages: chat, chatHistory, chatMute, chatReport. The seat a socket speaks
// for is the one its `join` proved; nothing in a chat message can name another.
import { createHash } from 'node:crypto';
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
import type { ChatService } from '../chat/service.ts';
import { describe, type Ack } from './acks.ts';
import { rooms } from './rooms.ts';

/** What the chat handlers of one socket need. */
interface ChatContext {
  readonly chat: ChatService;
  /** Games this socket joined, with its seat (null: spectator). */
  readonly games: ReadonlyMap<string, number | null>;
  readonly ip: string;
  readonly refuse: (ack: Ack<AckError>, code: ErrorCode, message: string) => void;
  readonly logger: Logger;
}

/** Registers the chat messages on a socket. */
export function chatHandlers(
  io: Server<ClientToServerEvents, ServerToClientEvents>,
  socket: Socket<ClientToServerEvents, ServerToClientEvents>,
  c: ChatContext,
): void {
  // A spectator has no seat: a short tag (from the socket id, so nothing about them) tells
  // spectators apart in one conversation.
  const tag = createHash('sha256').update(socket.id).digest('hex').slice(0, 4);
  const joined = (ack: Ack<AckError>, gameId: string): number | null | undefined => {
    const seat = c.games.get(gameId);
    if (seat === undefined) c.refuse(ack, 'NOT_JOINED', 'Join the game first.');
    return seat;
  };
  const failed = (ack: Ack<AckError>, e: unknown) => {
    c.logger.error({ err: e }, 'chat failed');
    c.refuse(ack, 'INTERNAL', 'Something went wrong on the server.');
  };

  socket.on('chat', async (raw: unknown, ack?: Ack<ChatSendAck>) => {
    const p = ChatSendMessageSchema.safeParse(raw);
    if (!p.success) return c.refuse(ack, 'BAD_REQUEST', `Invalid message: ${describe(p.error)}`);
    const { gameId, text } = p.data;
    const seat = joined(ack, gameId);
    if (seat === undefined) return;
    try {
      const sender =
        seat === null ? { seat, tag, key: `${gameId}:spectator:${c.ip}` } : { seat: seat };
      const r = await c.chat.send(gameId, sender, text);
      if (!r.ok) return c.refuse(ack, r.error.code, r.error.message);
      const muted = await c.chat.mutedBy(r.value);
      io.to(rooms.all(gameId))
        .except(muted.map((s) => rooms.seat(gameId, s)))
        .emit('chat', r.value);
      ack?.({ ok: true, message: r.value });
    } catch (e) {
      failed(ack, e);
    }
  });

  socket.on('chatHistory', async (raw: unknown, ack?: Ack<ChatHistoryAck>) => {
    const p = ChatHistoryMessageSchema.safeParse(raw);
    if (!p.success) return c.refuse(ack, 'BAD_REQUEST', `Invalid request: ${describe(p.error)}`);
    const seat = joined(ack, p.data.gameId);
    if (seat === undefined) return;
    try {
      ack?.({ ok: true, ...(await c.chat.history(p.data.gameId, seat)) });
    } catch (e) {
      failed(ack, e);
    }
  });

  socket.on('chatMute', async (raw: unknown, ack?: Ack<ChatMuteAck>) => {
    const p = ChatMuteMessageSchema.safeParse(raw);
    if (!p.success) return c.refuse(ack, 'BAD_REQUEST', `Invalid mute: ${describe(p.error)}`);
    const { gameId, target, muted } = p.data;
    const seat = joined(ack, gameId);
    if (seat === undefined) return;
    if (seat === null)
      return c.refuse(ack, 'SPECTATOR', 'Spectators cannot mute; only seats keep mutes.');
    try {
      const r = await c.chat.mute(gameId, seat, target, muted);
      if (!r.ok) return c.refuse(ack, r.error.code, r.error.message);
      ack?.({ ok: true, mutes: r.value });
    } catch (e) {
      failed(ack, e);
    }
  });

  socket.on('chatReport', async (raw: unknown, ack?: Ack<ChatReportAck>) => {
    const p = ChatReportMessageSchema.safeParse(raw);
    if (!p.success) return c.refuse(ack, 'BAD_REQUEST', `Invalid report: ${describe(p.error)}`);
    const { gameId, messageId, reason } = p.data;
    const seat = joined(ack, gameId);
    if (seat === undefined) return;
    try {
      const r = await c.chat.report(gameId, seat, messageId, reason);
      if (!r.ok) return c.refuse(ack, r.error.code, r.error.message);
      ack?.({ ok: true });
    } catch (e) {
      failed(ack, e);
    }
  });
}
