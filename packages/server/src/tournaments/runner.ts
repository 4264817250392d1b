// The tournament runner: moves each tournament on from what the store says, so any process may
// run any step and a restarted one carries on. It starts a tournament that is full or due (bots
// fill empty seats when allowed), records each finished table's result, pairs the next round
// once every board of the current one is over, makes the new tables (people seated and linked
// to their accounts, bots as bots, the absent-player rule and the turn timer on) and tells the
// players. Steps two processes might both take are one-winner writes in store.ts; in a process
// a tournament's steps run one at a time.
import type { BotId, TournamentNotice } from '@zilch/protocol';
import type { Logger } from 'pino';
import type { GameService } from '../games/service.ts';
import { pairRound, standings, type Entrant, type GameResult } from './pairing/index.ts';
import type { BoardRow, EntrantRow, TournamentRow, TournamentStore } from './store.ts';

/** The bot that fills an empty seat. */
const FILLER_BOT: BotId = 'cautious';
/** At a tournament table, the timed-out decision in a row at which a seat forfeits. */
const FORFEIT_AFTER = 3;
/** A filler bot's rating for seeding (a new player's). */
const BOT_RATING = 1500;

/** What the runner needs (wired in server.ts). */
export interface RunnerDeps {
  readonly store: TournamentStore;
  readonly games: GameService;
  readonly node: string;
  readonly logger: Logger;
  readonly linkSeat: (userId: string, gameId: string, seat: number, at: number) => Promise<unknown>;
  /** Tells a player their next game is ready (push). */
  readonly notify: (userId: string, t: TournamentRow, gameId: string) => void;
  /** Tells watchers of a tournament that it changed (socket room). */
  readonly announce: (notice: TournamentNotice) => void;
  /** Which of these accounts are bots (botapi/): their seats are marked as bots. */
  readonly botsAmong?: (userIds: readonly string[]) => Promise<Set<string>>;
  readonly now?: () => number;
}

/** The results a pairing library reads, from the boards that are over. */
export function resultsOf(boards: readonly BoardRow[]): GameResult[] {
  return boards
    .filter((b) => b.over === 1)
    .map((b) => ({ round: b.round, a: b.a, b: b.b, winner: b.winner }));
}

/** The pairing library's entrants from the stored ones. */
export function entrantsOf(rows: readonly EntrantRow[]): Entrant[] {
  return rows.map((e) => ({ id: e.entrant, rating: e.rating, seed: e.seed }));
}

/** Runs tournaments forward. */
export class TournamentRunner {
  private readonly chains = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly d: RunnerDeps) {}

  private now(): number {
    return this.d.now?.() ?? Date.now();
  }

  /** Looks at every open or running tournament now and then every `everyMs` (start times, missed ends). */
  start(everyMs: number): Promise<void> {
    const sweep = async () => {
      const ids = await this.d.store.active().catch((err: unknown) => {
        this.d.logger.warn({ err }, 'tournament sweep failed');
        return [];
      });
      await Promise.all(ids.map((id) => this.kick(id)));
    };
    this.timer = setInterval(() => void sweep(), everyMs);
    this.timer.unref();
    return sweep();
  }

  /** Stops the sweep and waits for steps in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.chains.values()]);
  }

  /** Tells a tournament's watchers it changed (a join or a leave before the start). */
  changed(t: TournamentRow): void {
    this.d.announce({ id: t.id, status: t.status, round: t.round });
  }

  /** A table ended: if it is a tournament's, move that tournament on. */
  async gameOver(gameId: string): Promise<void> {
    const b = await this.d.store.boardOf(gameId).catch(() => null);
    if (b) await this.kick(b.tournament_id);
  }

  /** Moves one tournament on as far as it can go now (queued behind its step in flight). */
  kick(id: string): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const before = this.chains.get(id) ?? Promise.resolve();
    const next = before
      .then(() => this.advance(id))
      .catch((err: unknown) =>
        this.d.logger.warn({ err, tournament: id }, 'tournament step failed'),
      );
    this.chains.set(id, next);
    void next.then(() => {
      if (this.chains.get(id) === next) this.chains.delete(id);
    });
    return next;
  }

  private async advance(id: string): Promise<void> {
    let t = await this.d.store.get(id);
    if (t?.status === 'open') {
      await this.maybeStart(t);
      t = await this.d.store.get(id);
    }
    if (t?.status !== 'running') return;
    // Each pass settles the current round; a pass that pairs a round goes round again to make
    // its tables. Bounded: a round of byes only is over at once.
    for (let pass = 0; pass < 8 && !this.stopped; pass++) {
      if (!(await this.step(t))) return;
    }
  }

  /** Starts an open tournament that is full, or due (bots filling its empty seats when allowed). */
  private async maybeStart(t: TournamentRow): Promise<void> {
    const now = this.now();
    let entrants = await this.d.store.entrants(t.id);
    const due = t.start_at !== null && t.start_at <= now;
    if (entrants.length < t.players && !due) return;
    if (t.bots === 1 && entrants.length < t.players) {
      for (let i = 1; entrants.length < t.players && i <= t.players * 2; i++) {
        const id = `bot:${i}`;
        if (entrants.some((e) => e.entrant === id)) continue;
        await this.d.store.join(
          {
            tournament_id: t.id,
            entrant: id,
            user_id: null,
            name: `Bot ${i}`,
            bot: FILLER_BOT,
            rating: BOT_RATING,
            seed: 0,
            rank: null,
            joined_at: now,
          },
          t.players,
        );
        entrants = await this.d.store.entrants(t.id);
      }
    }
    if (entrants.length < 2) {
      if (await this.d.store.move(t.id, 'open', 'cancelled', now)) {
        this.d.logger.info(
          { tournament: t.id },
          'tournament cancelled: too few players at its start',
        );
        this.d.announce({ id: t.id, status: 'cancelled', round: 0 });
      }
      return;
    }
    if (await this.d.store.move(t.id, 'open', 'running', now))
      this.d.logger.info({ tournament: t.id, entrants: entrants.length }, 'tournament started');
  }

  /** One pass over a running tournament; says whether another pass may find more to do. */
  private async step(t: TournamentRow): Promise<boolean> {
    const boards = await this.d.store.boards(t.id);
    const round = boards.reduce((m, b) => Math.max(m, b.round), 0);
    const current = boards.filter((b) => b.round === round);
    let changed = false;
    for (const b of current) {
      if (b.over === 1) continue;
      if (b.game_id) {
        const winner = await this.resultOf(b);
        if (winner !== undefined && (await this.d.store.finish(b, winner))) {
          b.over = 1;
          b.winner = winner;
          changed = true;
        }
      }
    }
    if (changed) this.d.announce({ id: t.id, status: 'running', round });
    const entrants = await this.d.store.entrants(t.id);
    const open = current.filter((b) => b.over === 0);
    if (open.length > 0) {
      for (const b of open) if (!b.game_id) await this.makeTable(t, b, entrants);
      return false;
    }
    const results = resultsOf(boards);
    const pairs = pairRound(t.format, entrantsOf(entrants), results);
    if (pairs.length === 0) {
      await this.finish(t, entrants, results);
      return false;
    }
    if (await this.d.store.pair(t.id, round + 1, this.d.node, this.now(), pairs)) {
      this.d.logger.info({ tournament: t.id, round: round + 1 }, 'tournament round paired');
      this.d.announce({ id: t.id, status: 'running', round: round + 1 });
    }
    return true;
  }

  /** The winner of a board's finished table (null: a draw or void), undefined while in play. */
  private async resultOf(b: BoardRow): Promise<string | null | undefined> {
    // Another process may have ended the table: read it from the store, not a stale cache.
    if (this.d.games.shared) await this.d.games.refresh(b.game_id!);
    const snap = await this.d.games.snapshot(b.game_id!);
    if (!snap) return null;
    if (snap.record.status !== 'over') return undefined;
    const winners = snap.state?.winners ?? [];
    if (winners.length !== 1) return null;
    return winners[0] === 0 ? b.a : b.b;
  }

  /** Makes a board's table (once, across processes), seats its people and tells them. */
  private async makeTable(t: TournamentRow, b: BoardRow, entrants: EntrantRow[]): Promise<void> {
    if (!(await this.d.store.claim(b, this.now()))) return;
    const at = [b.a, b.b!].map((id) => entrants.find((e) => e.entrant === id));
    if (at.some((e) => !e)) return;
    const both = at as EntrantRow[];
    const people = both.every((e) => e.bot === null);
    const rated = t.rated === 1 && people;
    const made = await this.d.games.create(
      {
        rules: JSON.parse(t.rules) as string | Record<string, unknown>,
        seats: both.map((e) =>
          e.bot === null
            ? { kind: 'human' as const, name: e.name }
            : { kind: 'bot' as const, bot: e.bot as BotId },
        ),
        rated,
        turnTimerSeconds: t.turn_timer,
      },
      // A player who does not come or leaves forfeits after a few timed-out decisions in a
      // row: the tournament needs a result from every board, so no game is called off.
      { abortUnmoved: false, forfeitAfter: FORFEIT_AFTER },
    );
    if (!made.ok) {
      this.d.logger.warn({ tournament: t.id, error: made.error }, 'tournament table not made');
      return;
    }
    const gameId = made.value.gameId;
    const now = this.now();
    const accounts = both.flatMap((e) => (e.user_id === null ? [] : [e.user_id]));
    const bots = (await this.d.botsAmong?.(accounts)) ?? new Set<string>();
    for (const [seat, e] of both.entries()) {
      if (e.bot !== null || e.user_id === null) continue;
      const token = made.value.seats[seat]?.token;
      if (!token) continue;
      const claimed = await this.d.games.claim(
        gameId,
        token,
        e.name,
        undefined,
        rated,
        bots.has(e.user_id) ? e.user_id : undefined,
      );
      if (!claimed.ok)
        this.d.logger.warn({ tournament: t.id, error: claimed.error }, 'tournament seat not taken');
      await this.d.linkSeat(e.user_id, gameId, seat, now);
    }
    await this.d.store.setGame(b, gameId);
    for (const e of both) if (e.user_id !== null) this.d.notify(e.user_id, t, gameId);
    this.d.announce({ id: t.id, status: 'running', round: b.round });
  }

  /** Stores the final table and ends the tournament (once). */
  private async finish(t: TournamentRow, entrants: EntrantRow[], results: GameResult[]) {
    const table = standings(t.format, entrantsOf(entrants), results);
    await this.d.store.setRanks(t.id, new Map(table.map((s) => [s.id, s.rank])));
    if (await this.d.store.move(t.id, 'running', 'over', this.now())) {
      this.d.logger.info({ tournament: t.id }, 'tournament over');
      this.d.announce({ id: t.id, status: 'over', round: t.round });
    }
  }
}
