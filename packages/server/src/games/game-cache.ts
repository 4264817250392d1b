// The games this process holds in memory, one lock per game, and the versioned write to the store.
import { AsyncLocalStorage } from 'node:async_hooks';
import { replay } from '@zilch/engine';
import { Mutex } from 'async-mutex';
import { VersionConflict, type GameStore } from '../store/game-store.ts';
import type { EntryRecord, GameRecord, PlayerResult } from '../store/records.ts';
import { logOf, streamAt, type Loaded } from './loaded.ts';

/** The key of a seat's client id in `Loaded.byClient`: ids are deduplicated per seat. */
export function clientKey(seat: number, clientId: string): string {
  return `${seat}\n${clientId}`;
}

/** Games kept in memory by default: above 1,000 concurrent tables; older ones reload from the store (ZILCH_GAME_CACHE). */
const CACHE_LIMIT = 2000;
const FINISHED_LIMIT = 100;

/** Loaded games by id (least recently stored first), their locks, and their writes. */
export class GameCache {
  private readonly cache = new Map<string, Loaded>();
  /** Ids of finished games in the cache, oldest first. */
  private readonly finished: string[] = [];
  private readonly locks = new Map<string, Mutex>();
  /** The games whose lock the current async flow holds (a load inside `locked` must not wait for it). */
  private readonly held = new AsyncLocalStorage<Set<string>>();

  constructor(
    private readonly store: GameStore,
    private readonly limit = CACHE_LIMIT,
  ) {}

  /** The game if it is in memory (never loads). */
  peek(gameId: string): Loaded | undefined {
    return this.cache.get(gameId);
  }

  /** Drops a game from memory; it reloads from the store on next use. */
  forget(gameId: string): void {
    this.cache.delete(gameId);
  }

  /** Drops every game from memory. */
  forgetAll(): void {
    this.cache.clear();
  }

  /** Drops a cached game another process changed (it is reloaded on next use). */
  invalidate(gameId: string, version: number): void {
    const g = this.cache.get(gameId);
    if (g && g.record.version < version) this.cache.delete(gameId);
  }

  /** Reloads a cached game if another process has moved it on (under the game's lock). */
  async refresh(gameId: string): Promise<void> {
    await this.locked(gameId, async () => {
      const g = this.cache.get(gameId);
      if (!g) return;
      const stored = await this.store.get(gameId);
      if (stored?.version !== g.record.version) this.cache.delete(gameId);
    });
  }

  /** Resolves once no game is locked (the changes in flight are done). */
  async settled(): Promise<void> {
    while (this.locks.size > 0) {
      await Promise.all([...this.locks.values()].map((m) => m.waitForUnlock()));
    }
  }

  /** Runs `fn` as the game's only writer in this process. */
  async locked<T>(gameId: string, fn: () => Promise<T>): Promise<T> {
    let m = this.locks.get(gameId);
    if (!m) {
      m = new Mutex();
      this.locks.set(gameId, m);
    }
    const mutex = m;
    const held = new Set(this.held.getStore());
    held.add(gameId);
    try {
      return await mutex.runExclusive(() => this.held.run(held, fn));
    } finally {
      if (!mutex.isLocked()) this.locks.delete(gameId);
    }
  }

  /**
   * The game from memory, or loaded (and replayed) from the store; null when there is none. The
   * row and its log are read in one snapshot under the game's lock, so a load never sees a row
   * older than its log nor overtakes a change this process is writing.
   */
  async load(gameId: string): Promise<Loaded | null> {
    const hit = this.cache.get(gameId);
    if (hit) return hit;
    if (this.held.getStore()?.has(gameId)) return this.read(gameId);
    return this.locked(gameId, async () => this.cache.get(gameId) ?? this.read(gameId));
  }

  private async read(gameId: string): Promise<Loaded | null> {
    const snap = await this.store.snapshot(gameId);
    if (!snap) return null;
    const { record, entries } = snap;
    const g: Loaded = {
      record,
      state: null,
      dice: null,
      entries,
      byClient: new Map(entries.map((e) => [clientKey(e.seat, e.clientId), e])),
    };
    if (record.setupDice) {
      g.state = replay(logOf(g)).state;
      g.dice = streamAt(g);
    }
    this.remember(g);
    return this.cache.get(gameId) ?? g;
  }

  /** Keeps a game in memory as the most recent one, evicting old and finished games past the limits. */
  remember(g: Loaded): void {
    // Never replace a cached game by an older version of it (views carry the seq they show).
    const cur = this.cache.get(g.record.id);
    if (cur && cur !== g && cur.record.version > g.record.version) return;
    this.cache.delete(g.record.id);
    this.cache.set(g.record.id, g);
    // Finished games are read rarely (review, export) and hold the longest logs: keeping them
    // until the cache filled made memory grow with every game played. The last few stay for
    // the fan-out of their final update and the rematch; older ones reload from the store.
    if (g.record.status === 'over' && !this.finished.includes(g.record.id)) {
      this.finished.push(g.record.id);
      if (this.finished.length > FINISHED_LIMIT) this.cache.delete(this.finished.shift() as string);
    }
    if (this.cache.size > this.limit) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  /** Writes a changed record under the version check; on a conflict the cache is dropped and the caller retries. */
  async commit(
    g: Loaded,
    next: GameRecord,
    extra: { entry?: EntryRecord; results?: PlayerResult[] } = {},
  ): Promise<boolean> {
    try {
      await this.store.write({
        game: next,
        expectedVersion: g.record.version,
        before: g.record,
        ...extra,
      });
      return true;
    } catch (e) {
      this.cache.delete(g.record.id);
      if (e instanceof VersionConflict) return false;
      throw e;
    }
  }
}
