import {
  applyAction,
  createGame,
  parseRules,
  presetRules,
  recordingDice,
  replay,
  type Action,
  type DiceSource,
  type GameEvent,
  type GameLog,
  type GameState,
  type RuleSet,
} from '@zilch/engine';
import { Mutex } from 'async-mutex';
import type { z } from 'zod';
import {
  commitmentOf,
  fairDice,
  newPlayerSeed,
  newServerSeed,
  type FairDice,
} from '../fairness/dice-stream.ts';
import { verifyExport, type GameExport, type VerifyResult } from '../fairness/verify.ts';
import { VersionConflict, type GameStore } from '../store/game-store.ts';
import type { EntryRecord, GameRecord, SeatRecord } from '../store/records.ts';
import { turnDeadline } from '../timers/deadline.ts';
import { ok, refuse, type Result } from './errors.ts';
import { resultsOf, statsOf, type PlayerStats } from './results.ts';
import type { CreateGameSchema, Move } from './schemas.ts';
import { hashToken, newGameId, newToken } from './tokens.ts';
import { buildView, type GameView } from './view.ts';

/** A game held in memory: its row, replayed state, dice stream and log. */
interface Loaded {
  record: GameRecord;
  state: GameState | null;
  dice: FairDice | null;
  entries: EntryRecord[];
  byClient: Map<string, EntryRecord>;
  /** ZILCH_TEST_DICE only: rolls queued by a test, used before the fair stream. */
  testRolls: number[][];
}

/** What happened to a game, for everyone who shows or drives it. */
export interface GameChange {
  readonly gameId: string;
  readonly record: GameRecord;
  readonly state: GameState | null;
  readonly events: GameEvent[];
}

/** Who asks: a player through a token, or the server itself (bots, timers). */
export type Actor = 'player' | 'bot' | 'absent' | 'timer';

/** The answer to an accepted (or repeated) action. */
export interface ActionAnswer {
  readonly seq: number;
  readonly events: unknown[];
  readonly view: GameView;
  readonly repeated: boolean;
}

/** The seats and links of a new table. */
export interface CreatedGame {
  readonly gameId: string;
  readonly seats: { seat: number; kind: 'human' | 'bot'; bot?: string; token?: string }[];
  readonly spectatorToken: string;
  readonly commitment: string;
}

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
}

/** Games kept in memory: above the 1,000 concurrent tables the server is sized for; older ones reload from the store. */
const CACHE_LIMIT = 2000;
const FINISHED_LIMIT = 100;
const WRITE_ATTEMPTS = 4;

function botName(bot: string, seat: number): string {
  return `${bot[0]?.toUpperCase()}${bot.slice(1)} bot ${seat + 1}`;
}

/**
 * The authoritative game logic around the engine: one writer per game (a mutex here, a version
 * check in the database across processes); an action is stored before anyone hears of it.
 */
export class GameService {
  private readonly cache = new Map<string, Loaded>();
  /** Ids of finished games in the cache, oldest first. */
  private readonly finished: string[] = [];
  private readonly locks = new Map<string, Mutex>();
  private readonly listeners: ((c: GameChange) => void)[] = [];
  private draining = false;

  constructor(private readonly o: ServiceOptions) {}

  /** Calls `fn` after every stored change of a game made by this process. */
  onChange(fn: (c: GameChange) => void): void {
    this.listeners.push(fn);
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
      const stored = await this.o.store.get(gameId);
      if (stored?.version !== g.record.version) this.cache.delete(gameId);
    });
  }

  /** Drops every cached game, e.g. after missing other processes' invalidations. */
  forgetAll(): void {
    this.cache.clear();
  }

  /** Stops taking changes and waits for the ones in flight (graceful shutdown). */
  async drain(): Promise<void> {
    this.draining = true;
    while (this.locks.size > 0) {
      await Promise.all([...this.locks.values()].map((m) => m.waitForUnlock()));
    }
  }

  private async locked<T>(gameId: string, fn: () => Promise<T>): Promise<T> {
    let m = this.locks.get(gameId);
    if (!m) {
      m = new Mutex();
      this.locks.set(gameId, m);
    }
    const mutex = m;
    try {
      return await mutex.runExclusive(fn);
    } finally {
      if (!mutex.isLocked()) this.locks.delete(gameId);
    }
  }

  private async load(gameId: string): Promise<Loaded | null> {
    const hit = this.cache.get(gameId);
    if (hit) return hit;
    const record = await this.o.store.get(gameId);
    if (!record) return null;
    const entries = await this.o.store.entries(gameId);
    const g: Loaded = {
      record,
      state: null,
      dice: null,
      entries,
      byClient: new Map(entries.map((e) => [e.clientId, e])),
      testRolls: [],
    };
    if (record.setupDice) {
      g.state = replay(this.logOf(g)).state;
      g.dice = this.streamAt(g);
    }
    this.remember(g);
    return g;
  }

  private remember(g: Loaded): void {
    this.cache.delete(g.record.id);
    this.cache.set(g.record.id, g);
    // Finished games are read rarely (review, export) and hold the longest logs: keeping them
    // until the cache filled made memory grow with every game played. The last few stay for
    // the fan-out of their final update and the rematch; older ones reload from the store.
    if (g.record.status === 'over' && !this.finished.includes(g.record.id)) {
      this.finished.push(g.record.id);
      if (this.finished.length > FINISHED_LIMIT) this.cache.delete(this.finished.shift() as string);
    }
    if (this.cache.size > CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }

  /** A fair stream positioned after every die the game has used so far. */
  private streamAt(g: Loaded): FairDice {
    const s = fairDice(
      g.record.serverSeed,
      g.record.seats.map((x) => x.seed),
    );
    const used =
      (g.record.setupDice ?? []).reduce((n, r) => n + r.length, 0) +
      g.entries.reduce((n, e) => n + e.dice.reduce((m, r) => m + r.length, 0), 0);
    if (used > 0) s.roll(used);
    return s;
  }

  /** The dice for the next action: queued test rolls first (the stream still advances). */
  private source(g: Loaded): DiceSource {
    const stream = g.dice as FairDice;
    return {
      roll: (count) => {
        const fair = stream.roll(count);
        const queued = g.testRolls[0];
        if (queued && queued.length === count) {
          g.testRolls.shift();
          return queued.slice();
        }
        return fair;
      },
    };
  }

  private logOf(g: Loaded): GameLog {
    return {
      rules: g.record.rules,
      players: g.record.seats.length,
      setupDice: g.record.setupDice ?? [],
      entries: g.entries.map((e) => ({ action: e.action, dice: e.dice })),
    };
  }

  private view(g: Loaded, you: number | null): GameView {
    return buildView(g.record, g.state, you, this.o.connected(g.record.id), turnDeadline(g.record));
  }

  private emit(g: Loaded, events: GameEvent[]): void {
    const change = { gameId: g.record.id, record: g.record, state: g.state, events };
    for (const l of this.listeners) l(change);
  }

  /** Writes a changed record under the version check; on a conflict the cache is dropped and the caller retries. */
  private async commit(
    g: Loaded,
    next: GameRecord,
    extra: { entry?: EntryRecord; results?: ReturnType<typeof resultsOf> } = {},
  ): Promise<boolean> {
    try {
      await this.o.store.write({
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

  /** Creates a table; a table of bots only starts at once. */
  async create(input: z.infer<typeof CreateGameSchema>): Promise<Result<CreatedGame>> {
    const rules = resolveRules(input.rules);
    if (!rules.ok) return rules;
    const seats: SeatRecord[] = input.seats.map((s, i) =>
      s.kind === 'bot'
        ? { kind: 'bot', bot: s.bot, name: botName(s.bot, i), claimed: true, seed: newPlayerSeed() }
        : {
            kind: 'human',
            name: s.name ?? `Player ${i + 1}`,
            claimed: false,
            seed: newPlayerSeed(),
          },
    );
    const tokens = seats.map((s) => (s.kind === 'human' ? newToken() : null));
    const spectatorToken = newToken();
    const serverSeed = newServerSeed();
    const record: GameRecord = {
      id: newGameId(),
      createdAt: Date.now(),
      status: 'waiting',
      version: 1,
      seq: 0,
      rules: rules.value,
      seats,
      spectatorToken,
      commitment: commitmentOf(serverSeed),
      serverSeed,
      setupDice: null,
      turnTimer: input.turnTimerSeconds ?? null,
      absentBot: input.absentBot ?? null,
      rematchOf: null,
      rematchId: null,
      turnStartedAt: null,
      finishedAt: null,
      finalScores: null,
    };
    const hashes = tokens.flatMap((t, seat) => (t ? [{ hash: hashToken(t), seat }] : []));
    await this.insertAndMaybeStart(record, hashes);
    return ok({
      gameId: record.id,
      seats: seats.map((s, seat) => ({
        seat,
        kind: s.kind,
        ...(s.bot ? { bot: s.bot } : {}),
        ...(tokens[seat] ? { token: tokens[seat] } : {}),
      })),
      spectatorToken,
      commitment: record.commitment,
    });
  }

  private async insertAndMaybeStart(record: GameRecord, hashes: { hash: string; seat: number }[]) {
    await this.o.store.insert(record, hashes, this.o.node, this.o.leaseMs);
    if (record.seats.every((s) => s.claimed)) {
      await this.locked(record.id, async () => {
        const g = await this.load(record.id);
        if (g && g.record.status === 'waiting') await this.start(g, g.record);
      });
    }
  }

  /** Rolls for the first player and opens the first turn; `next` already has every seat claimed. */
  private async start(g: Loaded, next: GameRecord): Promise<boolean> {
    const stream = fairDice(
      next.serverSeed,
      next.seats.map((s) => s.seed),
    );
    const rec = recordingDice(stream);
    const created = createGame(next.rules, next.seats.length, rec);
    if (!created.ok) throw new Error(created.error.message);
    const started: GameRecord = {
      ...next,
      status: 'playing',
      version: g.record.version + 1,
      setupDice: rec.take(),
      turnStartedAt: Date.now(),
    };
    if (!(await this.commit(g, started))) return false;
    g.record = started;
    g.state = created.state;
    g.dice = stream;
    this.remember(g);
    this.emit(g, created.events);
    return true;
  }

  /** The seat a token opens: a seat number, 'spectator', or null for an unknown token. */
  async seatOf(gameId: string, token: string | undefined): Promise<number | 'spectator' | null> {
    if (!token) return 'spectator';
    const g = await this.load(gameId);
    if (!g) return null;
    if (token === g.record.spectatorToken) return 'spectator';
    return this.o.store.seatOfToken(gameId, hashToken(token));
  }

  /** The view of a game for a token (a wrong token is refused, none means spectator). */
  async viewFor(gameId: string, token?: string): Promise<Result<GameView>> {
    const g = await this.load(gameId);
    if (!g) return notFound(gameId);
    const seat = await this.seatOf(gameId, token);
    if (seat === null) return badToken();
    return ok(this.view(g, seat === 'spectator' ? null : seat));
  }

  /** The current view for a seat from memory (for fan-out right after a change). */
  cachedView(gameId: string, you: number | null): GameView | null {
    const g = this.cache.get(gameId);
    return g ? this.view(g, you) : null;
  }

  /** Takes a seat under a display name; the game starts once every human seat is taken. */
  async claim(gameId: string, token: string, name: string, seed?: string) {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const r = await this.locked(
        gameId,
        async (): Promise<Result<{ seat: number; view: GameView }> | null> => {
          const g = await this.load(gameId);
          if (!g) return notFound(gameId);
          const seat = await this.o.store.seatOfToken(gameId, hashToken(token));
          if (seat === null) return badToken();
          const current = g.record.seats[seat] as SeatRecord;
          if (g.record.status !== 'waiting') {
            if (current.name === name) return ok({ seat, view: this.view(g, seat) });
            return refuse(
              'ALREADY_STARTED',
              'The game has started: names can no longer change.',
              409,
            );
          }
          const seats = g.record.seats.slice();
          seats[seat] = { ...current, name, claimed: true, seed: seed ?? current.seed };
          const next: GameRecord = { ...g.record, seats, version: g.record.version + 1 };
          if (seats.every((s) => s.claimed)) {
            if (!(await this.start(g, next))) return null;
          } else {
            if (!(await this.commit(g, next))) return null;
            g.record = next;
            this.remember(g);
            this.emit(g, []);
          }
          return ok({ seat, view: this.view(g, seat) });
        },
      );
      if (r) return r;
    }
    return busy();
  }

  /** Applies a move for a seat: validated by the engine, dice rolled here, stored, then announced. */
  async act(
    gameId: string,
    seat: number,
    clientId: string,
    move: Move | Action,
    actor: Actor,
  ): Promise<Result<ActionAnswer>> {
    if (this.draining)
      return refuse('SHUTTING_DOWN', 'The server is restarting; try again in a moment.', 503);
    if (actor === 'player' && move.type === 'timeout') {
      return refuse('BAD_ACTION', 'Timeouts are decided by the server.', 400);
    }
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const r = await this.locked(gameId, async (): Promise<Result<ActionAnswer> | null> => {
        const cached = this.cache.has(gameId);
        const g = await this.load(gameId);
        if (!g) return notFound(gameId);
        // Another process may have moved the game on without this one hearing of it (a lost
        // invalidation): before refusing or answering from memory, check against the store.
        const stale = async (): Promise<boolean> =>
          cached &&
          this.o.shared === true &&
          (await this.o.store.get(gameId))?.version !== g.record.version;
        const seen = g.byClient.get(clientId);
        if (seen) {
          if (seen.seat !== seat)
            return refuse(
              'DUPLICATE_CLIENT_ID',
              'That client id was already used by another seat.',
              409,
            );
          return ok({
            seq: seen.seq,
            events: seen.events,
            view: this.view(g, seat),
            repeated: true,
          });
        }
        if (g.record.status === 'waiting' || !g.state) {
          return refuse('NOT_STARTED', 'The game starts when every seat is taken.', 409);
        }
        const action = { ...move, seat } as Action;
        const rec = recordingDice(this.source(g));
        const applied = applyAction(g.state, action, rec);
        const rolled = rec.take();
        if (!applied.ok) {
          if (rolled.length > 0) g.dice = this.streamAt(g);
          if (await stale()) {
            this.cache.delete(gameId);
            return null;
          }
          return refuse(applied.error.code, applied.error.message, 409);
        }
        const now = Date.now();
        const entry: EntryRecord = {
          seq: g.record.seq + 1,
          clientId,
          seat,
          action,
          dice: rolled,
          events: applied.events,
          actor,
          at: now,
        };
        const over = applied.state.phase === 'over';
        const next: GameRecord = {
          ...g.record,
          seq: entry.seq,
          version: g.record.version + 1,
          status: over ? 'over' : 'playing',
          turnStartedAt: applied.events.some((e) => e.type === 'turn-started')
            ? now
            : g.record.turnStartedAt,
          finishedAt: over ? now : null,
          finalScores: over ? applied.state.scores.slice() : null,
        };
        const results = over
          ? resultsOf(next.seats, applied.state, [
              ...replayEvents(this.logOf(g)),
              ...applied.events,
            ])
          : undefined;
        if (!(await this.commit(g, next, { entry, ...(results ? { results } : {}) }))) return null;
        g.record = next;
        g.state = applied.state;
        g.entries.push(entry);
        g.byClient.set(clientId, entry);
        this.remember(g);
        this.emit(g, applied.events);
        return ok({
          seq: entry.seq,
          events: applied.events,
          view: this.view(g, seat),
          repeated: false,
        });
      });
      if (r) return r;
    }
    return busy();
  }

  /** A new game with the same rules and seats (and the same seat links); repeated calls give the same game. */
  async rematch(
    gameId: string,
    token: string,
  ): Promise<Result<{ gameId: string; seats: CreatedGame['seats']; spectatorToken: string }>> {
    const seat = await this.seatOf(gameId, token);
    if (seat === null || seat === 'spectator') return badToken();
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      type Made = {
        gameId: string;
        seats: CreatedGame['seats'];
        spectatorToken: string;
        pending?: GameRecord;
      };
      const r = await this.locked(gameId, async (): Promise<Result<Made> | null> => {
        const g = await this.load(gameId);
        if (!g) return notFound(gameId);
        if (g.record.status !== 'over')
          return refuse('NOT_OVER', 'A rematch starts once the game is over.', 409);
        const seats = g.record.seats.map((s, i) => ({
          seat: i,
          kind: s.kind,
          ...(s.bot ? { bot: s.bot } : {}),
        }));
        if (g.record.rematchId) {
          return ok({ gameId: g.record.rematchId, seats, spectatorToken: g.record.spectatorToken });
        }
        const serverSeed = newServerSeed();
        const record: GameRecord = {
          ...g.record,
          id: newGameId(),
          createdAt: Date.now(),
          status: 'waiting',
          version: 1,
          seq: 0,
          seats: g.record.seats.map((s) => ({ ...s, seed: newPlayerSeed() })),
          commitment: commitmentOf(serverSeed),
          serverSeed,
          setupDice: null,
          rematchOf: g.record.id,
          rematchId: null,
          turnStartedAt: null,
          finishedAt: null,
          finalScores: null,
        };
        const linked: GameRecord = {
          ...g.record,
          rematchId: record.id,
          version: g.record.version + 1,
        };
        if (!(await this.commit(g, linked))) return null;
        g.record = linked;
        this.remember(g);
        await this.o.store.insert(
          record,
          await this.o.store.tokensOf(gameId),
          this.o.node,
          this.o.leaseMs,
        );
        this.emit(g, []);
        return ok({
          gameId: record.id,
          seats,
          spectatorToken: record.spectatorToken,
          pending: record,
        });
      });
      if (r) {
        if (r.ok && r.value.pending) {
          const { pending, ...answer } = r.value;
          await this.locked(pending.id, async () => {
            const n = await this.load(pending.id);
            if (n && n.record.status === 'waiting') await this.start(n, n.record);
          });
          return ok(answer);
        }
        return r.ok
          ? ok({
              gameId: r.value.gameId,
              seats: r.value.seats,
              spectatorToken: r.value.spectatorToken,
            })
          : r;
      }
    }
    return busy();
  }

  /** The full log of a game (replay data). */
  async log(gameId: string): Promise<Result<{ log: GameLog; seqs: number[]; actors: string[] }>> {
    const g = await this.load(gameId);
    if (!g) return notFound(gameId);
    return ok({
      log: this.logOf(g),
      seqs: g.entries.map((e) => e.seq),
      actors: g.entries.map((e) => e.actor),
    });
  }

  /** The fairness export; the server seed only once the game is over. */
  async export(gameId: string): Promise<Result<GameExport>> {
    const g = await this.load(gameId);
    if (!g) return notFound(gameId);
    const r = g.record;
    return ok({
      version: 1,
      id: r.id,
      rules: r.rules,
      players: r.seats.length,
      seats: r.seats.map((s, seat) => ({
        seat,
        kind: s.kind,
        ...(s.bot ? { bot: s.bot } : {}),
        name: s.name,
      })),
      commitment: r.commitment,
      serverSeed: r.status === 'over' ? r.serverSeed : null,
      playerSeeds: r.seats.map((s) => s.seed),
      setupDice: r.setupDice ?? [],
      entries: g.entries.map((e) => ({ action: e.action, dice: e.dice })),
    });
  }

  /** Checks a finished game's dice against its revealed seeds. */
  async verify(gameId: string): Promise<Result<VerifyResult>> {
    const x = await this.export(gameId);
    return x.ok ? ok(verifyExport(x.value)) : x;
  }

  /** Lobby and history listing. */
  async list(filter: {
    status?: 'over' | 'active';
    player?: string;
    tokens?: string[];
    limit?: number;
  }) {
    const ids = filter.tokens
      ? await this.o.store.gamesOfTokens(filter.tokens.map(hashToken))
      : undefined;
    const rows = await this.o.store.list({
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.player ? { player: filter.player } : {}),
      ...(ids ? { ids } : {}),
      limit: filter.limit ?? 100,
    });
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      rules: r.rules.name,
      createdAt: r.createdAt,
      finishedAt: r.finishedAt,
      seats: r.seats.map((s, seat) => ({
        seat,
        kind: s.kind,
        ...(s.bot ? { bot: s.bot } : {}),
        name: s.name,
        claimed: s.claimed,
      })),
      scores: r.finalScores,
      ...(r.rematchOf ? { rematchOf: r.rematchOf } : {}),
      ...(r.rematchId ? { rematchId: r.rematchId } : {}),
    }));
  }

  /** A player's statistics over finished games. */
  async stats(name: string): Promise<PlayerStats> {
    return statsOf(name, await this.o.store.playerResults(name));
  }

  /** ZILCH_TEST_DICE only: queues the next rolls of a game. */
  async queueTestDice(gameId: string, rolls: number[][]): Promise<Result<{ queued: number }>> {
    if (!this.o.testDice) return refuse('NOT_FOUND', 'Not found.', 404);
    return this.locked(gameId, async () => {
      const g = await this.load(gameId);
      if (!g) return notFound(gameId);
      g.testRolls.push(...rolls.map((r) => r.slice()));
      return ok({ queued: g.testRolls.length });
    });
  }

  /** Current record and state of a game (loading it if needed), for bots and timers. */
  async snapshot(gameId: string): Promise<{ record: GameRecord; state: GameState | null } | null> {
    const g = await this.load(gameId);
    return g ? { record: g.record, state: g.state } : null;
  }
}

function replayEvents(log: GameLog): GameEvent[] {
  return replay(log).events;
}

function resolveRules(rules: string | Record<string, unknown>): Result<RuleSet> {
  const r = typeof rules === 'string' ? presetRules(rules) : parseRules(rules);
  return r.ok ? ok(r.rules) : refuse(r.error.code, r.error.message, 400);
}

function notFound(gameId: string) {
  return refuse('NOT_FOUND', `There is no game ${JSON.stringify(gameId.slice(0, 64))}.`, 404);
}

function badToken() {
  return refuse('UNAUTHORIZED', 'This link does not open a seat of this game.', 403);
}

function busy() {
  return refuse('BUSY', 'The game is busy; try again.', 503);
}
