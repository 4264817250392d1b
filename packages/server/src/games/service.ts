// The game service callers use (HTTP routes, sockets, bots, timers): a façade over its parts —
// game-cache (memory, locks, writes), seating (create, claim, start), rematch, actions,
// replay-data (log, export, verify), listing (lobby, stats) and test-dice.
import type { Action, GameState } from '@zilch/engine';
import type { GameExport, GameSummary, LogAnswer } from '@zilch/protocol';
import type { z } from 'zod';
import type { VerifyResult } from '../fairness/verify.ts';
import type { AbsenceRule, EntryRecord, GameRecord } from '../store/records.ts';
import { act, type ActionAnswer, type Actor } from './actions.ts';
import { GameContext, type GameChange, type ServiceOptions } from './context.ts';
import type { Result } from './errors.ts';
import { listGames, playerStats, type ListFilter } from './listing.ts';
import { rematch, type RematchAnswer } from './rematch.ts';
import { exportOf, logAnswer, verifyGame } from './replay-data.ts';
import type { PlayerStats } from './results.ts';
import type { CreateGameSchema, Move } from './schemas.ts';
import {
  claimSeat,
  createTable,
  mintSeatToken,
  takeOpenSeat,
  renameSeat,
  seatOf,
  viewFor,
  type CreatedGame,
} from './seating.ts';
import { queueTestDice } from './test-dice.ts';
import type { GameView } from './view.ts';

export type { ActionAnswer, Actor, CreatedGame, GameChange, ServiceOptions };

/** A seat asked for a rematch of a finished game. */
export interface RematchAsked {
  readonly gameId: string;
  readonly rematchId: string;
  readonly seat: number;
  readonly name: string;
}

/**
 * The authoritative game logic around the engine: one writer per game (a mutex here, a version
 * check in the database across processes); an action is stored before anyone hears of it.
 */
export class GameService {
  private readonly ctx: GameContext;
  private readonly rematches: ((r: RematchAsked) => void)[] = [];

  constructor(o: ServiceOptions) {
    this.ctx = new GameContext(o);
  }

  /** Calls `fn` after every stored change of a game made by this process. */
  onChange(fn: (c: GameChange) => void): void {
    this.ctx.onChange(fn);
  }

  /** Drops a cached game another process changed (it is reloaded on next use). */
  invalidate(gameId: string, version: number): void {
    this.ctx.games.invalidate(gameId, version);
  }

  /** Reloads a cached game if another process has moved it on (under the game's lock). */
  refresh(gameId: string): Promise<void> {
    return this.ctx.games.refresh(gameId);
  }

  /** Drops every cached game, e.g. after missing other processes' invalidations. */
  forgetAll(): void {
    this.ctx.games.forgetAll();
  }

  /** Whether other processes share these games (so this one's cached copies may miss a change). */
  get shared(): boolean {
    return this.ctx.o.shared === true;
  }

  /** Whether a graceful shutdown has begun (readiness fails from then on). */
  get draining(): boolean {
    return this.ctx.draining;
  }

  /** Stops taking changes and waits for the ones in flight (graceful shutdown). */
  async drain(): Promise<void> {
    this.ctx.draining = true;
    await this.ctx.games.settled();
  }

  /** Creates a table (quick match adds its rule for absent players; `ladder`: rated with a built-in bot's account seated); a table of bots only starts at once. */
  create(
    input: z.infer<typeof CreateGameSchema>,
    absence: AbsenceRule | null = null,
    ladder = false,
  ): Promise<Result<CreatedGame>> {
    return createTable(this.ctx, input, absence, ladder);
  }

  /** The seat a token opens: a seat number, 'spectator', or null for an unknown token. */
  seatOf(gameId: string, token: string | undefined): Promise<number | 'spectator' | null> {
    return seatOf(this.ctx, gameId, token);
  }

  /** The view of a game for a token (a wrong token is refused, none means spectator). */
  viewFor(gameId: string, token?: string): Promise<Result<GameView>> {
    return viewFor(this.ctx, gameId, token);
  }

  /** The version of a game held in memory here, if it is (never loads). */
  cachedVersion(gameId: string): number | undefined {
    return this.ctx.games.peek(gameId)?.record.version;
  }

  /** The current view for a seat from memory (for fan-out right after a change). */
  cachedView(gameId: string, you: number | null): GameView | null {
    const g = this.ctx.games.peek(gameId);
    return g ? this.ctx.view(g, you) : null;
  }

  /** Takes a seat under a display name; the game starts once every human seat is taken (rated tables: `byAccount` only; `botAccount`: a bot account takes it). */
  claim(
    gameId: string,
    token: string,
    name: string,
    seed?: string,
    byAccount = false,
    botAccount?: string,
  ): Promise<Result<{ seat: number; view: GameView }>> {
    return claimSeat(this.ctx, gameId, token, name, seed, byAccount, botAccount);
  }

  /** Takes the first free human seat of a public table (the lobby) under a display name. */
  takeOpenSeat(
    gameId: string,
    name: string,
  ): Promise<Result<{ seat: number; token: string; view: GameView }>> {
    return takeOpenSeat(this.ctx, gameId, name);
  }

  /** A new token opening a seat (for another device of the seat's user). */
  mintToken(gameId: string, seat: number): Promise<string> {
    return mintSeatToken(this.ctx, gameId, seat);
  }

  /** Renames a seat (names no longer bind once the game started; a deleted account asks, and a built-in bot seated for its account, with `botAccount`). */
  renameSeat(
    gameId: string,
    seat: number,
    name: string,
    botAccount?: string,
  ): Promise<Result<null>> {
    return renameSeat(this.ctx, gameId, seat, name, botAccount);
  }

  /** Applies a move for a seat: validated by the engine, dice rolled here, stored, then announced. */
  act(
    gameId: string,
    seat: number,
    clientId: string,
    move: Move | Action,
    actor: Actor,
  ): Promise<Result<ActionAnswer>> {
    return act(this.ctx, gameId, seat, clientId, move, actor);
  }

  /** Whether a table was created rated. */
  isRated(gameId: string): Promise<boolean> {
    return this.ctx.o.store.isRated(gameId);
  }

  /** A new game with the same rules and seats (and the same seat links); repeated calls give the same game. */
  async rematch(gameId: string, token: string): Promise<Result<RematchAnswer>> {
    const r = await rematch(this.ctx, gameId, token);
    const seat = r.ok && this.rematches.length > 0 ? await this.seatOf(gameId, token) : null;
    if (r.ok && typeof seat === 'number') {
      const name = this.ctx.games.peek(gameId)?.record.seats[seat]?.name ?? '';
      for (const fn of this.rematches) fn({ gameId, rematchId: r.value.gameId, seat, name });
    }
    return r;
  }

  /** Calls `fn` each time a seat asks for a rematch (an invitation to the other seats). */
  onRematch(fn: (r: RematchAsked) => void): void {
    this.rematches.push(fn);
  }

  /** The full log of a game (replay data). */
  log(gameId: string): Promise<Result<LogAnswer>> {
    return logAnswer(this.ctx, gameId);
  }

  /** The fairness export; the server seed only once the game is over. */
  export(gameId: string): Promise<Result<GameExport>> {
    return exportOf(this.ctx, gameId);
  }

  /** Checks a finished game against the commitment the caller saw (default: the stored one). */
  verify(gameId: string, commitment?: string): Promise<Result<VerifyResult>> {
    return verifyGame(this.ctx, gameId, commitment);
  }

  /** Lobby and history listing. */
  list(filter: ListFilter): Promise<GameSummary[]> {
    return listGames(this.ctx.o.store, filter);
  }

  /** A player's statistics over finished games. */
  stats(name: string): Promise<PlayerStats> {
    return playerStats(this.ctx.o.store, name);
  }

  /** ZILCH_TEST_DICE only: queues the next rolls of a game. */
  queueTestDice(gameId: string, rolls: number[][]): Promise<Result<{ queued: number }>> {
    return queueTestDice(this.ctx, gameId, rolls);
  }

  /** Current record, state and log of a game (loading it if needed), for bots and timers. */
  async snapshot(gameId: string): Promise<{
    record: GameRecord;
    state: GameState | null;
    entries: readonly EntryRecord[];
  } | null> {
    const g = await this.ctx.games.load(gameId);
    return g ? { record: g.record, state: g.state, entries: g.entries } : null;
  }
}
