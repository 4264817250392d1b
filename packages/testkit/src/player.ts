// A scripted socket.io player: joins its seat, acts on its turn after a think time, survives server
// restarts (rejoins, possibly on another process, and retries its unanswered intent with the same
// client id) and records every acknowledged action so the suites can check nothing was lost.
import type { GameState } from '@zilch/engine';
import type { GameView as View, Move, Update } from '@zilch/protocol';
import { io, type Socket } from 'socket.io-client';
import { api, sleep } from './http.ts';
import { pickMove } from './moves.ts';
import type { Ack } from './sockets.ts';

/** Counters shared by many players. */
export interface PlayerStats {
  /** Intent sent → its `update` received, ms (only while `measuring`). */
  latencies: number[];
  measuring: boolean;
  acked: number;
  errors: number;
  errorCodes: Record<string, number>;
  reconnects: number;
  /** Handshakes that ended in neither `connect` nor `connect_error` (see `handshake`), tried again. */
  handshakesLost: number;
}

/** A fresh set of counters. */
export function newStats(): PlayerStats {
  return {
    latencies: [],
    measuring: true,
    acked: 0,
    errors: 0,
    errorCodes: {},
    reconnects: 0,
    handshakesLost: 0,
  };
}

/** One acknowledged action. */
export interface AckRecord {
  gameId: string;
  clientId: string;
  seq: number;
  seat: number;
  move: Move;
}

/** Options of a player. */
export interface PlayerOptions {
  gameId: string;
  token: string;
  /** Servers to connect to, the first preferred; after a disconnect the next is tried first. */
  urls: string[];
  /** Think time before each move, ms. */
  think: () => number;
  stats: PlayerStats;
  /** This player asks for a rematch when a game ends (one per table). */
  rematch?: boolean;
  /** Stop after this many finished games (default: never). */
  games?: number;
  /** How to choose a move on turn (default `pickMove`). */
  pick?: (state: GameState) => Move | null;
}

// Refusals that mean "try the same intent again later", not a wrong intent.
const TRANSIENT = new Set([
  'RATE_LIMITED',
  'BUSY',
  'SHUTTING_DOWN',
  'INTERNAL',
  'TIMEOUT',
  'TIMEOUT_AFTER_UPDATE',
]);

/** A player's socket to `url`, not connected yet: websocket only, and it never reconnects itself. */
export function playerSocket(url: string): Socket {
  return io(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 3000 });
}

// A handshake that has not ended by then is given up and tried again (the socket's own `timeout`
// covers only the transport's opening, not the server's answer to the namespace connect).
const HANDSHAKE_MS = 5000;

/**
 * How a fresh socket's handshake ended: `up` (connected), `refused` (`connect_error`), `dropped`
 * (a server killed between the transport's opening and its answer to the namespace connect closes
 * the transport, which socket.io reports only as a `disconnect`) or `silent` (neither within `ms`).
 */
export function handshake(
  s: Socket,
  ms = HANDSHAKE_MS,
): Promise<'up' | 'refused' | 'dropped' | 'silent'> {
  return new Promise((res) => {
    const on = {
      connect: () => done('up'),
      connect_error: () => done('refused'),
      disconnect: () => done('dropped'),
    };
    const timer = setTimeout(() => done('silent'), ms);
    const done = (how: 'up' | 'refused' | 'dropped' | 'silent') => {
      clearTimeout(timer);
      for (const [event, f] of Object.entries(on)) s.off(event, f);
      res(how);
    };
    for (const [event, f] of Object.entries(on)) s.once(event, f);
  });
}

/** A scripted player (see the file comment). */
export class Player {
  gameId: string;
  readonly acks: AckRecord[] = [];
  /** Games this player saw end, in order. */
  readonly finished: string[] = [];
  lastView: View | null = null;
  private socket: Socket | null = null;
  /** The socket has joined the current game (intents before that would get NOT_JOINED). */
  private joined = false;
  private urlAt = 0;
  private pending: { clientId: string; move: Move; seat: number; sendNo: number } | null = null;
  private watch: { at: number; seq: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private connecting = false;
  private sends = 0;
  private n = 0;
  private askedRematch = new Set<string>();
  private claimed = new Set<string>();

  constructor(readonly o: PlayerOptions) {
    this.gameId = o.gameId;
  }

  /** Connects and joins; resolves once the first view is in. */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Whether this player has seen as many games end as it was asked to. */
  get done(): boolean {
    return this.o.games !== undefined && this.finished.length >= this.o.games;
  }

  private async connect(): Promise<void> {
    if (this.connecting) return;
    this.connecting = true;
    try {
      while (!this.closed) {
        const url = this.o.urls[this.urlAt % this.o.urls.length] as string;
        const s = playerSocket(url);
        const how = await handshake(s);
        if (how === 'dropped' || how === 'silent') this.o.stats.handshakesLost += 1;
        if (how !== 'up' || this.closed) {
          s.close();
          this.urlAt += 1;
          await sleep(100);
          continue;
        }
        s.on('update', (u: Update) => this.onUpdate(u));
        s.on('disconnect', () => {
          if (this.socket !== s) return;
          this.socket = null;
          if (this.closed) return;
          this.o.stats.reconnects += 1;
          this.urlAt += 1;
          void this.connect();
        });
        this.socket = s;
        this.joined = false;
        const ack = (await s
          .timeout(5000)
          .emitWithAck('join', { gameId: this.gameId, token: this.o.token })
          .catch(() => null)) as (Ack & { view?: View }) | null;
        if (!ack || !ack.ok || !ack.view) {
          this.socket = null;
          s.close();
          await sleep(100);
          continue;
        }
        this.joined = true;
        this.onView(ack.view);
        if (this.pending) this.send();
        return;
      }
    } finally {
      this.connecting = false;
    }
  }

  private onUpdate(u: Update): void {
    if (u.gameId === this.gameId) this.onView(u.view);
  }

  private onView(v: View): void {
    if (this.lastView && this.lastView.id === v.id && this.lastView.version > v.version) return;
    this.lastView = v;
    if (this.watch && v.seq >= this.watch.seq) {
      if (this.o.stats.measuring) this.o.stats.latencies.push(performance.now() - this.watch.at);
      this.watch = null;
    }
    if (v.status === 'over') {
      if (!this.finished.includes(v.id)) this.finished.push(v.id);
      if (this.done) return;
      if (v.rematchId) return this.follow(v.rematchId);
      if (this.o.rematch && !this.askedRematch.has(v.id)) {
        this.askedRematch.add(v.id);
        const base = this.o.urls[this.urlAt % this.o.urls.length] as string;
        void api(base, 'POST', `/api/games/${v.id}/rematch`, { token: this.o.token }).catch(() =>
          this.askedRematch.delete(v.id),
        );
      }
      return;
    }
    // A rematch waits for every human seat to claim it again (with a fresh seed): claim ours.
    const mine = v.you === null ? undefined : v.seats[v.you];
    if (v.rematchOf && v.status === 'waiting' && mine && !mine.claimed && !this.claimed.has(v.id)) {
      this.claimed.add(v.id);
      const base = this.o.urls[this.urlAt % this.o.urls.length] as string;
      void api(base, 'POST', `/api/games/${v.id}/claim`, {
        token: this.o.token,
        name: mine.name,
      }).catch(() => this.claimed.delete(v.id));
    }
    this.schedule();
  }

  /** Moves on to the rematch: same token, new game. */
  private follow(next: string): void {
    this.gameId = next;
    this.lastView = null;
    this.watch = null;
    const s = this.socket;
    if (!s) return;
    void s
      .timeout(5000)
      .emitWithAck('join', { gameId: next, token: this.o.token })
      .then((ack: Ack & { view?: View }) => {
        if (ack.ok && ack.view) this.onView(ack.view);
      })
      .catch(() => undefined);
  }

  private schedule(): void {
    const v = this.lastView;
    if (!v || this.closed || this.pending || this.timer) return;
    if (v.status !== 'playing' || v.you === null || v.state.current !== v.you) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.act();
    }, this.o.think());
  }

  private act(): void {
    const v = this.lastView;
    if (!v || this.pending || v.status !== 'playing' || v.state.current !== v.you) return;
    const move = (this.o.pick ?? pickMove)(v.state);
    if (!move) return;
    this.n += 1;
    this.pending = {
      clientId: `${this.o.token.slice(0, 10)}:${v.seq}:${this.n}`,
      move,
      seat: v.you as number,
      sendNo: 0,
    };
    this.watch = { at: performance.now(), seq: v.seq + 1 };
    this.send();
  }

  /** Sends (or re-sends, same client id) the pending intent. */
  private send(): void {
    const p = this.pending;
    const s = this.socket;
    if (!p || !s || !s.connected || !this.joined) return;
    const sendNo = ++this.sends;
    p.sendNo = sendNo;
    const gameId = this.gameId;
    s.timeout(10_000)
      .emitWithAck('action', { gameId, clientId: p.clientId, action: p.move })
      .then(
        (ack: Ack) => this.answered(gameId, sendNo, ack),
        () => this.answered(gameId, sendNo, null),
      );
  }

  private answered(gameId: string, sendNo: number, ack: Ack | null): void {
    const p = this.pending;
    // Closing the socket fails its unanswered emits: not an answer worth counting.
    if (!p || p.sendNo !== sendNo || this.closed) return;
    const st = this.o.stats;
    if (ack?.ok) {
      this.acks.push({
        gameId,
        clientId: p.clientId,
        seq: ack.seq as number,
        seat: p.seat,
        move: p.move,
      });
      st.acked += 1;
      this.pending = null;
      this.schedule();
      return;
    }
    // A timeout after the action's own `update` arrived means it was stored but its ack was lost.
    const code = ack ? ack.error.code : this.watch === null ? 'TIMEOUT_AFTER_UPDATE' : 'TIMEOUT';
    st.errorCodes[code] = (st.errorCodes[code] ?? 0) + 1;
    if (TRANSIENT.has(code)) {
      // Same client id again: applied at most once whatever happened to the first try.
      setTimeout(() => {
        if (this.pending === p) this.send();
      }, 200);
      return;
    }
    st.errors += 1;
    this.pending = null;
    this.watch = null;
    setTimeout(() => this.schedule(), 50);
  }

  /** Re-joins the current game (what a page refresh does): the answer is the full current view. */
  refresh(): void {
    const s = this.socket;
    if (!s?.connected) return;
    void s
      .timeout(5000)
      .emitWithAck('join', { gameId: this.gameId, token: this.o.token })
      .then((ack: Ack & { view?: View }) => {
        if (ack.ok && ack.view) this.onView(ack.view);
      })
      .catch(() => undefined);
  }

  /** Actions this player has seen stored in its current game (its view's seq). */
  get seq(): number {
    return this.lastView?.seq ?? -1;
  }

  /** One line about where this player is, for a failing run's message. */
  describe(): string {
    const v = this.lastView;
    return `${this.gameId} seat ${v?.you} ${v?.status} seq ${v?.seq} current ${v?.state.current} phase ${v?.state.phase} pending ${JSON.stringify(this.pending)} socket ${this.socket?.connected ?? 'none'} timer ${this.timer !== null}`;
  }

  /** Disconnects for good. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.close();
    this.socket = null;
  }
}
