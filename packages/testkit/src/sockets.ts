// A socket.io test client: records every `update`, asks with an ack, waits for an update.
import type { AckError, GameView, Update } from '@zilch/protocol';
import { io, type Socket } from 'socket.io-client';

/** Any ack of `join`, `action` or `react`, read loosely: `join` carries a view, `action` a seq. */
export type Ack = { ok: true; seq?: number; view?: GameView } | AckError;

/** A connected client; `U` and `A` say how its updates and acks are read (checked by the caller). */
export interface Client<U = Update, A = Ack> {
  readonly socket: Socket;
  /** Every `update` received, in order. */
  readonly updates: U[];
  /** Emits with an ack; resolves with the answer, or `null` when none comes within `ms`. */
  ask(event: string, payload: unknown, ms?: number): Promise<A | null>;
  /** Resolves with the first update (already received or coming) that matches; throws after `ms`. */
  waitFor(pred: (u: U) => boolean, ms?: number): Promise<U>;
  close(): void;
}

/** Connects a websocket client to `base`. */
export async function connect<U = Update, A = Ack>(base: string): Promise<Client<U, A>> {
  const socket = io(base, { transports: ['websocket'], reconnection: false, forceNew: true });
  const updates: U[] = [];
  const waiters: { pred: (u: U) => boolean; resolve: (u: U) => void }[] = [];
  socket.on('update', (u: U) => {
    updates.push(u);
    for (const w of waiters.slice()) {
      if (w.pred(u)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(u);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    // A transport closed before the namespace connect's answer is only a `disconnect` (see `handshake`).
    socket.once('disconnect', (r) => reject(new Error(`disconnected before connecting: ${r}`)));
  });
  return {
    socket,
    updates,
    ask: (event, payload, ms = 10_000) =>
      socket
        .timeout(ms)
        .emitWithAck(event, payload)
        .then(
          (a: A) => a,
          () => null,
        ),
    waitFor(pred, ms = 10_000) {
      const hit = updates.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('timed out waiting for an update')), ms);
        waiters.push({
          pred,
          resolve: (u) => {
            clearTimeout(t);
            resolve(u);
          },
        });
      });
    },
    close: () => void socket.close(),
  };
}

export type { Socket };

/**
 * A bare socket.io client (websocket, no reconnection) whose handshake carries `headers` (an
 * Origin, an X-Forwarded-For); resolves once connected, or with the refusal's message.
 */
export async function openSocket(
  base: string,
  headers: Record<string, string> = {},
): Promise<{ socket: Socket; error: string | null }> {
  const socket = io(base, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: headers,
  });
  const error = await new Promise<string | null>((resolve) => {
    socket.once('connect', () => resolve(null));
    socket.once('connect_error', (e) => resolve(e.message || 'refused'));
    socket.once('disconnect', (r) => resolve(`disconnected before connecting: ${r}`));
  });
  return { socket, error };
}

/** Connects and joins a game with a token (or as a spectator); returns the client and its view. */
export async function joined(
  base: string,
  gameId: string,
  token?: string,
): Promise<{ c: Client; view: GameView }> {
  const c = await connect(base);
  const ack = await c.ask('join', token ? { gameId, token } : { gameId });
  if (!ack || !ack.ok || !ack.view) {
    c.close();
    throw new Error(`join failed: ${JSON.stringify(ack)}`);
  }
  return { c, view: ack.view };
}
