// The strategy pool: a fixed number of threads (piscina) do every costly piece of strategy —
// advice and advised bot moves — so the event loop never runs a solve. Jobs have a time budget,
// the queue a bound, the threads a heap limit and a byte budget for solutions, and the process
// a memory ceiling watched from here.
import { fileURLToPath } from 'node:url';
import type { Action, GameState, RuleSet } from '@zilch/engine';
import { Piscina } from 'piscina';
import type { Advice, AdviceMode } from '../advisor/index.ts';
import type { StrategyCard } from '../card/card.ts';
import { estimatedStates, solvesOnDemand, twoPlayerUnsupported } from '../solver/two-player.ts';
import { solutionAvailable, type SharedSolution } from '../solver/cache.ts';
import { twoPlayerBytes, twoPlayerPeakBytes } from './budget.ts';
import { canonicalRules, ruleKey } from '@zilch/engine';
import type { JobAnswer, StrategyJob, StrategyLevel, ThreadSettings } from './job.ts';

/** Settings of a strategy pool. */
export interface StrategyPoolOptions {
  /** Threads (fixed). */
  readonly workers: number;
  /** Jobs that may wait for a thread; beyond it, jobs are refused as BUSY. */
  readonly queue: number;
  /** Longest a job may run (or wait) before it is stopped, in ms. */
  readonly budgetMs: number;
  /** Resident memory of the whole process the pool keeps under, in MB. */
  readonly ceilingMb: number;
  /** Directory of cached two-player solutions. */
  readonly dir: string;
  /** Memory the rest of the process is counted to need, in MB (default 320; shared solutions are added). */
  readonly reserveMb?: number;
  /**
   * Solutions read into shared memory (`sharedPresets`) that every thread uses without a copy,
   * and their bytes (known before the read ends; counted with the reserve). Jobs wait for the read.
   */
  readonly shared?: {
    readonly bytes: number;
    readonly solutions: Promise<readonly SharedSolution[]>;
  };
  /**
   * Nice value of the threads on Linux (default 10): a solve yields a shared core to the event
   * loop, which answers players. 0 keeps the process's priority.
   */
  readonly nice?: number;
  /** Whether the process is short of memory (the server's guard): new jobs are refused BUSY. */
  readonly shed?: () => boolean;
  /** Told when the pool stops a job or restarts its threads (for logs). */
  readonly onEvent?: (event: PoolEvent) => void;
}

/** Something the pool did that an operator may want to see. */
export type PoolEvent =
  | { readonly kind: 'over-budget'; readonly rules: string; readonly level: StrategyLevel }
  | { readonly kind: 'memory-ceiling'; readonly rssMb: number };

/** A pool answer: the value, or a refusal with a stable code and a sentence. */
export type PoolResult<T> =
  | {
      readonly ok: true;
      readonly value: T;
      readonly note: string | null;
      /** Seconds until the exact win analysis of these rules is likely ready (one is being prepared). */
      readonly winEtaSeconds?: number;
    }
  | { readonly ok: false; readonly code: 'BUSY' | 'FAILED'; readonly message: string };

const MB = 1024 * 1024;

// How long rules whose work ran over the budget are given less (ms).
const DEMOTED_MS = 10 * 60_000;

/** How a pool of `workers` threads shares a memory ceiling: heap limit and solution bytes per thread. */
export function threadBudget(
  ceilingMb: number,
  workers: number,
  reserveMb = 320,
): { heapMb: number; solutionBytes: number } {
  const share = Math.max(64, (ceilingMb - reserveMb) / Math.max(1, workers));
  const heapMb = Math.round(Math.min(512, Math.max(64, share * 0.35)));
  // About 80 MB for the thread itself (its isolate, tsx when run from sources).
  const solutionMb = Math.max(0, share - heapMb - 80);
  return { heapMb, solutionBytes: Math.floor(solutionMb * MB) };
}

/** A fixed-size pool of strategy threads; see the file comment. */
export class StrategyPool {
  private pool: Piscina<StrategyJob, JobAnswer>;
  private readonly settings: ThreadSettings;
  private readonly heapMb: number;
  // Rule sets whose work ran over the time budget, by canonical key: the level they get, and
  // until when (a job may have run over only because the threads were busy at the time).
  private readonly levels = new Map<string, { level: StrategyLevel; until: number }>();
  private readonly keys = new WeakMap<RuleSet, { key: string; canon: RuleSet }>();
  /** Rule sets whose exact solution is being prepared: since when, and how long it should take (ms). */
  private readonly preparing = new Map<string, { at: number; ms: number }>();
  private readonly slow = new Set<string>();
  private readonly watch: NodeJS.Timeout;
  private closed = false;
  private recycledAt = 0;
  /** The shared solutions by canonical key, once read. */
  private readonly shared: Promise<Map<string, SharedSolution>>;

  constructor(private readonly o: StrategyPoolOptions) {
    const { heapMb, solutionBytes } = threadBudget(
      o.ceilingMb,
      o.workers,
      (o.reserveMb ?? 320) + (o.shared?.bytes ?? 0) / MB,
    );
    this.heapMb = heapMb;
    this.settings = { dir: o.dir, solutionBytes, nice: o.nice ?? 10 };
    this.shared = (o.shared?.solutions ?? Promise.resolve([])).then(
      (list) => new Map(list.map((s) => [ruleKey(s.rules), s])),
      () => new Map(),
    );
    this.pool = this.start();
    // A backstop for the estimates: past 90 % of the ceiling the threads are stopped (which
    // frees everything they hold) and started afresh.
    this.watch = setInterval(() => this.checkMemory(), 250);
    this.watch.unref();
  }

  private start(): Piscina<StrategyJob, JobAnswer> {
    const fromSources = import.meta.url.endsWith('.ts');
    const filename = fromSources
      ? fileURLToPath(new URL('./pool-boot.mjs', import.meta.url))
      : fileURLToPath(new URL('./pool-worker.js', import.meta.url));
    return new Piscina<StrategyJob, JobAnswer>({
      filename,
      minThreads: this.o.workers,
      maxThreads: this.o.workers,
      maxQueue: this.o.queue,
      // Threads stay: starting one (and, from sources, tsx) costs more than a job.
      idleTimeout: 2 ** 31 - 1,
      workerData: this.settings,
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 32 },
      ...(fromSources
        ? {
            argv: [new URL('./pool-worker.ts', import.meta.url).href],
            execArgv: [...process.execArgv, '--conditions=source'],
          }
        : {}),
    });
  }

  private checkMemory(): void {
    const rssMb = process.memoryUsage.rss() / MB;
    if (this.closed || rssMb < this.o.ceilingMb * 0.9) return;
    // If the memory is not the threads' (the rest of the process grew), restarting them over
    // and over would only cost their caches: at most once in ten seconds.
    if (Date.now() - this.recycledAt < 10_000) return;
    this.o.onEvent?.({ kind: 'memory-ceiling', rssMb: Math.round(rssMb) });
    this.recycle();
  }

  /**
   * Restarts the threads, which frees everything they hold (heaps, cached solutions); jobs
   * running are answered BUSY. The server's memory guard asks for it when it starts shedding.
   */
  recycle(): void {
    if (this.closed) return;
    this.recycledAt = Date.now();
    const old = this.pool;
    this.pool = this.start();
    void old.destroy().catch(() => undefined);
  }

  /** The canonical rule set and its key, worked out once per rule-set object. */
  private canon(rules: RuleSet): { key: string; canon: RuleSet } {
    let k = this.keys.get(rules);
    if (!k) {
      const canon = canonicalRules(rules);
      k = { key: JSON.stringify(canon), canon };
      this.keys.set(rules, k);
    }
    return k;
  }

  /** The level a rule set gets now (exact unless its work ran over the budget lately). */
  levelOf(rules: RuleSet): StrategyLevel {
    return this.level(this.canon(rules).key);
  }

  private level(key: string): StrategyLevel {
    const l = this.levels.get(key);
    if (!l) return 'exact';
    if (l.until > Date.now()) return l.level;
    this.levels.delete(key);
    return 'exact';
  }

  /**
   * A job ran over the budget: for a while, rules whose exact solve was tried get expected points
   * only, and rules whose expected points were too slow get nothing (bots play simpler).
   */
  private demote(key: string, job: StrategyJob): void {
    const triedExact =
      job.kind === 'prepare' ||
      (job.kind === 'advise' && job.exact && job.mode !== 'points') ||
      (job.kind === 'decide' && job.exact && job.bot === 'optimal');
    const level: StrategyLevel = triedExact ? 'points' : 'none';
    this.levels.delete(key);
    this.levels.set(key, { level, until: Date.now() + DEMOTED_MS });
    // Keys are a few hundred bytes; 5,000 of them bound this map to about a megabyte.
    if (this.levels.size > 5_000) this.levels.delete(this.levels.keys().next().value as string);
    this.o.onEvent?.({ kind: 'over-budget', rules: key.slice(0, 200), level });
  }

  /**
   * Runs a job within the budget. `waitMs` (below the budget) stops waiting early with BUSY while
   * the job runs on: what it works out stays in the thread's caches for the next request.
   */
  private async run(
    job: StrategyJob,
    key: string,
    waitMs = this.o.budgetMs,
  ): Promise<PoolResult<JobAnswer>> {
    if (this.closed) return busy('The server is shutting down.');
    if (this.o.shed?.()) return busy('The server is short of memory right now; ask again later.');
    if (this.pool.queueSize >= this.o.queue)
      return busy('The strategy threads are busy; ask again in a moment.');
    const signal = AbortSignal.timeout(this.o.budgetMs);
    const task = this.pool.run(job, { signal }).then(
      (value): PoolResult<JobAnswer> => ({ ok: true, value, note: value.note }),
      (e: unknown): PoolResult<JobAnswer> => {
        if (signal.aborted) {
          this.demote(key, job);
          return busy(
            'This analysis took longer than the server allows; ask again for a quicker one.',
          );
        }
        const text = e instanceof Error ? e.message : String(e);
        if (/queue is at limit/i.test(text))
          return busy('The strategy threads are busy; ask again in a moment.');
        const code = (e as { code?: unknown } | null)?.code;
        if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
          this.demote(key, job);
          return busy('This analysis needs more memory than the server allows.');
        }
        if (/terminated|destroyed/i.test(text))
          return busy('The strategy threads were restarted; ask again in a moment.');
        // The job itself threw: the position it was given cannot be read.
        return { ok: false, code: 'FAILED', message: text };
      },
    );
    if (waitMs >= this.o.budgetMs) return task;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<PoolResult<JobAnswer>>((resolve) => {
      timer = setTimeout(() => {
        // Until this job is done, the next ones on these rules would only queue behind it.
        this.slow.add(key);
        void task.finally(() => this.slow.delete(key));
        resolve(busy('The strategy threads are still working.'));
      }, waitMs);
    });
    try {
      return await Promise.race([task, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The advisor's ranking of a position, worked out in a pool thread (BUSY when it cannot be now). */
  async advise(state: GameState, mode: AdviceMode): Promise<PoolResult<Advice>> {
    const { key, canon } = this.canon(state.rules);
    const level = this.level(key);
    if (level === 'none')
      return busy('These rules take longer to analyse than this server allows.');
    const shared = await this.sharedFor(key);
    const r = await this.run(
      { kind: 'advise', state: { ...state, rules: canon }, mode, exact: level === 'exact', shared },
      key,
    );
    if (!r.ok) return r;
    if (!r.value.advice) return busy('The strategy thread gave no advice.');
    if (mode === 'auto' && r.value.advice.kind === 'points') this.prepare(canon, key);
    const eta = r.value.advice.kind === 'points' ? this.preparing.get(key) : undefined;
    return {
      ok: true,
      value: r.value.advice,
      note: r.note,
      ...(eta ? { winEtaSeconds: secondsLeft(eta) } : {}),
    };
  }

  /** The strategy card of a rule set, worked out in a pool thread (BUSY when it cannot be now). */
  async card(rules: RuleSet): Promise<PoolResult<StrategyCard>> {
    const { key, canon } = this.canon(rules);
    if (this.level(key) === 'none')
      return busy('These rules take longer to analyse than this server allows.');
    const r = await this.run({ kind: 'card', rules: canon }, key);
    if (!r.ok) return r;
    if (!r.value.card) return busy('The strategy thread gave no card.');
    return { ok: true, value: r.value.card, note: null };
  }

  /**
   * An advised bot's move, worked out in a pool thread; BUSY (the caller plays a simpler bot)
   * when the queue is full, the rules are over budget or no answer came within `waitMs`.
   */
  async decide(
    state: GameState,
    bot: 'expected' | 'optimal',
    waitMs: number,
  ): Promise<PoolResult<Action>> {
    const { key, canon } = this.canon(state.rules);
    const level = this.level(key);
    if (level === 'none')
      return busy('These rules take longer to analyse than this server allows.');
    if (this.slow.has(key)) return busy('The strategy threads are still working on these rules.');
    const shared = await this.sharedFor(key);
    const r = await this.run(
      { kind: 'decide', state: { ...state, rules: canon }, bot, exact: level === 'exact', shared },
      key,
      waitMs,
    );
    if (!r.ok) return r;
    if (!r.value.action) return busy('The strategy thread gave no move.');
    return { ok: true, value: { ...r.value.action, seat: state.current }, note: r.note };
  }

  /**
   * Starts getting the exact solution of a rule set in the background (once at a time per rule
   * set, only with room in the queue), so later 'auto' advice and optimal bots can use it.
   */
  private prepare(canon: RuleSet, key: string): void {
    if (this.preparing.has(key) || this.level(key) !== 'exact') return;
    if (this.pool.queueSize >= Math.floor(this.o.queue / 2)) return;
    if (twoPlayerUnsupported(canon)) return;
    const onDisk = solutionAvailable(canon, this.o.dir);
    if (!onDisk && !solvesOnDemand(canon)) return;
    const need = onDisk ? twoPlayerBytes(canon) : twoPlayerPeakBytes(canon);
    if (need > this.settings.solutionBytes) return;
    this.preparing.set(key, {
      at: Date.now(),
      ms: onDisk ? 2000 : solveMs(canon),
    });
    void this.run({ kind: 'prepare', rules: canon }, key).finally(() => this.preparing.delete(key));
  }

  /** The shared solution of a canonical key (waiting for the read at start), or undefined. */
  private async sharedFor(key: string): Promise<SharedSolution | undefined> {
    return (await this.shared).get(key);
  }

  /** Jobs waiting for a thread. */
  get queued(): number {
    return this.pool.queueSize;
  }

  /** Stops the threads; jobs still running or waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.watch);
    await this.pool.destroy().catch(() => undefined);
  }
}

// A solve's time on one core of the development machine, per byte of the solution it keeps
// (serendipity-creak: 97 MB in about 19 s); a queue or a busy machine makes it longer.
const SOLVE_MS_PER_BYTE = 19_000 / 97e6;

/**
 * A solve's time on one core, roughly. Under Hot Dice doubling the store is tiny (T² values)
 * but each table has a row per total up to the ceiling and a column per held set: about a
 * microsecond per estimated state (docs/solver.md).
 */
function solveMs(rules: RuleSet): number {
  return rules.hotDiceDoubling
    ? estimatedStates(rules) / 1000
    : twoPlayerBytes(rules) * SOLVE_MS_PER_BYTE;
}

/** Whole seconds left of an estimated preparation, at least 1 (the estimate may run out first). */
function secondsLeft(p: { at: number; ms: number }): number {
  return Math.max(1, Math.ceil((p.at + p.ms - Date.now()) / 1000));
}

function busy(message: string): { ok: false; code: 'BUSY'; message: string } {
  return { ok: false, code: 'BUSY', message };
}
