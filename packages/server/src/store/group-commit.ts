// Application-level group commit: writes that arrive while earlier ones are in flight are sent
// together, as one statement and one transaction (one WAL flush), instead of one each.

/** How one write of a batch ended: stored, or refused by its own check (the others are unaffected). */
export type Outcome = 'written' | 'conflict';

/** One write's result as the batch writer reports it: an outcome, or this write's own failure. */
export type Settled = Outcome | { readonly failed: unknown };

interface Waiting<T> {
  readonly item: T;
  readonly resolve: (o: Outcome) => void;
  readonly reject: (e: unknown) => void;
}

/** Settings of a group commit. */
export interface GroupCommitOptions<T> {
  /** Writes a batch in one transaction; returns each item's outcome, in order, once it has committed. */
  readonly write: (items: readonly T[]) => Promise<Settled[]>;
  /** The item's key (its game): two writes of one key never share a batch. */
  readonly key: (item: T) => string;
  /** Batches in flight at once; the rest wait and go together when one returns. */
  readonly inFlight: number;
  /** Most items in one batch. */
  readonly maxBatch: number;
}

/**
 * Collects writes into batches. Writes queued in one turn of the event loop leave together at its
 * end when fewer than `inFlight` batches are out; otherwise they wait and leave with everything
 * else that waited. Each promise settles only
 * after the batch that holds its write has committed (or failed).
 */
export class GroupCommit<T> {
  private queue: Waiting<T>[] = [];
  private running = 0;
  private scheduled = false;

  constructor(private readonly o: GroupCommitOptions<T>) {}

  /** Queues one write; resolves with its outcome after its batch committed. */
  add(item: T): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Sends at the end of this turn of the event loop, not at once: the messages read in one turn
   * (a burst after a pause) leave as one batch, and no answer could be read before then anyway.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.o.inFlight && this.queue.length > 0) {
      const batch = this.take();
      this.running++;
      void this.send(batch).finally(() => {
        this.running--;
        this.schedule();
      });
    }
  }

  /** The next batch in arrival order; a second write of a key already taken waits for a later one. */
  private take(): Waiting<T>[] {
    const batch: Waiting<T>[] = [];
    const keys = new Set<string>();
    const rest: Waiting<T>[] = [];
    for (const w of this.queue) {
      const k = this.o.key(w.item);
      if (batch.length < this.o.maxBatch && !keys.has(k)) {
        keys.add(k);
        batch.push(w);
      } else rest.push(w);
    }
    this.queue = rest;
    return batch;
  }

  private async send(batch: Waiting<T>[]): Promise<void> {
    try {
      const outcomes = await this.o.write(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const o = outcomes[i];
        if (o === undefined) w.reject(new Error('group commit: no outcome for a write'));
        else if (typeof o === 'object') w.reject(o.failed);
        else w.resolve(o);
      });
    } catch (e) {
      for (const w of batch) w.reject(e);
    }
  }
}
