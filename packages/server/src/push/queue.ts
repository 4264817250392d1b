// A bounded queue with bounded concurrency: the game path only enqueues (never awaits a push),
// and when the push services fall behind, new work is dropped rather than piling up in memory.

/** Runs jobs `concurrency` at a time; at most `limit` wait. */
export class WorkQueue {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly limit: number,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** Queues a job; false (and dropped) when the queue is full. */
  add(job: () => Promise<void>): boolean {
    if (this.waiting.length >= this.limit) return false;
    this.waiting.push(job);
    this.pump();
    return true;
  }

  /** Resolves once nothing is queued or running. */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  private pump(): void {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift() as () => Promise<void>;
      this.running += 1;
      void job()
        .catch(this.onError)
        .finally(() => {
          this.running -= 1;
          this.pump();
          if (this.running === 0 && this.waiting.length === 0) {
            const w = this.idleWaiters;
            this.idleWaiters = [];
            for (const r of w) r();
          }
        });
    }
  }
}
