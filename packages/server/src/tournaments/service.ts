// Tournaments (docs/tournaments-module.md): what the routes ask for. An account creates a
// tournament (a few a day), people join and leave it until it starts, its creator may rename it,
// move its start or cancel it until then, and anyone may read the lobby, a tournament (entrants, games,
// standings or bracket) and a player's history. The runner (runner.ts) does the rest.
import { randomUUID } from 'node:crypto';
import { parseRules, presetRules } from '@zilch/engine';
import {
  TOURNAMENTS_PER_DAY,
  TournamentBodySchema,
  TournamentEditSchema,
  type Tournament,
  type TournamentHistory,
  type TournamentLobby,
  type TournamentSeat,
  type TournamentSummary,
  type TournamentTables,
} from '@zilch/protocol';
import type { z } from 'zod';
import { ok, refuse, type Result } from '../games/errors.ts';
import { ratedPreset } from '../ratings/rateable.ts';
import type { UserRow } from '../store/account-store.ts';
import { takeDaily } from '../store/daily-limit.ts';
import { roundCount, standings } from './pairing/index.ts';
import { entrantsOf, resultsOf, type TournamentRunner } from './runner.ts';
import type { EntrantRow, TournamentRow, TournamentStore } from './store.ts';

/** Per-decision timer when none is given: a minute live, a day by correspondence. */
const DEFAULT_TIMER = { live: 60, correspondence: 86_400 } as const;
/** Tournaments the lobby lists. */
const LOBBY_LIMIT = 50;
/** Tournaments a player's history lists. */
const HISTORY_LIMIT = 30;

/** What the tournament service needs (wired in server.ts). */
export interface TournamentDeps {
  readonly store: TournamentStore;
  readonly runner: TournamentRunner;
  readonly user: (id: string) => Promise<UserRow | null>;
  /** A player's rating for a preset (seeding). */
  readonly ratingOf: (userId: string, preset: string) => Promise<number>;
  /** A fresh token of an account's seat at a game. */
  readonly seatToken: (
    userId: string,
    gameId: string,
  ) => Promise<{ seat: number; token: string } | null>;
  /** Which of these accounts are bots (botapi/): marked as bots like the filler bots. */
  readonly botsAmong?: (userIds: readonly string[]) => Promise<Set<string>>;
  readonly now?: () => number;
}

/** Tournaments: create, join, leave, edit, read. */
export class TournamentService {
  constructor(private readonly d: TournamentDeps) {}

  private now(): number {
    return this.d.now?.() ?? Date.now();
  }

  /** Creates a tournament; its creator is its first entrant. */
  async create(
    me: UserRow,
    body: z.output<typeof TournamentBodySchema>,
  ): Promise<Result<Tournament>> {
    const rules = typeof body.rules === 'string' ? presetRules(body.rules) : parseRules(body.rules);
    if (!rules.ok) return refuse(rules.error.code, rules.error.message, 400);
    if (body.rated) {
      const rated = ratedPreset(
        { rules: body.rules, seats: [{ kind: 'human' }, { kind: 'human' }] },
        rules.rules,
      );
      if (!rated.ok) return rated;
    }
    const now = this.now();
    if (body.startAt !== null && body.startAt < now - 60_000)
      return refuse('BAD_REQUEST', 'The start time is in the past.', 400);
    if (!(await takeDaily(this.d.store.db, me.id, 'tournament', TOURNAMENTS_PER_DAY, now)))
      return refuse('DAILY_LIMIT', `At most ${TOURNAMENTS_PER_DAY} new tournaments a day.`, 429);
    const row: TournamentRow = {
      id: randomUUID(),
      name: body.name,
      creator: me.id,
      rules: JSON.stringify(body.rules),
      preset: typeof body.rules === 'string' ? body.rules : 'custom',
      format: body.format,
      players: body.players,
      rated: body.rated ? 1 : 0,
      mode: body.mode,
      turn_timer:
        body.turnTimerSeconds === undefined ? DEFAULT_TIMER[body.mode] : body.turnTimerSeconds,
      start_at: body.startAt,
      bots: body.bots ? 1 : 0,
      status: 'open',
      round: 0,
      created_at: now,
      started_at: null,
      finished_at: null,
    };
    await this.d.store.add(row);
    await this.d.store.join(await this.entrant(row, me), row.players);
    return this.get(row.id, me);
  }

  private async entrant(t: TournamentRow, me: UserRow): Promise<EntrantRow> {
    return {
      tournament_id: t.id,
      entrant: me.id,
      user_id: me.id,
      name: me.name ?? 'Player',
      bot: null,
      rating: t.preset === 'custom' ? 1500 : await this.d.ratingOf(me.id, t.preset),
      seed: 0,
      rank: null,
      joined_at: this.now(),
    };
  }

  /** Joins an open tournament with room; a full one starts at once. */
  async join(me: UserRow, id: string): Promise<Result<Tournament>> {
    const t = await this.d.store.get(id);
    if (!t) return refuse('NOT_FOUND', 'No such tournament.', 404);
    const r = await this.d.store.join(await this.entrant(t, me), t.players);
    if (r === 'closed')
      return refuse('TOURNAMENT_STARTED', 'This tournament has started or ended.', 409);
    if (r === 'full') return refuse('TOURNAMENT_FULL', 'This tournament is full.', 409);
    this.d.runner.changed(t);
    await this.d.runner.kick(id);
    return this.get(id, me);
  }

  /** Leaves a tournament before it starts. */
  async leave(me: UserRow, id: string): Promise<Result<Tournament>> {
    const t = await this.d.store.get(id);
    if (!t) return refuse('NOT_FOUND', 'No such tournament.', 404);
    if (t.status !== 'open')
      return refuse(
        'TOURNAMENT_STARTED',
        'This tournament has started: a player who leaves now forfeits the games left.',
        409,
      );
    if (!(await this.d.store.leave(id, me.id)))
      return refuse('NOT_FOUND', 'You have not joined this tournament.', 404);
    this.d.runner.changed(t);
    return this.get(id, me);
  }

  /** The creator renames a tournament or moves its start, before it starts. */
  async edit(
    me: UserRow,
    id: string,
    body: z.output<typeof TournamentEditSchema>,
  ): Promise<Result<Tournament>> {
    const t = await this.d.store.get(id);
    if (!t) return refuse('NOT_FOUND', 'No such tournament.', 404);
    if (t.creator !== me.id)
      return refuse('NOT_CREATOR', 'Only the creator may change this tournament.', 403);
    const set: { name?: string; start_at?: number | null } = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.startAt !== undefined) set.start_at = body.startAt;
    if (!(await this.d.store.edit(id, set)))
      return refuse('TOURNAMENT_STARTED', 'A tournament cannot be changed once it starts.', 409);
    return this.get(id, me);
  }

  /** The creator starts an open tournament now: bots fill empty seats if allowed. */
  async start(me: UserRow, id: string): Promise<Result<Tournament>> {
    const t = await this.d.store.get(id);
    if (!t) return refuse('NOT_FOUND', 'No such tournament.', 404);
    if (t.creator !== me.id)
      return refuse('NOT_CREATOR', 'Only the creator may start this tournament.', 403);
    const entrants = await this.d.store.entrants(id);
    if (t.bots === 0 && entrants.length < 2)
      return refuse('BAD_REQUEST', 'A tournament without bots needs two players to start.', 400);
    if (!(await this.d.store.edit(id, { start_at: this.now() })))
      return refuse('TOURNAMENT_STARTED', 'This tournament has already started.', 409);
    await this.d.runner.kick(id);
    return this.get(id, me);
  }

  /** The creator calls off an open tournament; once it has started it runs to its end. */
  async cancel(me: UserRow, id: string): Promise<Result<Tournament>> {
    const t = await this.d.store.get(id);
    if (!t) return refuse('NOT_FOUND', 'No such tournament.', 404);
    if (t.creator !== me.id)
      return refuse('NOT_CREATOR', 'Only the creator may cancel this tournament.', 403);
    // One conditional write: a start racing this call either wins (refused here) or finds it gone.
    if (!(await this.d.store.move(id, 'open', 'cancelled', this.now())))
      return refuse(
        'TOURNAMENT_STARTED',
        t.status === 'cancelled'
          ? 'This tournament is already cancelled.'
          : 'A tournament cannot be cancelled once it starts.',
        409,
      );
    this.d.runner.changed({ ...t, status: 'cancelled' });
    return this.get(id, me);
  }

  /** Your tournament games in play now: the in-app notice that your next game is ready. */
  async tables(me: UserRow): Promise<TournamentTables> {
    const rows = await this.d.store.tablesOf(me.id);
    return {
      tables: rows.map((r) => ({
        kind: 'tournament' as const,
        tournamentId: r.tournament_id,
        name: r.name,
        round: r.round,
        gameId: r.game_id,
      })),
    };
  }

  /** Your seat at your table of the current round (a fresh token for this device). */
  async seat(me: UserRow, id: string): Promise<Result<TournamentSeat>> {
    const boards = await this.d.store.boards(id);
    const mine = boards
      .filter((b) => b.game_id && (b.a === me.id || b.b === me.id))
      .sort((x, y) => y.round - x.round)[0];
    if (!mine?.game_id)
      return refuse('NOT_FOUND', 'You have no table in this tournament (yet).', 404);
    const t = await this.d.seatToken(me.id, mine.game_id);
    if (!t) return refuse('NOT_FOUND', 'You hold no seat at that table.', 404);
    return ok({ gameId: mine.game_id, ...t });
  }

  /** Open and running tournaments, then recently finished ones. */
  async lobby(): Promise<TournamentLobby> {
    const rows = await this.d.store.lobby(LOBBY_LIMIT);
    return { tournaments: await this.summaries(rows) };
  }

  /** The tournaments an account entered, with its place in each that is over. */
  async history(userId: string): Promise<TournamentHistory> {
    const rows = await this.d.store.history(userId, HISTORY_LIMIT);
    const sums = await this.summaries(rows.map((r) => r.t));
    return { tournaments: sums.map((s, i) => ({ ...s, rank: rows[i]!.rank })) };
  }

  private async summaries(rows: TournamentRow[]): Promise<TournamentSummary[]> {
    const counts = await this.d.store.counts(rows.map((r) => r.id));
    const names = new Map<string, string>();
    for (const r of rows)
      if (!names.has(r.creator))
        names.set(r.creator, (await this.d.user(r.creator))?.name ?? 'Player');
    return rows.map((r) =>
      this.summary(r, counts.get(r.id) ?? 0, names.get(r.creator) ?? 'Player'),
    );
  }

  private summary(r: TournamentRow, entrants: number, creator: string): TournamentSummary {
    return {
      id: r.id,
      name: r.name,
      creator: { id: r.creator, name: creator },
      rules: r.preset,
      format: r.format,
      players: r.players,
      entrants,
      rated: r.rated === 1,
      mode: r.mode,
      turnTimerSeconds: r.turn_timer,
      startAt: r.start_at === null ? null : Number(r.start_at),
      bots: r.bots === 1,
      status: r.status,
      round: r.round,
      rounds: roundCount(r.format, r.status === 'open' ? r.players : entrants),
      createdAt: Number(r.created_at),
      finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    };
  }

  /** One tournament in full: entrants, games, standings, and your part in it. */
  async get(id: string, me: UserRow | null): Promise<Result<Tournament>> {
    const t = await this.d.store.get(id);
    if (!t) return refuse('NOT_FOUND', 'No such tournament.', 404);
    const [entrants, boards] = await Promise.all([
      this.d.store.entrants(id),
      this.d.store.boards(id),
    ]);
    const creator = (await this.d.user(t.creator))?.name ?? 'Player';
    const nameOf = new Map(entrants.map((e) => [e.entrant, e.name]));
    const accounts = entrants.flatMap((e) => (e.user_id === null ? [] : [e.user_id]));
    const bots = (await this.d.botsAmong?.(accounts)) ?? new Set<string>();
    const botEntrants = new Set(
      entrants
        .filter((e) => e.bot !== null || (e.user_id !== null && bots.has(e.user_id)))
        .map((e) => e.entrant),
    );
    const table = standings(t.format, entrantsOf(entrants), resultsOf(boards));
    const playing = me
      ? boards.find((b) => b.over === 0 && b.game_id && (b.a === me.id || b.b === me.id))
      : undefined;
    return ok({
      ...this.summary(t, entrants.length, creator),
      people: entrants.map((e) => ({
        id: e.entrant,
        name: e.name,
        bot: botEntrants.has(e.entrant),
        rating: Math.round(e.rating),
        seed: e.seed,
      })),
      games: boards.map((b) => ({
        round: b.round,
        board: b.board,
        a: b.a,
        b: b.b,
        gameId: b.game_id,
        winner: b.winner,
        over: b.over === 1,
      })),
      standings: table.map((s) => ({
        id: s.id,
        name: nameOf.get(s.id) ?? s.id,
        ...(botEntrants.has(s.id) ? { bot: true } : {}),
        rank: s.rank,
        points: s.points,
        buchholz: s.buchholz,
        wins: s.wins,
        games: s.games,
      })),
      you: me
        ? {
            joined: entrants.some((e) => e.entrant === me.id),
            creator: t.creator === me.id,
            gameId: playing?.game_id ?? null,
          }
        : null,
    });
  }
}
