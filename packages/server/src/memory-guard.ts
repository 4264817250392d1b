// Memory pressure: past a share of the ceiling (ZILCH_MEMORY_CEILING_MB) the server sheds the
// work that costs memory — advice, new tables (bot tables above all), rematches, strategy jobs
// (bots then play their simpler move) — refusing it BUSY, so the process stays under its
// ceiling instead of growing past it (issue 23: 1,173 MiB against 1,024 under a mixed attack).
// The strategy pool's own backstop (threads restarted at 90 %) stays behind this one.
import type { Logger } from 'pino';

/** The share of the ceiling past which costly work is refused. */
const SHED_AT = 0.8;
/** ...and below which it is taken again (a gap, so the guard does not flap). */
const CALM_AT = 0.7;
const MB = 1024 * 1024;
/** How often memory is freed while pressure lasts (each time, running strategy jobs are lost). */
const RELIEVE_MS = 30_000;

/** The refusal of shed work: a stable code and a sentence. */
export const shedRefusal = {
  code: 'BUSY' as const,
  message: 'The server is short of memory right now; try again in a minute.',
};

/** Watches resident memory against a ceiling; `pressed` says whether costly work is shed. */
export class MemoryGuard {
  private on = false;
  private relievedAt = 0;
  private readonly timer: NodeJS.Timeout;

  /**
   * `relieve` frees what can be freed (the strategy threads' memory, which would otherwise stay
   * and keep the guard shedding): called on entering pressure and every RELIEVE_MS while it lasts.
   */
  constructor(
    private readonly ceilingMb: number,
    private readonly log: Logger,
    private readonly rss: () => number = () => process.memoryUsage.rss(),
    private readonly relieve: () => void = () => undefined,
    everyMs = 250,
  ) {
    this.timer = setInterval(() => this.check(), everyMs);
    this.timer.unref();
  }

  /** Whether costly work is refused now. */
  get pressed(): boolean {
    return this.on;
  }

  /** Samples memory now (the timer does so every 250 ms). */
  check(): void {
    const mb = this.rss() / MB;
    if (!this.on && mb >= this.ceilingMb * SHED_AT) {
      this.on = true;
      // Where the memory is, for the operator: the main heap, buffers, or the threads (the rest).
      const m = process.memoryUsage();
      this.log.warn(
        {
          rssMb: Math.round(mb),
          ceilingMb: this.ceilingMb,
          heapUsedMb: Math.round(m.heapUsed / MB),
          externalMb: Math.round(m.external / MB),
          arrayBuffersMb: Math.round(m.arrayBuffers / MB),
        },
        'memory pressure: refusing advice, new tables and strategy jobs (BUSY) until it eases',
      );
    }
    if (this.on && Date.now() - this.relievedAt >= RELIEVE_MS) {
      this.relievedAt = Date.now();
      this.relieve();
    }
    if (this.on && mb < this.ceilingMb * CALM_AT) {
      this.on = false;
      this.log.info({ rssMb: Math.round(mb) }, 'memory pressure eased: costly work taken again');
    }
  }

  /** Stops sampling. */
  stop(): void {
    clearInterval(this.timer);
  }
}
