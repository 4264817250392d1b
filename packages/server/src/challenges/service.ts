// Challenges (docs/server.md "Friends and challenges"): one account offers another a game under
// a rule set (preset or house rules), rated or not, live or correspondence; the other accepts,
// declines or lets it expire. Accepting makes the table through games/ (both seats claimed and
// linked to their accounts), with the turn timer of timers/ running per decision.
import { randomUUID } from 'node:crypto';
import { parseRules, presetRules } from '@zilch/engine';
import {
  CHALLENGES_PER_DAY,
  ChallengeBodySchema,
  type Challenge,
  type BotId,
  type ChallengeSeat,
  type Challenges,
  type Person,
  type SocialTarget,
} from '@zilch/protocol';
import type { z } from 'zod';
import { colourOf } from '../accounts/service.ts';
import type { GameService } from '../games/service.ts';
import { ok, refuse, type Result } from '../games/errors.ts';
import { ratedPreset } from '../ratings/rateable.ts';
import type { UserRow } from '../store/account-store.ts';
import { takeDaily } from '../store/daily-limit.ts';
import type { ChallengeRow, ChallengeStore } from './store.ts';

/** Per-decision timer when none is given: a minute live, a day by correspondence. */
const DEFAULT_TIMER = { live: 60, correspondence: 86_400 } as const;
/** How long a challenge waits for an answer. */
const EXPIRES_MS = { live: 10 * 60_000, correspondence: 3 * 86_400_000 } as const;
/** Challenges listed: those of the last week, at most this many each way. */
const LIST_LIMIT = 30;
const LIST_WINDOW_MS = 7 * 86_400_000;
/** At a rated challenge table, the timed-out decision in a row at which a seat forfeits. */
const FORFEIT_AFTER = 3;

/** What the challenge service needs (wired in server.ts; no other feature's insides). */
export interface ChallengeDeps {
  readonly store: ChallengeStore;
  readonly games: GameService;
  readonly user: (id: string) => Promise<UserRow | null>;
  /** The account a target names, refused for oneself, guests and blocks either way. */
  readonly resolve: (me: UserRow, to: SocialTarget) => Promise<Result<UserRow>>;
  readonly blockedEitherWay: (x: string, y: string) => Promise<boolean>;
  readonly linkSeat: (userId: string, gameId: string, seat: number, at: number) => Promise<unknown>;
  /** A fresh token of each of an account's seats at a game. */
  readonly seatToken: (
    userId: string,
    gameId: string,
  ) => Promise<{ seat: number; token: string } | null>;
  /** Tells the challenged account (push service). */
  readonly notify: (userId: string, challengeId: string, fromName: string) => void;
  /** Which of these accounts are bots (botapi/), to mark them as bots. */
  readonly botsAmong?: (userIds: readonly string[]) => Promise<Set<string>>;
  /** The built-in bot level an account is (botapi/house.ts): it accepts challenges at once. */
  readonly houseBot?: (userId: string) => BotId | null;
  readonly now?: () => number;
}

function personOf(r: UserRow | null, id: string, bots: ReadonlySet<string>): Person {
  return {
    id,
    name: r?.name ?? 'Player',
    colour: colourOf(r ?? { colour: '' }),
    ...(bots.has(id) ? { bot: true } : {}),
  };
}

/** Challenges between accounts. */
export class ChallengeService {
  constructor(private readonly d: ChallengeDeps) {}

  private now(): number {
    return this.d.now?.() ?? Date.now();
  }

  /** Sends a challenge. */
  async create(
    me: UserRow,
    body: z.output<typeof ChallengeBodySchema>,
  ): Promise<Result<Challenge>> {
    const target = await this.d.resolve(me, body.to);
    if (!target.ok) return target;
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
    if (!(await takeDaily(this.d.store.db, me.id, 'challenge', CHALLENGES_PER_DAY, now)))
      return refuse('DAILY_LIMIT', `At most ${CHALLENGES_PER_DAY} challenges a day.`, 429);
    const row: ChallengeRow = {
      id: randomUUID(),
      from_user: me.id,
      to_user: target.value.id,
      rules: JSON.stringify(body.rules),
      preset: typeof body.rules === 'string' ? body.rules : 'custom',
      rated: body.rated ? 1 : 0,
      mode: body.mode,
      turn_timer:
        body.turnTimerSeconds === undefined ? DEFAULT_TIMER[body.mode] : body.turnTimerSeconds,
      status: 'open',
      game_id: null,
      created_at: now,
      expires_at: now + EXPIRES_MS[body.mode],
    };
    await this.d.store.add(row);
    const bots = await this.bots([me.id, target.value.id]);
    const house = this.d.houseBot?.(target.value.id) ?? null;
    if (house) return this.houseAccepts(row, me, target.value, house, bots);
    this.d.notify(target.value.id, row.id, me.name ?? 'A player');
    return ok(this.wire(row, me, target.value, bots));
  }

  /**
   * A built-in bot takes a challenge at once: the table seats the challenger and the bot, whose
   * seat is linked to its account, so a rated game is rated on the bot ladder like any other.
   */
  private async houseAccepts(
    row: ChallengeRow,
    me: UserRow,
    bot: UserRow,
    level: BotId,
    bots: ReadonlySet<string>,
  ): Promise<Result<Challenge>> {
    const rated = row.rated === 1;
    const made = await this.d.games.create(
      {
        rules: JSON.parse(row.rules) as string | Record<string, unknown>,
        seats: [
          { kind: 'human', name: me.name ?? 'Player' },
          { kind: 'bot', bot: level },
        ],
        rated,
        turnTimerSeconds: row.turn_timer,
      },
      { abortUnmoved: true, forfeitAfter: rated ? FORFEIT_AFTER : null },
      true,
    );
    if (!made.ok) {
      await this.d.store.close(row.id, 'cancelled', this.now());
      return made;
    }
    const gameId = made.value.gameId;
    const now = this.now();
    await this.d.linkSeat(me.id, gameId, 0, now);
    await this.d.linkSeat(bot.id, gameId, 1, now);
    // The bot's seat goes by its account (its name, its page), not by "Expected bot 2".
    const named = await this.d.games.renameSeat(gameId, 1, bot.name ?? bot.id, bot.id);
    if (!named.ok) return named;
    const claimed = await this.d.games.claim(
      gameId,
      made.value.seats[0]!.token!,
      me.name ?? 'Player',
      undefined,
      rated,
      bots.has(me.id) ? me.id : undefined,
    );
    if (!claimed.ok) return claimed;
    await this.d.store.close(row.id, 'accepted', now, gameId);
    return ok(this.wire({ ...row, status: 'accepted', game_id: gameId }, me, bot, bots));
  }

  /** Open challenges to an account and the ones it sent, newest first. */
  async list(me: UserRow): Promise<Challenges> {
    const now = this.now();
    await this.d.store.expire(now);
    const { incoming, outgoing } = await this.d.store.of(me.id, now - LIST_WINDOW_MS, LIST_LIMIT);
    const people = new Map<string, UserRow | null>([[me.id, me]]);
    for (const r of [...incoming, ...outgoing])
      for (const id of [r.from_user, r.to_user])
        if (!people.has(id)) people.set(id, await this.d.user(id));
    const bots = await this.bots([...people.keys()]);
    const wire = (r: ChallengeRow) =>
      this.wire(r, people.get(r.from_user) ?? null, people.get(r.to_user) ?? null, bots);
    return {
      incoming: incoming.filter((r) => r.status === 'open').map(wire),
      outgoing: outgoing.map(wire),
    };
  }

  /** Accepts a challenge sent to `me`: makes the table and seats both players. */
  async accept(me: UserRow, id: string): Promise<Result<ChallengeSeat>> {
    const row = await this.d.store.get(id);
    if (!row || row.to_user !== me.id) return refuse('NOT_FOUND', 'No such challenge.', 404);
    const from = await this.d.user(row.from_user);
    if (!from || (await this.d.blockedEitherWay(row.from_user, me.id))) {
      await this.d.store.close(id, 'cancelled', this.now());
      return refuse('CHALLENGE_CLOSED', 'This challenge is no longer open.', 409);
    }
    if (!(await this.d.store.close(id, 'accepted', this.now())))
      return refuse(
        'CHALLENGE_CLOSED',
        'This challenge is no longer open (taken back, answered or expired).',
        409,
      );
    const made = await this.seatBoth(row, from, me);
    if (!made.ok) await this.d.store.reopen(id);
    return made;
  }

  /** Makes a challenge's table: challenger seat 0, both seats claimed and linked to their accounts. */
  private async seatBoth(
    row: ChallengeRow,
    from: UserRow,
    me: UserRow,
  ): Promise<Result<ChallengeSeat>> {
    const rated = row.rated === 1;
    const made = await this.d.games.create(
      {
        rules: JSON.parse(row.rules) as string | Record<string, unknown>,
        seats: [
          { kind: 'human', name: from.name ?? 'Player' },
          { kind: 'human', name: me.name ?? 'Player' },
        ],
        rated,
        turnTimerSeconds: row.turn_timer,
      },
      // As at quick-match tables: a seat that never moves calls the game off; at a rated table a
      // seat that keeps timing out forfeits. Unrated, the timer passes the decision on instead.
      { abortUnmoved: true, forfeitAfter: rated ? FORFEIT_AFTER : null },
    );
    if (!made.ok) return made;
    const gameId = made.value.gameId;
    const now = this.now();
    const bots = await this.bots([from.id, me.id]);
    for (const [seat, user] of [from, me].entries()) {
      const token = made.value.seats[seat]!.token!;
      const claimed = await this.d.games.claim(
        gameId,
        token,
        user.name ?? 'Player',
        undefined,
        rated,
        bots.has(user.id) ? user.id : undefined,
      );
      if (!claimed.ok) return claimed;
      await this.d.linkSeat(user.id, gameId, seat, now);
    }
    await this.d.store.setGame(row.id, gameId);
    return ok({ gameId, seat: 1, token: made.value.seats[1]!.token! });
  }

  /** Declines a challenge sent to `me`, or takes back one `me` sent. */
  async decline(me: UserRow, id: string): Promise<Result<Challenge>> {
    const row = await this.d.store.get(id);
    if (!row || (row.to_user !== me.id && row.from_user !== me.id))
      return refuse('NOT_FOUND', 'No such challenge.', 404);
    const status = row.to_user === me.id ? 'declined' : 'cancelled';
    if (!(await this.d.store.close(id, status, this.now())))
      return refuse('CHALLENGE_CLOSED', 'This challenge is no longer open.', 409);
    const [from, to] = await Promise.all([this.d.user(row.from_user), this.d.user(row.to_user)]);
    return ok(
      this.wire({ ...row, status }, from, to, await this.bots([row.from_user, row.to_user])),
    );
  }

  /** The challenger's seat at the table an accepted challenge made (a fresh token for this device). */
  async seat(me: UserRow, id: string): Promise<Result<ChallengeSeat>> {
    const row = await this.d.store.get(id);
    if (!row || (row.to_user !== me.id && row.from_user !== me.id) || !row.game_id)
      return refuse('NOT_FOUND', 'This challenge has no table (yet).', 404);
    const t = await this.d.seatToken(me.id, row.game_id);
    if (!t) return refuse('NOT_FOUND', 'You hold no seat at that table.', 404);
    return ok({ gameId: row.game_id, ...t });
  }

  /** A block cancels the open challenges between the two. */
  cancelBetween(x: string, y: string): Promise<void> {
    return this.d.store.cancelBetween(x, y);
  }

  private bots(ids: readonly string[]): Promise<Set<string>> {
    return this.d.botsAmong?.(ids) ?? Promise.resolve(new Set());
  }

  private wire(
    r: ChallengeRow,
    from: UserRow | null,
    to: UserRow | null,
    bots: ReadonlySet<string>,
  ): Challenge {
    return {
      id: r.id,
      from: personOf(from, r.from_user, bots),
      to: personOf(to, r.to_user, bots),
      rules: r.preset,
      rated: r.rated === 1,
      mode: r.mode,
      turnTimerSeconds: r.turn_timer,
      status: r.status === 'open' && Number(r.expires_at) <= this.now() ? 'expired' : r.status,
      gameId: r.game_id,
      createdAt: Number(r.created_at),
      expiresAt: Number(r.expires_at),
    };
  }
}
