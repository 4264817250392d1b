// Quick match (docs/server.md "Quick match"): the queue lives in the store, so any process may
// take a player's poll, run a pairing pass or seat a pair; a conditional update decides which
// pass seats a player when two race.
import type { BotId, MatchStatus } from '@zilch/protocol';
import type { AccountService } from '../accounts/service.ts';
import { ok, refuse, type Result } from '../games/errors.ts';
import type { GameService } from '../games/service.ts';
import type { AccountStore, UserRow } from '../store/account-store.ts';
import { PAIRING, type MatchRow, type MatchStore } from '../store/match-store.ts';
import { pairPlayers, rangeAfter, type RangeRule, type Waiting } from './pairing.ts';

/** A player's rating for a preset; ratings are another module's (1500 until they exist). */
export type RatingOf = (userId: string, preset: string) => Promise<number>;

/** How quick match behaves (ZILCH_MATCH_* settings). */
interface MatchSettings {
  readonly range: RangeRule;
  /** After this wait a bot is offered instead. */
  readonly botAfterMs: number;
  /** A row whose page has not polled for this long is removed. */
  readonly expireMs: number;
  /** Every matched table's per-decision timer (s). */
  readonly turnSeconds: number;
  /** Rated tables: the timed-out decision in a row at which the absent seat forfeits. */
  readonly forfeitAfter: number;
}

/** What the service needs. */
export interface MatchDeps {
  readonly store: MatchStore;
  readonly games: GameService;
  readonly accounts: AccountService;
  readonly accountStore: AccountStore;
  readonly ratingOf: RatingOf;
  readonly settings: MatchSettings;
  readonly now?: () => number;
}

/** What one pairing pass did. */
export interface PassResult {
  readonly waiting: number;
  readonly paired: number;
  /** Pairs another process claimed first. */
  readonly lost: number;
}

/** A pair claimed but not seated for this long was left by a crashed process: free it. */
const ABANDONED_MS = 30_000;
const DEFAULT_BOT: BotId = 'expected';
/** Pairs a pass seats at once. */
const SEAT_CONCURRENCY = 8;

/** Runs `fn` over `items`, at most `limit` at a time; the first failure is thrown once all settle. */
async function eachWithin<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item).catch((e: unknown) => errors.push(e));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length > 0) throw errors[0];
}

/** Joining, polling, leaving and pairing of the quick-match queue. */
export class MatchService {
  private readonly now: () => number;

  constructor(private readonly d: MatchDeps) {
    this.now = d.now ?? Date.now;
  }

  /** Queues the user for a preset (a rated queue takes accounts only); answers the new status. */
  async join(user: UserRow, preset: string, rated: boolean): Promise<Result<MatchStatus>> {
    if (rated && user.kind !== 'account')
      return refuse('NOT_AN_ACCOUNT', 'Rated games need an account: add a passkey first.', 403);
    const now = this.now();
    await this.d.store.join({
      user_id: user.id,
      name: user.name ?? 'Guest',
      preset,
      rated: rated ? 1 : 0,
      rating: Math.round(await this.d.ratingOf(user.id, preset)),
      joined_at: now,
      seen_at: now,
    });
    return this.status(user.id);
  }

  /** The user's status; asking is the heartbeat that keeps them queued. */
  async status(userId: string): Promise<Result<MatchStatus>> {
    const now = this.now();
    const row = await this.d.store.seen(userId, now);
    if (!row) return ok({ state: 'idle' });
    if (row.game_id === null || row.game_id.startsWith(PAIRING)) return ok(this.waiting(row, now));
    // A table that has ended (played out, forfeited or called off) no longer holds the player:
    // answering it again would send them back to a finished game instead of the queue.
    const game = await this.d.games.snapshot(row.game_id);
    if (!game || game.record.status === 'over') {
      await this.d.store.forgetTable(userId, row.game_id);
      return ok({ state: 'idle' });
    }
    const minted = await this.d.accounts.mintTokens(userId, row.game_id);
    if (!minted.ok) {
      // The seat is no longer the user's (the account was deleted and remade): start over.
      await this.d.store.forget(userId);
      return ok({ state: 'idle' });
    }
    const seat = minted.value.seats[0]!;
    return ok({
      state: 'matched',
      gameId: row.game_id,
      seat: seat.seat,
      token: seat.token,
      opponent: row.opponent ?? '',
    });
  }

  /** Leaves the queue; a player already paired keeps the table (answered as matched). */
  async leave(userId: string): Promise<Result<MatchStatus>> {
    if (await this.d.store.leave(userId)) return ok({ state: 'idle' });
    const s = await this.status(userId);
    if (s.ok && s.value.state === 'idle')
      return refuse('NOT_QUEUED', 'You are not waiting for a match.', 409);
    return s;
  }

  /** Takes the bot offered after the wait: a new table against `bot`, the player seated. */
  async acceptBot(user: UserRow, bot: BotId = DEFAULT_BOT): Promise<Result<MatchStatus>> {
    const now = this.now();
    const row = await this.d.store.seen(user.id, now);
    if (!row || row.game_id !== null) {
      const s = await this.status(user.id);
      if (s.ok && s.value.state === 'idle')
        return refuse('NOT_QUEUED', 'You are not waiting for a match.', 409);
      return s;
    }
    if (now - Number(row.joined_at) < this.d.settings.botAfterMs)
      return refuse('BAD_REQUEST', 'No bot is offered yet: an opponent may still come.', 409);
    // Leaving first: if a pass paired the player a moment ago, the pair wins and this refuses.
    if (!(await this.d.store.leave(user.id))) return this.status(user.id);
    const made = await this.d.games.create({
      rules: row.preset,
      seats: [
        { kind: 'human', name: row.name },
        { kind: 'bot', bot },
      ],
    });
    if (!made.ok) return made;
    const token = made.value.seats[0]!.token!;
    const claimed = await this.d.games.claim(made.value.gameId, token, row.name);
    if (!claimed.ok) return claimed;
    await this.d.accountStore.linkSeat(user.id, made.value.gameId, 0, now);
    const opponent = claimed.value.view.seats[1]?.name ?? bot;
    return ok({ state: 'matched', gameId: made.value.gameId, seat: 0, token, opponent });
  }

  /**
   * One pairing pass: drop stale rows, pair each pool (preset × rated) and seat every pair this
   * process wins the claim for. Any process may run it at any time.
   */
  async pass(): Promise<PassResult> {
    const now = this.now();
    const { expireMs } = this.d.settings;
    await this.d.store.sweep(now - expireMs, now - ABANDONED_MS);
    const rows = await this.d.store.waiting(now - expireMs);
    const pools = new Map<string, MatchRow[]>();
    for (const r of rows) {
      const key = `${r.preset}\n${r.rated}`;
      pools.set(key, [...(pools.get(key) ?? []), r]);
    }
    const pairs: [MatchRow, MatchRow][] = [];
    for (const pool of pools.values()) {
      const byId = new Map(pool.map((r) => [r.user_id, r]));
      const waiting: Waiting[] = pool.map((r) => ({
        id: r.user_id,
        rating: r.rating,
        joinedAt: Number(r.joined_at),
      }));
      for (const [a, b] of pairPlayers(waiting, this.d.settings.range, now))
        pairs.push([byId.get(a.id)!, byId.get(b.id)!]);
    }
    let paired = 0;
    let lost = 0;
    // Tables are made a few at a time: on PostgreSQL each waits on round trips, not on this CPU.
    await eachWithin(pairs, SEAT_CONCURRENCY, async ([a, b]) => {
      if (!(await this.d.store.claim(a.user_id, b.user_id, now))) {
        lost += 1;
        return;
      }
      await this.seat(a, b);
      paired += 1;
    });
    return { waiting: rows.length, paired, lost };
  }

  /**
   * Makes the table of a claimed pair, seats both and links the seats to their users. Every
   * matched table has a per-decision timer and a rule for an absent player (docs/server.md,
   * "Absent players"): a seat that never moves calls the game off; at a casual table a bot plays
   * a timed-out decision, at a rated one (where no bot may play) the seat forfeits after
   * `forfeitAfter` timed-out decisions in a row.
   */
  private async seat(a: MatchRow, b: MatchRow): Promise<void> {
    const rated = a.rated === 1;
    try {
      const made = await this.d.games.create(
        {
          rules: a.preset,
          seats: [
            { kind: 'human', name: a.name },
            { kind: 'human', name: b.name },
          ],
          // Both came from the same queue (preset and rated flag), and the rated queue holds
          // accounts only, so a rated pair always makes a rateable table.
          rated,
          turnTimerSeconds: this.d.settings.turnSeconds,
          ...(rated ? {} : { absentBot: DEFAULT_BOT }),
        },
        { abortUnmoved: true, forfeitAfter: rated ? this.d.settings.forfeitAfter : null },
      );
      if (!made.ok) throw new Error(made.error.message);
      const gameId = made.value.gameId;
      const now = this.now();
      for (const [seat, row] of [a, b].entries()) {
        const token = made.value.seats[seat]!.token!;
        const claimed = await this.d.games.claim(gameId, token, row.name, undefined, rated);
        if (!claimed.ok) throw new Error(claimed.error.message);
        await this.d.accountStore.linkSeat(row.user_id, gameId, seat, now);
      }
      await this.d.store.seat(a.user_id, gameId, 0, b.name);
      await this.d.store.seat(b.user_id, gameId, 1, a.name);
    } catch (e) {
      await this.d.store.unclaim([a.user_id, b.user_id]);
      throw e;
    }
  }

  private waiting(row: MatchRow, now: number): MatchStatus {
    const waitedMs = Math.max(0, now - Number(row.joined_at));
    return {
      state: 'waiting',
      preset: row.preset as Extract<MatchStatus, { state: 'waiting' }>['preset'],
      rated: row.rated === 1,
      rating: row.rating,
      waitedMs,
      range: Math.round(rangeAfter(this.d.settings.range, waitedMs)),
      botOffer: waitedMs >= this.d.settings.botAfterMs,
    };
  }
}
