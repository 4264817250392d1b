import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { Socket } from 'socket.io-client';
import {
  CHAT_HISTORY,
  type ChatHistoryAck,
  type ChatMessage,
  type ChatMuteAck,
  type ChatMutes,
  type ChatReportAck,
  type ChatSendAck,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@zilch/protocol';
import { err, ok, type Result } from './result.ts';

/** The table's socket, as useTable holds it. */
type TableSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The table chat as this device sees it. */
export interface ChatState {
  messages: ChatMessage[];
  /** Null for a spectator (spectators keep no mutes). */
  mutes: ChatMutes | null;
  filtered: boolean;
  /** Whether the history has come (messages before it are not "unread"). */
  loaded: boolean;
}

/** Any ack: a value, or the server's refusal. */
type AnyAck = { ok: true } | { ok: false; error: { code: string; message: string } };

/** Asks over the socket if connected, with a timeout; a lost answer becomes a TIMEOUT refusal. */
async function ask<A extends AnyAck>(
  socket: TableSocket | null,
  send: (s: ReturnType<TableSocket['timeout']>) => Promise<A>,
): Promise<Result<A & { ok: true }>> {
  if (!socket?.connected) return err('NOT_CONNECTED', 'Not connected; wait a moment.');
  try {
    const a = await send(socket.timeout(8000));
    return a.ok ? ok(a as A & { ok: true }) : { ok: false, error: a.error };
  } catch {
    return err('TIMEOUT', 'The server did not answer; try again.');
  }
}

/**
 * The table chat over the table's socket: the history once joined (again after a reconnect),
 * live messages, and sending, muting and reporting. `joined` turns true after each join.
 */
export function useChat(socketRef: RefObject<TableSocket | null>, gameId: string, joined: boolean) {
  const [st, setSt] = useState<ChatState>({
    messages: [],
    mutes: null,
    filtered: true,
    loaded: false,
  });

  useEffect(() => {
    const socket = socketRef.current;
    if (!joined || !socket) return;
    let alive = true;
    const onChat = (m: ChatMessage) => {
      if (m.gameId !== gameId) return;
      setSt((s) =>
        s.messages.some((x) => x.id === m.id)
          ? s
          : { ...s, messages: [...s.messages, m].slice(-CHAT_HISTORY) },
      );
    };
    socket.on('chat', onChat);
    void ask<ChatHistoryAck>(socket, (s) => s.emitWithAck('chatHistory', { gameId })).then((r) => {
      if (!alive || !r.ok) return;
      const { messages, mutes, filtered } = r.value;
      setSt((s) => {
        // Messages heard while the history was on its way are kept after it.
        const known = new Set(messages.map((m) => m.id));
        const later = s.messages.filter(
          (m) => !known.has(m.id) && m.id > (messages.at(-1)?.id ?? ''),
        );
        return { messages: [...messages, ...later], mutes, filtered, loaded: true };
      });
    });
    return () => {
      alive = false;
      socket.off('chat', onChat);
    };
  }, [socketRef, gameId, joined]);

  /** Sends a message; the answer is the stored message or the server's refusal. */
  const send = useCallback(
    async (text: string): Promise<Result<ChatMessage>> => {
      const r = await ask<ChatSendAck>(socketRef.current, (s) =>
        s.emitWithAck('chat', { gameId, text }),
      );
      return r.ok ? ok(r.value.message) : r;
    },
    [socketRef, gameId],
  );

  /** Mutes or unmutes a seat, or every spectator, for this device's seat (kept by the server). */
  const mute = useCallback(
    async (target: number | 'spectators', muted: boolean): Promise<Result<ChatMutes>> => {
      const r = await ask<ChatMuteAck>(socketRef.current, (s) =>
        s.emitWithAck('chatMute', { gameId, target, muted }),
      );
      if (!r.ok) return r;
      const mutes = r.value.mutes;
      // What is now muted leaves the list at once; unmuted messages come back with the history.
      setSt((s) => ({
        ...s,
        mutes,
        messages: s.messages.filter(
          (m) =>
            !(m.seat !== null && mutes.seats.includes(m.seat)) &&
            !(m.seat === null && mutes.spectators),
        ),
      }));
      if (!muted) {
        const h = await ask<ChatHistoryAck>(socketRef.current, (s) =>
          s.emitWithAck('chatHistory', { gameId }),
        );
        if (h.ok) setSt((s) => ({ ...s, messages: h.value.messages }));
      }
      return ok(mutes);
    },
    [socketRef, gameId],
  );

  /** Reports a message to the operators. */
  const report = useCallback(
    async (messageId: string): Promise<Result<null>> => {
      const r = await ask<ChatReportAck>(socketRef.current, (s) =>
        s.emitWithAck('chatReport', { gameId, messageId }),
      );
      return r.ok ? ok(null) : r;
    },
    [socketRef, gameId],
  );

  return { ...st, send, mute, report };
}
