// Bare socket.io clients for the fuzz and attack suites.
import { io, type Socket } from 'socket.io-client';
import type { Ack, Update, View } from './protocol.ts';

/** A connected client that keeps every `update` it gets. */
export interface Client {
  socket: Socket;
  updates: Update[];
  /** Emits with an ack; resolves with the answer, or `null` when none comes within `ms`. */
  ask(event: string, payload: unknown, ms?: number): Promise<Ack | null>;
  close(): void;
}

/** Connects a websocket client to `base`. */
export async function connect(base: string): Promise<Client> {
  const socket = io(base, { transports: ['websocket'], reconnection: false, forceNew: true });
  const updates: Update[] = [];
  socket.on('update', (u: Update) => updates.push(u));
  await new Promise<void>((res, rej) => {
    socket.once('connect', () => res());
    socket.once('connect_error', rej);
  });
  return {
    socket,
    updates,
    ask: (event, payload, ms = 5000) =>
      socket
        .timeout(ms)
        .emitWithAck(event, payload)
        .then(
          (a: Ack) => a,
          () => null,
        ),
    close: () => void socket.close(),
  };
}

/** Connects and joins a game with a token (or as a spectator); returns the client and its view. */
export async function joined(
  base: string,
  gameId: string,
  token?: string,
): Promise<{ c: Client; view: View }> {
  const c = await connect(base);
  const ack = await c.ask('join', token ? { gameId, token } : { gameId });
  if (!ack || !ack.ok || !ack.view) throw new Error(`join failed: ${JSON.stringify(ack)}`);
  return { c, view: ack.view };
}
