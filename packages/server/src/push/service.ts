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
import { Semaphore } from 'async-mutex';
import type { Logger } from 'pino';
import { ok, refuse, type Result } from '../games/errors.ts';
import type { GameChange } from '../games/service.ts';
import type { GameRecord } from '../store/records.ts';
import type { PushStore, PushTarget } from '../store/push-store.ts';
import {
  checkEndpoint,
  checkEndpointUrl,
  EndpointRefused,
  type EndpointPolicy,
} from './endpoint.ts';
import { subscriptionKeys } from './keys.ts';
import { WorkQueue } from './queue.ts';
import { isQuiet } from './quiet.ts';
import { PushTransport, sendPush, type SendResult, type Vapid } from './sender.ts';

const ALL_KINDS: PushKind[] = ['your-move', 'invitation', 'game-over', 'challenge', 'tournament'];

/** Subscriptions an account keeps (its devices); a new one beyond drops the least recent. */
export const MAX_DEVICES = 10;

/** What the push service needs. */
export interface PushOptions {
  readonly store: PushStore;
  readonly vapid: Vapid;
  readonly logger: Logger;
  /** Seats with a live connection to a game: they see the table and need no notification. */
  readonly connected: (gameId: string) => Set<number>;
  /** Jobs run at once, and requests in flight at once over all jobs; jobs beyond `queue` are dropped. */
  readonly concurrency: number;
  readonly queue: number;
  /** Deadline of one send (ms). */
  readonly timeoutMs: number;
  /** How long a push service keeps an undelivered notification (s). */
  readonly ttlSeconds: number;
  /** Where pushes may go: the push services' hosts, public addresses only. */
  readonly endpoints: EndpointPolicy;
}

/** Decides, queues and sends Web Push notifications. */
export class PushService {
  private readonly work: WorkQueue;
  // Bounds requests, not jobs: one job may send to several devices of several players.
  private readonly sends: Semaphore;
  private readonly transport: PushTransport;

  constructor(private readonly o: PushOptions) {
    this.work = new WorkQueue(o.concurrency, o.queue, (e) =>
      o.logger.warn({ err: e }, 'push job failed'),
    );
    this.sends = new Semaphore(o.concurrency);
    this.transport = new PushTransport(o.endpoints);
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
      devices: await this.o.store.count(userId),
    };
  }

  /**
   * Stores this device's subscription for the account: an endpoint on an allowed push service
   * whose name leads only to public addresses, with well-formed keys; one another account holds
   * only with that browser's keys (proof it is the same browser).
   */
  async subscribe(userId: string, body: PushSubscribeBody): Promise<Result<PushStatus>> {
    const { endpoint } = body.subscription;
    try {
      // The cheap checks first: a host off the allow-list is never looked up.
      checkEndpointUrl(endpoint, this.o.endpoints);
      const keys = subscriptionKeys(body.subscription.keys);
      if (!keys)
        return refuse(
          'BAD_SUBSCRIPTION',
          'This push subscription has malformed keys (a P-256 point and a 16-byte secret).',
          400,
        );
      await checkEndpoint(endpoint, this.o.endpoints);
      // One spelling per endpoint, so the same endpoint is one row whoever presents it.
      return await this.keep(userId, { endpoint: new URL(endpoint).href, ...keys });
    } catch (e) {
      if (e instanceof EndpointRefused) return refuse(e.code, e.message, 400);
      throw e;
    }
  }

  /** Stores a checked subscription. */
  private async keep(userId: string, t: PushTarget): Promise<Result<PushStatus>> {
    const r = await this.o.store.subscribe(userId, t, Date.now(), MAX_DEVICES);
    if (r === 'taken')
      return refuse(
        'PUSH_ENDPOINT_TAKEN',
        'This push endpoint belongs to another account; subscribe again from that browser.',
        409,
      );
    return ok(await this.status(userId));
  }

  /** Forgets this device's subscription. */
  async unsubscribe(userId: string, endpoint: string): Promise<PushStatus> {
    await this.o.store.unsubscribe(new URL(endpoint).href, userId);
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

  /** Someone challenged this account (challenges/): the notice opens the friends page. */
  notifyChallenge(userId: string, challengeId: string, from: string): void {
    this.enqueue(() =>
      // The challenge's id stands in the game's place: one notice per challenge.
      this.deliver(userId, 'challenge', {
        kind: 'challenge',
        gameId: challengeId,
        title: 'Challenge',
        body: `${from} challenges you to a game of Zilch.`,
        url: '/friends',
      }),
    );
  }

  /** A player's next tournament game is ready (tournaments/): the notice opens the tournament. */
  notifyTournament(userId: string, tournamentId: string, name: string, gameId: string): void {
    this.enqueue(() =>
      this.deliver(userId, 'tournament', {
        kind: 'tournament',
        gameId,
        title: 'Tournament game',
        body: `Your next game in ${name} is ready.`,
        url: `/tournaments/${tournamentId}`,
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

  /** Closes the idle connections to push services (after `idle`, at shutdown). */
  close(): void {
    this.transport.close();
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
      (await this.o.store.targets(userId, MAX_DEVICES)).map(async (t) => {
        const r = await this.send(t, body);
        if (r === 'gone') await this.o.store.unsubscribe(t.endpoint, null);
      }),
    );
  }

  private async send(t: PushTarget, body: string): Promise<SendResult> {
    try {
      return await this.sends.runExclusive(() =>
        sendPush(t, body, this.o.vapid, { ...this.o, transport: this.transport }),
      );
    } catch (e) {
      const level = e instanceof EndpointRefused ? 'warn' : 'debug';
      this.o.logger[level]({ err: e, endpoint: new URL(t.endpoint).origin }, 'push send failed');
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
