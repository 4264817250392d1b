// Guests are made silently, one per device, on the first request that needs an identity (a
// quick-match join, linking seats, a passkey). A client that drops its cookie each time would
// make a guest row per request (issue 23: 120 from one address in 120 requests), so each client
// address gets a budget per hour.
import { Bucket } from '../realtime/limits.ts';

/** Addresses tracked at most; past it the map is emptied (everyone gets a fresh budget). */
const MAX_ADDRESSES = 100_000;
/** Buckets of addresses idle this long are full again and are dropped. */
const SWEEP_MS = 60_000;

/** Guest creation budget per client address: `perHour`, all of it at once at most. */
export class GuestLimit {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = Date.now();

  constructor(private readonly perHour: number) {}

  /** Takes one guest from `ip`'s budget: 0 when allowed, else the ms until one is there. */
  take(ip: string, now = Date.now()): number {
    if (now - this.lastSweep > SWEEP_MS) {
      this.lastSweep = now;
      for (const [k, b] of this.buckets) if (b.full(now)) this.buckets.delete(k);
    }
    let b = this.buckets.get(ip);
    if (!b) {
      if (this.buckets.size >= MAX_ADDRESSES) this.buckets.clear();
      b = new Bucket(this.perHour / 3600, this.perHour);
      this.buckets.set(ip, b);
    }
    return b.take(now) ? 0 : Math.max(1, b.wait());
  }
}

/** The refusal of a new guest over its address's budget. */
export const tooManyGuests = {
  code: 'RATE_LIMITED' as const,
  message: 'Too many new players from your network lately; try again in a few minutes.',
  status: 429,
};
