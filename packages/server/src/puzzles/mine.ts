// Puzzles cut from stored games (docs/puzzles.md, issue 25 item 3): when a game ends here, and on
// a timer for the games no process has looked at (or whose try is due again), a finished
// two-player game on a bank's rules is replayed and every decision tested with the same
// selection as self-play (`puzzlesFromLog` → `puzzleAt`). Every ranking is a strategy-pool job,
// never this event loop; one game at a time per process, a few puzzles per game at most, and a
// claim with a lease in the store so two processes never mine the same game.
import type { GameState, RuleSet } from '@zilch/engine';
import type { LogAnswer } from '@zilch/protocol';
import {
  puzzlesFromLog,
  ruleKey,
  type Advice,
  type AdviceMode,
  type PoolResult,
  type PuzzleRanker,
} from '@zilch/strategy/node';
import type { Logger } from 'pino';
import type { Result } from '../games/errors.ts';
import type { PuzzleService } from './service.ts';
import type { PuzzleSourceStore } from './source-store.ts';

/** A preset's bank: the games played on these rules (any name, timer or first player) feed it. */
export interface Bank {
  readonly id: string;
  readonly rules: RuleSet;
}

/** What mining one game did. */
export type MineOutcome =
  | { readonly kind: 'added'; readonly found: number; readonly added: number }
  | { readonly kind: 'skipped'; readonly why: string }
  | { readonly kind: 'taken' }
  | { readonly kind: 'later'; readonly why: string };

/** How the miner is wired and bounded. */
export interface MinerOptions {
  readonly sources: PuzzleSourceStore;
  readonly puzzles: PuzzleService;
  /** A stored game's log (the games module). */
  readonly log: (gameId: string) => Promise<Result<LogAnswer>>;
  /** The banks games may feed; null while the presets' solutions are still being read. */
  readonly banks: () => readonly Bank[] | null;
  /** Ranks a position in a strategy thread (the coach's `adviceFor`). */
  readonly rank: (state: GameState, mode: AdviceMode) => Promise<PoolResult<Advice>>;
  /** This process (the claim's owner). */
  readonly node: string;
  /** Most puzzles taken from one game. */
  readonly perGame: number;
  /** Wait before a game is tried again (its exact solution still being made, the pool busy). */
  readonly retryMs: number;
  /** How long a claim holds without news (a process that dies mid-game frees it after this). */
  readonly leaseMs: number;
  /** Tries before a game is given up (marked done with nothing found). */
  readonly maxTries: number;
  readonly logger: Logger;
  /** True once the server is shutting down: the game under way is handed back. */
  readonly stop: () => boolean;
  readonly now?: () => number;
}

// Raised by the ranker when an answer is not exact yet or the pool is busy: try the game later.
class Later extends Error {}

// Most games waiting in this process's queue; the timer finds any left out.
const QUEUE_LIMIT = 200;

/** Cuts puzzles from finished games, once per game across every process on the store. */
export class PuzzleMiner {
  private readonly queue: string[] = [];
  private readonly queued = new Set<string>();
  private running: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(private readonly o: MinerOptions) {
    this.now = o.now ?? Date.now;
  }

  /** The bank a game's rules feed, if any. */
  bankOf(rules: RuleSet, banks: readonly Bank[]): Bank | null {
    const key = ruleKey(rules);
    return banks.find((b) => ruleKey(b.rules) === key) ?? null;
  }

  /** Queues a finished game (its end here, or the sweep); mining runs one game at a time. */
  enqueue(gameId: string): void {
    if (this.queued.has(gameId) || this.queue.length >= QUEUE_LIMIT || this.o.stop()) return;
    this.queued.add(gameId);
    this.queue.push(gameId);
    this.running ??= this.drain();
  }

  /** Queues the games due now (never looked at, or due again); answers how many. */
  async sweep(limit = 20): Promise<number> {
    const ids = await this.o.sources.due(this.now(), limit);
    for (const id of ids) this.enqueue(id);
    return ids.length;
  }

  /** Resolves once the queue is empty (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) {
        this.queued.delete(id);
        if (this.o.stop()) continue;
        try {
          const r = await this.mine(id);
          if (r.kind === 'added' && r.added > 0)
            this.o.logger.info({ gameId: id, puzzles: r.added }, 'puzzles cut from a game');
        } catch (err) {
          this.o.logger.warn({ err, gameId: id }, 'puzzles not cut from a game; tried again later');
        }
      }
    } finally {
      this.running = null;
    }
  }

  /**
   * Mines one finished game if no process has (or its try is due): claims it, replays its log,
   * adds its puzzles to the bank of its rules, marks it done. Mining a game twice adds nothing.
   */
  async mine(gameId: string): Promise<MineOutcome> {
    const { sources, node } = this.o;
    const game = await sources.game(gameId);
    if (!game) return { kind: 'skipped', why: 'not over' };
    const banks = this.o.banks();
    if (!banks) return { kind: 'later', why: 'solutions not read yet' };
    const now = this.now();
    if (!(await sources.claim(gameId, node, now, now + this.o.leaseMs))) return { kind: 'taken' };
    try {
      const log = await this.o.log(gameId);
      const bank = log.ok ? this.bankOf(log.value.log.rules, banks) : null;
      if (!log.ok || !bank || log.value.log.players !== 2) {
        await sources.done(gameId, node, 0, this.now());
        return { kind: 'skipped', why: log.ok ? 'no bank for these rules' : log.error.code };
      }
      const found = await puzzlesFromLog(log.value.log, this.ranker(), `game:${gameId}`, {
        max: this.o.perGame,
        stop: this.o.stop,
      });
      if (this.o.stop()) {
        await sources.later(gameId, node, this.now());
        return { kind: 'later', why: 'shutting down' };
      }
      const added = await this.o.puzzles.add(bank.id, found, {
        playedAt: game.finishedAt,
        listed: game.listed,
      });
      await sources.done(gameId, node, added, this.now());
      return { kind: 'added', found: found.length, added };
    } catch (err) {
      const tries = await sources.tries(gameId);
      if (tries >= this.o.maxTries) await sources.done(gameId, node, 0, this.now());
      else await sources.later(gameId, node, this.now() + this.o.retryMs);
      if (err instanceof Later) return { kind: 'later', why: err.message };
      throw err;
    }
  }

  // Exact answers only: a provisional one (the solution still being made) or a busy pool puts
  // the whole game off rather than judging it on expected points.
  private ranker(): PuzzleRanker {
    return async (state, mode) => {
      const r = await this.o.rank(state, mode);
      if (!r.ok) {
        if (r.code === 'BUSY') throw new Later('the strategy pool is busy');
        return null;
      }
      if (mode === 'win' && r.winEtaSeconds) throw new Later('the exact solution is being made');
      return r.value;
    };
  }
}
