import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { GameEvent } from '@zilch/engine';
import {
  ActionMessageSchema,
  JoinMessageSchema,
  WatchTournamentMessageSchema,
  type WatchTournamentAck,
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
import type { Bus } from '../bus/bus.ts';
import type { GameService } from '../games/service.ts';
import { clientIp, trustFunction, type TrustProxy } from '../http/client-ip.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ChatService } from '../chat/service.ts';
import { chatHandlers } from './chat.ts';
import { AbuseLimits } from './limits.ts';
import type { Presence } from './presence.ts';
import { describe, fail, type Ack } from './acks.ts';
import { rooms } from './rooms.ts';

interface SocketData {
  /** Games this socket joined, with its seat (null: spectator). */
  games: Map<string, number | null>;
  /** The client's address (read by other processes' mutes through fetchSockets). */
  ip: string;
}

/** Seats whose addresses are remembered at most (the oldest are forgotten first). */
const SEATS_REMEMBERED = 20_000;

/** Options of the realtime layer. */
export interface RealtimeOptions {
  readonly service: GameService;
  readonly chat: ChatService;
  readonly presence: Presence;
  readonly bus: Bus;
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly node: string;
  readonly actionsPerSecond: number;
  /** Open sockets one client address may hold. */
  readonly socketsPerIp: number;
  /** Messages per second over all sockets of one client address. */
  readonly messagesPerIp: number;
  /** Refused messages within 10 s after which a socket is disconnected. */
  readonly maxRefusals: number;
  /** Page origins allowed to open sockets; null: the request's own host. */
  readonly allowedOrigins: readonly string[] | null;
  readonly trustProxy: TrustProxy;
  /** Key of the spectator tags (a server secret). */
  readonly tagKey: string;
  /** Rooms span processes (the Redis adapter): a room empty here may have sockets elsewhere. */
  readonly remoteRooms?: boolean;
}

/**
 * Whether a browser page at `origin` may open a socket. Clients that are not browsers send no
 * Origin and may say anything anyway; the check keeps other sites' pages from using a visitor's
 * browser against the server.
 */
function originAllowed(
  req: IncomingMessage,
  allowed: readonly string[] | null,
  proxied: boolean,
): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowed) return allowed.includes(origin) || allowed.includes('*');
  // Behind a trusted proxy the host the browser asked for may come as X-Forwarded-Host.
  const forwarded = req.headers['x-forwarded-host'];
  const hosts = [
    req.headers.host,
    ...(proxied && typeof forwarded === 'string' ? [forwarded] : []),
  ];
  try {
    return hosts.includes(new URL(origin).host);
  } catch {
    return false;
  }
}

/** Attaches socket.io: join, action, react, chat; sends each seat its own view after every change. */
export function attachRealtime(http: HttpServer, o: RealtimeOptions): Server {
  // Every refusal is counted by its code (zilch_refusals_total), as HTTP ones are in app.ts.
  const refuse = (ack: Ack<AckError>, code: ErrorCode, message: string): void => {
    o.metrics.refusals.inc({ code });
    fail(ack, code, message);
  };
  const trust = trustFunction(o.trustProxy);
  const limits = new AbuseLimits({
    perSocket: o.actionsPerSecond,
    perIp: o.messagesPerIp,
    socketsPerIp: o.socketsPerIp,
    maxRefusals: o.maxRefusals,
  });
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, {
    path: '/socket.io',
    serveClient: false,
    // Client messages are a few hundred bytes; a large frame is only decoding work for nothing.
    maxHttpBufferSize: 16_000,
    // Checked on the handshake, before any socket state exists: refusing costs one HTTP answer.
    allowRequest: (req, callback) => {
      if (!originAllowed(req, o.allowedOrigins, o.trustProxy !== false)) {
        return callback('This page may not open a connection to this server.', false);
      }
      const refusal = limits.admit(clientIp(req, trust));
      callback(refusal, refusal === null);
    },
  });
  // Counted per transport connection, so sockets that never join a namespace count too.
  io.engine.on(
    'connection',
    (raw: { request: IncomingMessage; once(e: 'close', f: () => void): void }) => {
      const ip = clientIp(raw.request, trust);
      limits.opened(ip);
      raw.once('close', () => limits.closed(ip));
    },
  );
  const { service, presence, bus } = o;

  // On one process a room nobody is in needs no update: building and encoding one (a view of about
  // 2.5 kB) cost as much as sending it, and most games have no spectators.
  const listened = (room: string): boolean =>
    o.remoteRooms === true || (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0;
  const sendViews = (
    gameId: string,
    seats: number,
    body: { seq: number; version: number; events: GameEvent[] },
  ) => {
    for (let seat = 0; seat <= seats; seat++) {
      // The last round is the spectators'.
      const you = seat < seats ? seat : null;
      const room = you === null ? rooms.spectators(gameId) : rooms.seat(gameId, you);
      if (!listened(room)) continue;
      const view = service.cachedView(gameId, you);
      if (view) io.to(room).emit('update', { gameId, ...body, view });
    }
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

  // The addresses each seat was played from here, so a mute follows its player to the
  // spectators even after they left the seat's room.
  const seatIps = new Map<string, Set<string>>();
  const sawSeat = (gameId: string, seat: number, ip: string) => {
    const k = `${gameId}:${seat}`;
    const ips = seatIps.get(k) ?? new Set<string>();
    seatIps.delete(k);
    if (ips.size < 8) ips.add(ip);
    seatIps.set(k, ips);
    if (seatIps.size > SEATS_REMEMBERED) seatIps.delete(seatIps.keys().next().value as string);
  };
  const seatAddresses = async (gameId: string, seat: number): Promise<string[]> => {
    const here = seatIps.get(`${gameId}:${seat}`) ?? [];
    // Sockets at the seat now, on any process (the Redis adapter asks the others).
    const live = await io
      .in(rooms.seat(gameId, seat))
      .fetchSockets()
      .catch(() => []);
    return [...new Set([...here, ...live.map((s) => (s.data as SocketData).ip)])];
  };

  io.on('connection', (socket: Socket<ClientToServerEvents, ServerToClientEvents>) => {
    const meter = limits.meter(clientIp(socket.request, trust));
    const data: SocketData = { games: new Map(), ip: meter.ip };
    socket.data = data;
    o.metrics.sockets.inc();

    // Every incoming event is metered before its handler runs: an over-limit message is neither
    // validated nor handled, only answered RATE_LIMITED (cheap, fixed), and a socket that keeps
    // going is disconnected with a reason and its address kept out for a while.
    socket.use((packet, next) => {
      const verdict = meter.take();
      if (verdict === 'ok') return next();
      const ack: unknown = packet[packet.length - 1];
      if (verdict === 'refuse') {
        if (typeof ack === 'function') {
          (ack as (a: AckError) => void)({
            ok: false,
            error: { code: 'RATE_LIMITED', message: 'Too many messages; slow down.' },
          });
        }
        return;
      }
      o.logger.warn({ ip: meter.ip }, 'socket disconnected for flooding');
      socket.emit('bye', {
        code: 'RATE_LIMITED',
        message: 'Disconnected: too many messages. Wait a little before connecting again.',
      });
      socket.disconnect(true);
    });

    // Handlers take `unknown`: the event maps say what clients should send, the schemas check it.
    socket.on('join', async (raw: unknown, ack?: Ack<JoinAck>) => {
      const p = JoinMessageSchema.safeParse(raw);
      if (!p.success) return refuse(ack, 'BAD_REQUEST', `Invalid join: ${describe(p.error)}`);
      const { gameId, token } = p.data;
      try {
        // A client joining here may come from a process that died before its last changes
        // reached this one (a lost invalidation): its first view must be the store's.
        if (service.shared) await service.refresh(gameId);
        const seat = await service.seatOf(gameId, token);
        const view = seat === null ? null : await service.viewFor(gameId, token);
        if (!view || !view.ok) {
          if (view && !view.ok) return refuse(ack, view.error.code, view.error.message);
          return refuse(ack, 'UNAUTHORIZED', 'This link does not open a seat of this game.');
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
        if (you !== null) {
          sawSeat(gameId, you, data.ip);
          presenceChanged(gameId, presence.add(gameId, you));
        }
        const fresh = service.cachedView(gameId, you) ?? view.value;
        ack?.({ ok: true, view: fresh });
      } catch (e) {
        o.logger.error({ err: e }, 'join failed');
        refuse(ack, 'INTERNAL', 'Something went wrong on the server.');
      }
    });

    socket.on('action', async (raw: unknown, ack?: Ack<ActionAck>) => {
      const p = ActionMessageSchema.safeParse(raw);
      if (!p.success) return refuse(ack, 'BAD_REQUEST', `Invalid action: ${describe(p.error)}`);
      const { gameId, clientId, action } = p.data;
      const seat = data.games.get(gameId);
      if (seat === undefined) return refuse(ack, 'NOT_JOINED', 'Join the game first.');
      if (seat === null) return refuse(ack, 'SPECTATOR', 'Spectators cannot play.');
      const started = performance.now();
      try {
        const r = await service.act(gameId, seat, clientId, action, 'player');
        o.metrics.actions.inc({
          result: r.ok ? (r.value.repeated ? 'repeated' : 'accepted') : 'refused',
          actor: 'player',
        });
        if (!r.ok) {
          // A move refused for the game's state may come from a client whose view is behind:
          // send it the view this refusal was judged on, so its next move is made on that.
          const view = service.cachedView(gameId, seat);
          if (view)
            socket.emit('update', {
              gameId,
              seq: view.seq,
              version: view.version,
              events: [],
              view,
            });
          return refuse(ack, r.error.code, r.error.message);
        }
        o.metrics.actionSeconds.observe((performance.now() - started) / 1000);
        ack?.({ ok: true, seq: r.value.seq });
      } catch (e) {
        o.logger.error({ err: e, gameId }, 'action failed');
        refuse(ack, 'INTERNAL', 'Something went wrong on the server.');
      }
    });

    socket.on('react', (raw: unknown, ack?: Ack<ReactAck>) => {
      const p = ReactMessageSchema.safeParse(raw);
      if (!p.success) return refuse(ack, 'BAD_REQUEST', `Invalid reaction: ${describe(p.error)}`);
      const seat = data.games.get(p.data.gameId);
      if (seat === undefined) return refuse(ack, 'NOT_JOINED', 'Join the game first.');
      io.to(rooms.all(p.data.gameId)).emit('reaction', {
        gameId: p.data.gameId,
        seat,
        emoji: p.data.emoji,
        at: Date.now(),
      });
      ack?.({ ok: true });
    });

    socket.on('watchTournament', async (raw: unknown, ack?: Ack<WatchTournamentAck>) => {
      const p = WatchTournamentMessageSchema.safeParse(raw);
      if (!p.success) return refuse(ack, 'BAD_REQUEST', `Invalid watch: ${describe(p.error)}`);
      await socket.join(rooms.tournament(p.data.id));
      ack?.({ ok: true });
    });

    chatHandlers(io, socket, {
      chat: o.chat,
      games: data.games,
      ip: meter.ip,
      seatAddresses,
      tagKey: o.tagKey,
      refuse,
      logger: o.logger,
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
