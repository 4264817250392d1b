import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { GameEvent } from '@zilch/engine';
import {
  ActionMessageSchema,
  JoinMessageSchema,
  ReactMessageSchema,
  type AckError,
  type ActionAck,
  type ClientToServerEvents,
  type ErrorCode,
  type JoinAck,
  type ReactAck,
  type ServerToClientEvents,
} from '@zilch/protocol';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import type { GameService } from '../games/service.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Presence } from './presence.ts';

/** An ack callback; clients may leave it out. */
type Ack<A> = ((answer: A) => void) | undefined;

interface SocketData {
  /** Games this socket joined, with its seat (null: spectator). */
  games: Map<string, number | null>;
  bucket: { tokens: number; at: number };
}

/** Room of everyone at a game; rooms per seat and for spectators carry the views meant for them. */
const rooms = {
  all: (id: string) => `g:${id}`,
  seat: (id: string, seat: number) => `g:${id}:s:${seat}`,
  spectators: (id: string) => `g:${id}:spec`,
};

function fail(ack: Ack<AckError>, code: ErrorCode, message: string): void {
  ack?.({ ok: false, error: { code, message } });
}

function describe(e: z.ZodError): string {
  return e.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`)
    .join('; ');
}

/** Options of the realtime layer. */
export interface RealtimeOptions {
  readonly service: GameService;
  readonly presence: Presence;
  readonly bus: Bus;
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly node: string;
  readonly actionsPerSecond: number;
}

/** Attaches socket.io: join, action, react; sends each seat its own view after every change. */
export function attachRealtime(http: HttpServer, o: RealtimeOptions): Server {
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: 64_000,
  });
  const { service, presence, bus } = o;

  const sendViews = (
    gameId: string,
    seats: number,
    body: { seq: number; version: number; events: GameEvent[] },
  ) => {
    for (let seat = 0; seat < seats; seat++) {
      const view = service.cachedView(gameId, seat);
      if (view) io.to(rooms.seat(gameId, seat)).emit('update', { gameId, ...body, view });
    }
    const view = service.cachedView(gameId, null);
    if (view) io.to(rooms.spectators(gameId)).emit('update', { gameId, ...body, view });
  };

  service.onChange((c) => {
    sendViews(c.gameId, c.record.seats.length, {
      seq: c.record.seq,
      version: c.record.version,
      events: c.events,
    });
    bus.publish({
      type: 'update',
      gameId: c.gameId,
      version: c.record.version,
      seq: c.record.seq,
      events: c.events,
    });
  });

  bus.subscribe((msg, remote) => {
    if (remote && msg.type === 'update') service.invalidate(msg.gameId, msg.version);
  });

  const presenceChanged = (gameId: string, seats: number[]) => {
    bus.publish({ type: 'presence', gameId, node: o.node, seats });
    const view = service.cachedView(gameId, null);
    if (view)
      sendViews(gameId, view.seats.length, { seq: view.seq, version: view.version, events: [] });
  };

  /** Token bucket per socket: a burst of twice the rate, refilled continuously. */
  const allow = (data: SocketData): boolean => {
    const now = Date.now();
    const b = data.bucket;
    b.tokens = Math.min(
      o.actionsPerSecond * 2,
      b.tokens + ((now - b.at) / 1000) * o.actionsPerSecond,
    );
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  };

  io.on('connection', (socket: Socket<ClientToServerEvents, ServerToClientEvents>) => {
    const data: SocketData = {
      games: new Map(),
      bucket: { tokens: o.actionsPerSecond * 2, at: Date.now() },
    };
    socket.data = data;
    o.metrics.sockets.inc();

    // Handlers take `unknown`: the event maps say what clients should send, the schemas check it.
    socket.on('join', async (raw: unknown, ack?: Ack<JoinAck>) => {
      if (!allow(data)) return fail(ack, 'RATE_LIMITED', 'Too many messages; slow down.');
      const p = JoinMessageSchema.safeParse(raw);
      if (!p.success) return fail(ack, 'BAD_REQUEST', `Invalid join: ${describe(p.error)}`);
      const { gameId, token } = p.data;
      try {
        const seat = await service.seatOf(gameId, token);
        const view = seat === null ? null : await service.viewFor(gameId, token);
        if (!view || !view.ok) {
          if (view && !view.ok) return fail(ack, view.error.code, view.error.message);
          return fail(ack, 'UNAUTHORIZED', 'This link does not open a seat of this game.');
        }
        const you = seat === 'spectator' ? null : (seat as number);
        const before = data.games.get(gameId);
        if (before !== undefined) {
          leave(gameId, before);
          await socket.leave(
            before === null ? rooms.spectators(gameId) : rooms.seat(gameId, before),
          );
        }
        data.games.set(gameId, you);
        await socket.join([
          rooms.all(gameId),
          you === null ? rooms.spectators(gameId) : rooms.seat(gameId, you),
        ]);
        if (you !== null) presenceChanged(gameId, presence.add(gameId, you));
        const fresh = service.cachedView(gameId, you) ?? view.value;
        ack?.({ ok: true, view: fresh });
      } catch (e) {
        o.logger.error({ err: e }, 'join failed');
        fail(ack, 'INTERNAL', 'Something went wrong on the server.');
      }
    });

    socket.on('action', async (raw: unknown, ack?: Ack<ActionAck>) => {
      if (!allow(data)) return fail(ack, 'RATE_LIMITED', 'Too many actions; slow down.');
      const p = ActionMessageSchema.safeParse(raw);
      if (!p.success) return fail(ack, 'BAD_REQUEST', `Invalid action: ${describe(p.error)}`);
      const { gameId, clientId, action } = p.data;
      const seat = data.games.get(gameId);
      if (seat === undefined) return fail(ack, 'NOT_JOINED', 'Join the game first.');
      if (seat === null) return fail(ack, 'SPECTATOR', 'Spectators cannot play.');
      const started = performance.now();
      try {
        const r = await service.act(gameId, seat, clientId, action, 'player');
        o.metrics.actions.inc({
          result: r.ok ? (r.value.repeated ? 'repeated' : 'accepted') : 'refused',
          actor: 'player',
        });
        if (!r.ok) return fail(ack, r.error.code, r.error.message);
        o.metrics.actionSeconds.observe((performance.now() - started) / 1000);
        ack?.({ ok: true, seq: r.value.seq });
      } catch (e) {
        o.logger.error({ err: e, gameId }, 'action failed');
        fail(ack, 'INTERNAL', 'Something went wrong on the server.');
      }
    });

    socket.on('react', (raw: unknown, ack?: Ack<ReactAck>) => {
      if (!allow(data)) return fail(ack, 'RATE_LIMITED', 'Too many reactions; slow down.');
      const p = ReactMessageSchema.safeParse(raw);
      if (!p.success) return fail(ack, 'BAD_REQUEST', `Invalid reaction: ${describe(p.error)}`);
      const seat = data.games.get(p.data.gameId);
      if (seat === undefined) return fail(ack, 'NOT_JOINED', 'Join the game first.');
      io.to(rooms.all(p.data.gameId)).emit('reaction', {
        gameId: p.data.gameId,
        seat,
        emoji: p.data.emoji,
        at: Date.now(),
      });
      ack?.({ ok: true });
    });

    const leave = (gameId: string, seat: number | null) => {
      if (seat !== null) presenceChanged(gameId, presence.remove(gameId, seat));
    };

    socket.on('disconnect', () => {
      o.metrics.sockets.dec();
      for (const [gameId, seat] of data.games) leave(gameId, seat);
      data.games.clear();
    });
  });
  return io;
}
