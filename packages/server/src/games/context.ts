// What the parts of the game service share: options, the cached games, views and change listeners.
import type { GameEvent, GameState } from '@zilch/engine';
import type { GameStore } from '../store/game-store.ts';
import type { GameRecord } from '../store/records.ts';
import { turnDeadline } from '../timers/deadline.ts';
import { GameCache } from './game-cache.ts';
import type { Loaded } from './loaded.ts';
import { buildView, type GameView } from './view.ts';

/** Options of the service. */
export interface ServiceOptions {
  readonly store: GameStore;
  /** This process's id (lease owner). */
  readonly node: string;
  readonly leaseMs: number;
  readonly testDice: boolean;
  /** Seats with a live connection, for views. */
  readonly connected: (gameId: string) => Set<number>;
  /** Other processes may write the same games (PostgreSQL or Redis configured). */
  readonly shared?: boolean;
  /** Games kept in memory (default 2,000). */
  readonly cacheLimit?: number;
}

/** What happened to a game, for everyone who shows or drives it. */
export interface GameChange {
  readonly gameId: string;
  readonly record: GameRecord;
  readonly state: GameState | null;
  readonly events: GameEvent[];
}

/** The state every part of the service works on (one per service). */
export class GameContext {
  readonly games: GameCache;
  /** Set by a graceful shutdown: no new actions are taken. */
  draining = false;
  /** Rolls tests queued by game (ZILCH_TEST_DICE only), used before the fair stream. */
  readonly testRolls = new Map<string, number[][]>();
  private readonly listeners: ((c: GameChange) => void)[] = [];

  constructor(readonly o: ServiceOptions) {
    this.games = new GameCache(o.store, o.cacheLimit);
  }

  /** Calls `fn` after every stored change of a game made by this process. */
  onChange(fn: (c: GameChange) => void): void {
    this.listeners.push(fn);
  }

  /** A loaded game as seat `you` (null: a spectator) sees it now. */
  view(g: Loaded, you: number | null): GameView {
    return buildView(g.record, g.state, you, this.o.connected(g.record.id), turnDeadline(g.record));
  }

  /** Tells every listener about a stored change. */
  emit(g: Loaded, events: GameEvent[]): void {
    const change = { gameId: g.record.id, record: g.record, state: g.state, events };
    for (const l of this.listeners) l(change);
  }
}
