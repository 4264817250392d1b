import { legalActions, type Action, type GameState, type RuleSet } from '@zilch/engine';
import {
  canonicalRules,
  createBot,
  defaultCacheDir,
  isBotId,
  StrategyPool,
  type Advice,
  type AdviceMode,
  type Bot,
  type PoolEvent,
  type PoolResult,
  type SharedSolution,
  type StrategyCard,
} from '@zilch/strategy/node';

/** Something that picks an action for the player on turn; may take a strategy thread's time. */
export interface Decider {
  decide(state: GameState): Promise<Action>;
}

/**
 * Last resort when a bot cannot be made or errs: banks as soon as it may, else takes the first
 * legal action. It always ends its turn, so games with it always finish.
 */
export const fallbackBot: { decide(state: GameState): Action } = {
  decide(state) {
    const legal = legalActions(state);
    const bank =
      legal.find((a) => a.type === 'keep' && a.then === 'bank') ??
      legal.find((a) => a.type === 'bank');
    const first = legal[0];
    if (bank) return bank;
    if (!first) throw new Error('bot asked to move in a finished game');
    return first;
  },
};

/** Settings of the strategy pool the server's bots and coach share. */
export interface StrategySettings {
  readonly cacheDir: string;
  readonly workers: number;
  readonly queue: number;
  readonly budgetMs: number;
  /** Nice value of the strategy threads on Linux (0: the process's). */
  readonly nice?: number;
  readonly memoryCeilingMb: number;
  /** Whether memory is short: new strategy jobs are refused BUSY (bots play simpler). */
  readonly shed?: () => boolean;
  /** Solutions read once into shared memory (the shipped presets) for every thread, and their bytes. */
  readonly shared?: {
    readonly bytes: number;
    readonly solutions: Promise<readonly SharedSolution[]>;
  };
  readonly onEvent?: (e: PoolEvent) => void;
  /** Told the outcome of every job (for the metrics). */
  readonly onJob?: (kind: 'advice' | 'bot' | 'card', result: 'done' | 'busy' | 'failed') => void;
}

// One pool per process (the server sets it at start): the threads' caches serve every table.
let pool: StrategyPool | null = null;
let onJob: StrategySettings['onJob'];

function counted<T>(kind: 'advice' | 'bot' | 'card', r: PoolResult<T>): PoolResult<T> {
  onJob?.(kind, r.ok ? 'done' : r.code === 'BUSY' ? 'busy' : 'failed');
  return r;
}

/** Jobs waiting for a strategy thread now. */
export function strategyQueued(): number {
  return pool?.queued ?? 0;
}

/** Starts the strategy pool of this process (replacing any earlier one). */
export function startStrategy(s: StrategySettings): void {
  void pool?.close();
  onJob = s.onJob;
  pool = new StrategyPool({
    workers: s.workers,
    queue: s.queue,
    budgetMs: s.budgetMs,
    ...(s.nice !== undefined ? { nice: s.nice } : {}),
    ceilingMb: s.memoryCeilingMb,
    dir: s.cacheDir,
    ...(s.shed ? { shed: s.shed } : {}),
    ...(s.shared ? { shared: s.shared } : {}),
    ...(s.onEvent ? { onEvent: s.onEvent } : {}),
  });
}

/** Restarts the strategy threads, freeing the memory they hold (under memory pressure). */
export function recycleStrategy(): void {
  pool?.recycle();
}

/** Stops the strategy threads (at shutdown). */
export async function stopStrategy(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}

function strategy(): StrategyPool {
  // Tests that make bots without a server get a small pool with the defaults.
  pool ??= new StrategyPool({
    workers: 1,
    queue: 16,
    budgetMs: 30_000,
    ceilingMb: 1024,
    // As the CLI reads it: a test's ZILCH_CACHE_DIR (its sandbox), never ~/.cache/zilch then.
    dir: process.env.ZILCH_CACHE_DIR || defaultCacheDir(),
  });
  return pool;
}

// How long a bot waits for a strategy thread before it plays its simpler move instead.
const BOT_WAIT_MS = 1500;

/**
 * A bot of the given level. Rule-of-thumb levels decide here (a few table lookups); advised
 * levels (`expected`, `optimal`) ask the strategy pool and, when it is busy, slow or the rules
 * are over budget, play as `cautious` for that move — a game never waits on a solve.
 */
export function makeBot(id: string, rules: RuleSet, seed: number): Decider {
  if (!isBotId(id)) return { decide: async (s) => fallbackBot.decide(s) };
  // Rule-of-thumb bots cache their figures by rule set: a renamed copy must not add an entry.
  const canon = canonicalRules(rules);
  let simple: Bot | null = null;
  const simpler = (): Bot => (simple ??= createBot('cautious', canon, seed));
  if (id !== 'expected' && id !== 'optimal') {
    const bot = createBot(id, canon, seed);
    return { decide: async (s) => bot.decide(s) };
  }
  return {
    async decide(s) {
      if (legalActions(s).length === 1) return legalActions(s)[0] as Action;
      const r = counted('bot', await strategy().decide(s, id, BOT_WAIT_MS));
      return r.ok ? r.value : simpler().decide(s);
    },
  };
}

/** The advisor's ranking of a position, from a strategy thread; BUSY when none can answer in time. */
export async function adviceFor(state: GameState, mode: AdviceMode): Promise<PoolResult<Advice>> {
  return counted('advice', await strategy().advise(state, mode));
}

/** The strategy card of a rule set, from a strategy thread; BUSY when none can answer in time. */
export async function cardFor(rules: RuleSet): Promise<PoolResult<StrategyCard>> {
  return counted('card', await strategy().card(rules));
}
