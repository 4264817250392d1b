// A thin socket client for people's tables (docs/protocol.md, socket.io): join a seat with its
// token, play moves (a retry keeps its client id, so it is applied once), and read each table's
// updates as an async iterable. socket.io reconnects by itself; on each reconnect the client
// joins its tables again, and the join's full view reaches the iterables as an update, so a
// reader never misses the state. Updates older than one already delivered are dropped.
import {
  ActionAckSchema,
  JoinAckSchema,
  UpdateSchema,
  type ClientToServerEvents,
  type GameView,
  type Move,
  type ServerToClientEvents,
  type Update,
} from '@zilch/protocol';
import { io, type Socket } from 'socket.io-client';
import { BotApiError } from './errors.ts';

/** Where a table client connects. */
export interface TableClientOptions {
  readonly server: string;
  /** How long an ack may take before the message is sent again (ms; default 10 000). */
  readonly ackMs?: number;
}

/** Tries of a message whose ack did not come before a NETWORK error is thrown. */
const TRIES = 3;

/** A person's socket to the server's tables. */
export class TableClient {
  readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  private readonly ackMs: number;
  private readonly tables = new Map<string, string | undefined>();
  private readonly newest = new Map<string, number>();
  private readonly readers = new Set<{ gameId: string; push: (u: Update) => void }>();

  constructor(o: TableClientOptions) {
    this.ackMs = o.ackMs ?? 10_000;
    this.socket = io(o.server, { transports: ['websocket'] });
    this.socket.on('update', (u) => {
      const parsed = UpdateSchema.safeParse(u);
      if (parsed.success) this.deliver(parsed.data);
    });
    this.socket.io.on('reconnect', () => {
      for (const [gameId, token] of this.tables)
        void this.join(gameId, token).catch(() => undefined);
    });
  }

  private deliver(u: Update): void {
    if ((this.newest.get(u.gameId) ?? -1) > u.version) return;
    this.newest.set(u.gameId, u.version);
    for (const r of this.readers) if (r.gameId === u.gameId) r.push(u);
  }

  /** Sends with `send` until an ack comes within ackMs (the same message each time). */
  private async ask(
    event: string,
    send: (s: ReturnType<TableClient['socket']['timeout']>) => Promise<unknown>,
  ): Promise<unknown> {
    for (let tries = 1; ; tries++) {
      try {
        return await send(this.socket.timeout(this.ackMs));
      } catch {
        if (tries >= TRIES) throw new BotApiError('NETWORK', 0, `No answer to ${event}.`);
      }
    }
  }

  /** Joins a table (with a seat's token to play it, without to watch); answers the full view. */
  async join(gameId: string, token?: string): Promise<GameView> {
    const ack = JoinAckSchema.parse(
      await this.ask('join', (s) =>
        s.emitWithAck('join', token === undefined ? { gameId } : { gameId, token }),
      ),
    );
    if (!ack.ok) throw new BotApiError(ack.error.code, 409, ack.error.message);
    this.tables.set(gameId, token);
    const { view } = ack;
    this.deliver({ gameId, seq: view.seq, version: view.version, events: [], view });
    return view;
  }

  /** Plays a move of the joined seat; answers its sequence number. Retries keep the client id. */
  async move(gameId: string, move: Move, clientId = crypto.randomUUID()): Promise<number> {
    const ack = ActionAckSchema.parse(
      await this.ask('action', (s) => s.emitWithAck('action', { gameId, clientId, action: move })),
    );
    if (!ack.ok) throw new BotApiError(ack.error.code, 409, ack.error.message);
    return ack.seq;
  }

  /** Every update of a joined table from now on, until `signal` aborts or the client closes. */
  async *updates(gameId: string, signal?: AbortSignal): AsyncGenerator<Update> {
    const queue: Update[] = [];
    let wake: (() => void) | null = null;
    const reader = {
      gameId,
      push: (u: Update) => {
        queue.push(u);
        wake?.();
      },
    };
    const stop = () => wake?.();
    this.readers.add(reader);
    this.socket.on('disconnect', stop);
    signal?.addEventListener('abort', stop);
    try {
      while (!signal?.aborted) {
        const u = queue.shift();
        if (u) {
          yield u;
          continue;
        }
        if (!this.socket.active) return;
        await new Promise<void>((r) => (wake = r));
        wake = null;
      }
    } finally {
      this.readers.delete(reader);
      this.socket.off('disconnect', stop);
      signal?.removeEventListener('abort', stop);
    }
  }

  /** Leaves every table and closes the socket. */
  close(): void {
    this.tables.clear();
    this.socket.close();
  }
}
