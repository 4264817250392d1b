// Web Push for accounts (docs/server.md "Your move"): who gets which notification when a game
// changes, the account's settings and subscriptions. Sending happens on a bounded queue, never on
// the game path; the "sent" marks live in the store, so one notification goes per game until its
// player's turn ends, across restarts and processes.
import type { GameState } from '@zilch/engine';
import type {
  PushKind,
  PushPayload,
  PushSettings,
  PushStatus,
  PushSubscribeBody,
} from '@zilch/protocol';
import type { Logger } from 'pino';
import { ok, refuse, type Result } from '../games/errors.ts';
import type { GameChange } from '../games/service.ts';
import type { GameRecord } from '../store/records.ts';
import type { PushStore, PushTarget } from '../store/push-store.ts';
import { WorkQueue } from './queue.ts';
import { isQuiet } from './quiet.ts';
import { sendPush, type SendResult, type Vapid } from './sender.ts';

const ALL_KINDS: PushKind[] = ['your-move', 'invitation', 'game-over'];

/** What the push service needs. */
export interface PushOptions {
  readonly store: PushStore;
  readonly vapid: Vapid;
  readonly logger: Logger;
  /** Seats with a live connection to a game: they see the table and need no notification. */
  readonly connected: (gameId: string) => Set<number>;
  /** Sends at once; waiting jobs beyond `queue` are dropped. */
  readonly concurrency: number;
  readonly queue: number;
  /** Deadline of one send (ms). */
  readonly timeoutMs: number;
  /** How long a push service keeps an undelivered notification (s). */
  readonly ttlSeconds: number;
  /** Accept http:// endpoints (a test's local push service); production endpoints are https. */
  readonly allowHttp: boolean;
}

/** Decides, queues and sends Web Push notifications. */
export class PushService {
  private readonly work: WorkQueue;

  constructor(private readonly o: PushOptions) {
    this.work = new WorkQueue(o.concurrency, o.queue, (e) =>
      o.logger.warn({ err: e }, 'push job failed'),
    );
  }

  /** The VAPID public key browsers subscribe with. */
  get publicKey(): string {
    return this.o.vapid.publicKey;
  }

  /** An account's push status: the key, its settings (defaults until saved) and devices. */
  async status(userId: string): Promise<PushStatus> {
    return {
      publicKey: this.publicKey,
      settings: await this.settings(userId),
      devices: (await this.o.store.targets(userId)).length,
    };
  }

  /** Stores this device's subscription for the account. */
  async subscribe(userId: string, body: PushSubscribeBody): Promise<Result<PushStatus>> {
    const { endpoint, keys } = body.subscription;
    const scheme = new URL(endpoint).protocol;
    if (scheme !== 'https:' && !(this.o.allowHttp && scheme === 'http:'))
      return refuse('BAD_SUBSCRIPTION', 'A push endpoint must be an https address.', 400);
    // RFC 8291: an uncompressed P-256 point (65 bytes) and a 16-byte auth secret.
    if (
      Buffer.from(keys.p256dh, 'base64url').length !== 65 ||
      Buffer.from(keys.auth, 'base64url').length !== 16
    )
      return refuse('BAD_SUBSCRIPTION', 'This push subscription has malformed keys.', 400);
    await this.o.store.subscribe(userId, { endpoint, ...keys }, Date.now());
    return ok(await this.status(userId));
  }

  /** Forgets this device's subscription. */
  async unsubscribe(userId: string, endpoint: string): Promise<PushStatus> {
    await this.o.store.unsubscribe(endpoint, userId);
    return this.status(userId);
  }

  /** Saves an account's settings. */
  async saveSettings(userId: string, s: PushSettings): Promise<PushStatus> {
    await this.o.store.saveSettings(userId, s);
    return this.status(userId);
  }

  /** Looks at a stored change of a game and queues what it calls for; never waits. */
  changed(c: GameChange): void {
    let started: number | null = null;
    let over = false;
    for (const e of c.events) {
      if (e.type === 'turn-started') started = e.seat;
      else if (e.type === 'game-over') over = true;
    }
    if (started === null && !over) return;
    const { record, state } = c;
    this.enqueue(async () => {
      const seats = await this.o.store.subscribedSeats(record.id);
      if (seats.size === 0) return;
      const here = this.o.connected(record.id);
      if (over) {
        for (const [seat, userId] of seats) {
          if (!here.has(seat))
            await this.deliver(userId, 'game-over', gameOver(record, state, seat));
        }
        return;
      }
      const seat = started as number;
      const onTurn = seats.get(seat);
      // Everyone else's turn has ended: their next "your move" may go out again.
      const others = [...seats.values()].filter((u) => u !== onTurn);
      await this.o.store.release(others, record.id, 'your-move');
      if (onTurn !== undefined && !here.has(seat) && record.seats[seat]?.kind === 'human')
        await this.deliver(onTurn, 'your-move', yourMove(record, state, seat));
    });
  }

  /**
   * Tells a user they are invited to a game (a rematch offered to them, a quick match found).
   * Queued: returns at once.
   */
  notifyInvitation(userId: string, gameId: string, from?: string): void {
    this.enqueue(() =>
      this.deliver(userId, 'invitation', {
        kind: 'invitation',
        gameId,
        title: 'Game invitation',
        body: from
          ? `${from} invites you to a game of Zilch.`
          : 'You are invited to a game of Zilch.',
        url: `/t/${gameId}`,
      }),
    );
  }

  /** A rematch was made: every other subscribed player of the old game is invited to it. */
  rematched(gameId: string, rematchId: string, bySeat: number, byName: string): void {
    this.enqueue(async () => {
      for (const [seat, userId] of await this.o.store.subscribedSeats(gameId)) {
        if (seat !== bySeat) this.notifyInvitation(userId, rematchId, byName);
      }
    });
  }

  /** Resolves once every queued notification is sent or given up (tests, shutdown). */
  idle(): Promise<void> {
    return this.work.idle();
  }

  private enqueue(job: () => Promise<void>): void {
    if (!this.work.add(job)) this.o.logger.warn('push queue full: a notification was dropped');
  }

  private async settings(userId: string): Promise<PushSettings> {
    return (
      (await this.o.store.settings(userId)) ?? {
        kinds: ALL_KINDS,
        quietHours: null,
        timeZone: 'UTC',
      }
    );
  }

  /**
   * Sends a notification to every device of a user, unless the kind is off, it is quiet hours
   * (dropped: the in-app list shows the game later), or it was sent already.
   */
  private async deliver(userId: string, kind: PushKind, payload: PushPayload): Promise<void> {
    const s = await this.settings(userId);
    const now = Date.now();
    if (!s.kinds.includes(kind) || isQuiet(s, now)) return;
    if (!(await this.o.store.claim(userId, payload.gameId, kind, now))) return;
    const body = JSON.stringify(payload);
    await Promise.all(
      (await this.o.store.targets(userId)).map(async (t) => {
        const r = await this.send(t, body);
        if (r === 'gone') await this.o.store.unsubscribe(t.endpoint, null);
      }),
    );
  }

  private async send(t: PushTarget, body: string): Promise<SendResult> {
    try {
      return await sendPush(t, body, this.o.vapid, this.o);
    } catch (e) {
      this.o.logger.debug({ err: e, endpoint: new URL(t.endpoint).origin }, 'push send failed');
      return 'failed';
    }
  }
}

/** Everyone but `seat`, by name. */
function rivals(record: GameRecord, seat: number): string {
  return record.seats
    .filter((_, i) => i !== seat)
    .map((s) => s.name)
    .join(', ');
}

/** The "your move" notification of a seat. */
function yourMove(record: GameRecord, state: GameState | null, seat: number): PushPayload {
  const score = state?.scores[seat] ?? 0;
  return {
    kind: 'your-move',
    gameId: record.id,
    title: 'Your move',
    body: `Against ${rivals(record, seat)}: you have ${score} points.`,
    url: `/t/${record.id}`,
  };
}

/** The "game over" notification of a seat. */
function gameOver(record: GameRecord, state: GameState | null, seat: number): PushPayload {
  const winners = state?.winners ?? [];
  const names = winners.map((w) => record.seats[w]?.name ?? '?').join(' and ');
  return {
    kind: 'game-over',
    gameId: record.id,
    title: 'Game over',
    body: winners.includes(seat)
      ? `You won against ${rivals(record, seat)}.`
      : `${names || 'Nobody'} won. See the review.`,
    url: `/t/${record.id}/review`,
  };
}
