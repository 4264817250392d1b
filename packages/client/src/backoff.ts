// Waits between reconnects: doubling from `first` up to `max`, with jitter so that many bots cut
// off by one restart do not all knock again in the same millisecond.

/** Reconnect delays: `next()` waits the next one, `reset()` after a connection that worked. */
export class Backoff {
  private tries = 0;

  constructor(
    private readonly first: number,
    private readonly max: number,
  ) {}

  /** The delay the next wait will take (ms), jitter included. */
  delay(): number {
    const base = Math.min(this.max, this.first * 2 ** Math.min(this.tries, 20));
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }

  /** Waits the next delay, or less if `signal` aborts. */
  async next(signal?: AbortSignal): Promise<void> {
    const ms = this.delay();
    this.tries++;
    await sleep(ms, signal);
  }

  /** The connection worked: the next failure starts again from the first delay. */
  reset(): void {
    this.tries = 0;
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done) => {
    if (signal?.aborted) return done();
    const t = setTimeout(finish, ms);
    function finish() {
      clearTimeout(t);
      signal?.removeEventListener('abort', finish);
      done();
    }
    signal?.addEventListener('abort', finish, { once: true });
  });
}
