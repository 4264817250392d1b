import type { GameEvent } from '@zilch/engine';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getGame, getLog, postAction } from './api.ts';
import { eventsUpTo } from './events.ts';
import { clientId } from './ids.ts';
import { err, ok, type Result } from './result.ts';
import {
  REACTIONS,
  type ActionAck,
  type ClientToServerEvents,
  type GameView,
  type JoinAck,
  type Move,
  type Reaction,
  type ReactionEmoji,
  type ServerToClientEvents,
} from '@zilch/protocol';

/** The live state of one table as this device sees it. */
export interface TableState {
  view: GameView | null;
  /** Events up to the joined view, rebuilt from the log. */
  base: GameEvent[];
  /** Version of the view `base` ends at: updates after it follow on from it. */
  baseVersion: number;
  /** Updates with events pushed since the join, in order, each with the view it led to. */
  updates: TableUpdate[];
  connected: boolean;
  error: string | null;
  reactions: Reaction[];
}

/** One pushed change that carries events: the table plays these back one step at a time. */
export interface TableUpdate {
  seq: number;
  version: number;
  events: GameEvent[];
  view: GameView;
}

/** The table's socket, typed by the protocol's event maps. */
type TableSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Whether a string is one of the reactions the protocol allows. */
function isReaction(emoji: string): emoji is ReactionEmoji {
  return (REACTIONS as readonly string[]).includes(emoji);
}

/**
 * Joins a game over socket.io with the device's token and keeps the view current; joins again
 * after every reconnect so a refresh or a dropped connection restores everything.
 */
export function useTable(gameId: string, tokens: Record<number, string>, joinToken?: string) {
  const [st, setSt] = useState<TableState>({
    view: null,
    base: [],
    baseVersion: -1,
    updates: [],
    connected: false,
    error: null,
    reactions: [],
  });
  const socketRef = useRef<TableSocket | null>(null);
  const seqRef = useRef(-1);
  // Presence and claims change the view without an action: `version` orders every view, `seq` only actions.
  const versionRef = useRef(-1);

  useEffect(() => {
    let alive = true;
    const socket: TableSocket = io({ path: '/socket.io', transports: ['websocket', 'polling'] });
    socketRef.current = socket;
    const join = async () => {
      // With timeout(), socket.io types the answer as any: the protocol's ack type is named here.
      let ack: JoinAck;
      try {
        ack = await socket.timeout(8000).emitWithAck('join', { gameId, token: joinToken });
      } catch (_e) {
        if (alive) setSt((s) => ({ ...s, error: 'The server did not answer. Retrying…' }));
        return;
      }
      if (!alive) return;
      if (!ack.ok) {
        setSt((s) => ({ ...s, error: ack.error.message }));
        return;
      }
      const view = ack.view;
      seqRef.current = view.seq;
      versionRef.current = view.version ?? -1;
      setSt((s) => ({
        ...s,
        view,
        error: null,
        connected: true,
        updates: s.updates.filter((u) => u.version > (view.version ?? -1)),
      }));
      const log = await getLog(gameId);
      if (!alive || !log.ok) return;
      const base = eventsUpTo(log.value.log, log.value.seqs, view.seq);
      setSt((s) => ({ ...s, base, baseVersion: view.version ?? -1 }));
    };
    // The HTTP view usually arrives before the socket handshake: show the table from it at once.
    void getGame(gameId, joinToken).then((r) => {
      if (!alive || !r.ok || versionRef.current >= (r.value.version ?? 0)) return;
      versionRef.current = r.value.version ?? -1;
      seqRef.current = r.value.seq;
      setSt((s) => (s.view ? s : { ...s, view: r.value }));
    });
    socket.on('connect', () => void join());
    // socket.io does not reconnect by itself after the server closes a socket. A process that is
    // restarting says so first: reconnect at once (with a little jitter so a whole table of
    // clients does not arrive in the same millisecond); after any other close, wait a while.
    let restarting = false;
    socket.on('bye', (b) => {
      restarting = b.code === 'SHUTTING_DOWN';
    });
    socket.on('disconnect', (reason) => {
      if (!alive) return;
      setSt((s) => ({ ...s, connected: false }));
      if (reason !== 'io server disconnect') return;
      const wait = restarting ? 100 + Math.random() * 400 : 10_000;
      restarting = false;
      setTimeout(() => alive && socket.connect(), wait);
    });
    socket.on('update', (u) => {
      if (!alive || u.gameId !== gameId) return;
      const version = u.version ?? u.view.version ?? -1;
      if (version !== -1 && version <= versionRef.current) return;
      versionRef.current = version;
      // The version orders updates. Events count even when `seq` stays: the start of a game
      // (first player, first turn) comes at seq 0, and dropping it hid the first turn's log line.
      if (u.events.length === 0) {
        setSt((s) => ({ ...s, view: u.view }));
        return;
      }
      seqRef.current = Math.max(seqRef.current, u.seq);
      setSt((s) => ({
        ...s,
        view: u.view,
        updates: [
          ...s.updates,
          { seq: u.seq, version: version === -1 ? u.seq : version, events: u.events, view: u.view },
        ],
      }));
    });
    socket.on('reaction', (r) => {
      if (!alive || r.gameId !== gameId) return;
      setSt((s) => ({ ...s, reactions: [...s.reactions.slice(-5), r] }));
    });
    return () => {
      alive = false;
      socket.disconnect();
      socketRef.current = null;
    };
  }, [gameId, joinToken]);

  /** Sends a move for the seat on turn: over the socket when it is this socket's seat, else over HTTP with that seat's token (hot-seat). */
  const send = useCallback(
    async (move: Move): Promise<Result<number>> => {
      const view = st.view;
      if (!view) return err('NOT_READY', 'The table is still loading.');
      const seat = view.state.current;
      const token = tokens[seat];
      if (!token) return err('NOT_YOUR_TURN', 'It is not your turn.');
      const id = clientId();
      const socket = socketRef.current;
      // Over the socket only once it has joined the game: a move sent between the handshake and
      // the join's answer is refused (NOT_JOINED), while HTTP with the token always works.
      if (socket?.connected && st.connected && token === joinToken) {
        for (let attempt = 0; attempt < 3; attempt++) {
          try {
            const ack: ActionAck = await socket
              .timeout(6000)
              .emitWithAck('action', { gameId, clientId: id, action: move });
            return ack.ok ? ok(ack.seq) : { ok: false, error: ack.error };
          } catch (_e) {
            // Timed out: retry with the same clientId, the server applies it once.
          }
        }
        return err('TIMEOUT', 'The server did not answer in time.');
      }
      // The socket update follows at once and the table plays it back like any other.
      const r = await postAction(gameId, token, id, move);
      if (!r.ok) return r;
      return ok(r.value.seq);
    },
    [gameId, joinToken, st.view, st.connected, tokens],
  );

  /** Sends a quick reaction everyone at the table sees (the server refuses any other emoji anyway). */
  const react = useCallback(
    (emoji: string) => {
      if (!isReaction(emoji)) return;
      socketRef.current?.emit('react', { gameId, emoji }, () => undefined);
    },
    [gameId],
  );

  return { ...st, send, react, socketRef };
}
