// Flood limits of the realtime layer: per socket, per client address, and on connections.

/** A token bucket: a burst (by default twice the rate per second), refilled continuously. */
export class Bucket {
  private tokens: number;
  private at = Date.now();
  constructor(
    private readonly rate: number,
    private readonly burst = rate * 2,
  ) {
    this.tokens = burst;
  }

  /** Takes one token if there is one. */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Milliseconds until a token is there (0: now); call after `take`. */
  wait(): number {
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rate) * 1000);
  }

  /** Whether the bucket is full again (an idle sender's bucket can be forgotten). */
  full(now: number): boolean {
    return this.tokens + ((now - this.at) / 1000) * this.rate >= this.burst;
  }
}

/** What one client address holds: its open connections and its shared message bucket. */
interface Address {
  open: number;
  bucket: Bucket;
}

/** Settings of the limits. */
export interface LimitSettings {
  /** Messages per second one socket may send. */
  readonly perSocket: number;
  /** Messages per second all sockets of one address may send together. */
  readonly perIp: number;
  readonly socketsPerIp: number;
  /** Refusals within `REFUSAL_WINDOW_MS` after which a socket is disconnected. */
  readonly maxRefusals: number;
}

/** What to do with one incoming message. */
type Verdict = 'ok' | 'refuse' | 'kick';

/** A socket's meter: its own bucket, its address's, and its recent refusals. */
export interface Meter {
  readonly ip: string;
  take(): Verdict;
}

const REFUSAL_WINDOW_MS = 10_000;
/** How long an address whose socket was disconnected for flooding may not connect again. */
const PENALTY_MS = 10_000;

/** Per-socket and per-address message limits, connection caps and a short penalty for floods. */
export class AbuseLimits {
  private readonly addresses = new Map<string, Address>();
  private readonly penalties = new Map<string, number>();
  private lastSweep = Date.now();

  constructor(private readonly s: LimitSettings) {}

  /** Null when a new connection from `ip` may open, else the reason it may not. */
  admit(ip: string, now = Date.now()): string | null {
    this.sweep(now);
    const until = this.penalties.get(ip);
    if (until !== undefined && until > now) {
      return 'Too many messages from your address; wait a few seconds before connecting again.';
    }
    if ((this.addresses.get(ip)?.open ?? 0) >= this.s.socketsPerIp) {
      return 'Too many connections from your address.';
    }
    return null;
  }

  /** A connection from `ip` opened. */
  opened(ip: string): void {
    const a = this.addresses.get(ip);
    if (a) a.open++;
    else this.addresses.set(ip, { open: 1, bucket: new Bucket(this.s.perIp) });
  }

  /** A connection from `ip` closed. */
  closed(ip: string): void {
    const a = this.addresses.get(ip);
    if (!a) return;
    if (--a.open <= 0) this.addresses.delete(ip);
  }

  /** Open connections of `ip` (for tests and metrics). */
  openOf(ip: string): number {
    return this.addresses.get(ip)?.open ?? 0;
  }

  /** The meter of a new socket from `ip`. */
  meter(ip: string): Meter {
    const own = new Bucket(this.s.perSocket);
    const refusals: number[] = [];
    return {
      ip,
      take: () => {
        const now = Date.now();
        // The address's bucket is charged only for messages the socket's own limit lets through,
        // so one flooding socket does not also eat its neighbours' share twice over.
        const shared = this.addresses.get(ip)?.bucket;
        if (own.take(now) && (!shared || shared.take(now))) return 'ok';
        while (refusals.length > 0 && (refusals[0] as number) <= now - REFUSAL_WINDOW_MS) {
          refusals.shift();
        }
        refusals.push(now);
        if (refusals.length <= this.s.maxRefusals) return 'refuse';
        this.penalties.set(ip, now + PENALTY_MS);
        return 'kick';
      },
    };
  }

  /** Drops expired penalties now and then, so the map stays as small as the current abuse. */
  private sweep(now: number): void {
    if (now - this.lastSweep < PENALTY_MS) return;
    this.lastSweep = now;
    for (const [ip, until] of this.penalties) if (until <= now) this.penalties.delete(ip);
  }
}
