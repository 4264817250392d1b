// Friends (docs/server.md "Friends and challenges"): requests accepted or declined, the list with
// who is online, playing what and whose move it is, remove and block. Accounts only. What a
// player does is shown to accepted friends only: nothing here is public.
import {
  FRIEND_REQUESTS_PER_DAY,
  type Friend,
  type Friends,
  type FriendSearch,
  type Person,
  type Relation,
  type SocialTarget,
} from '@zilch/protocol';
import { colourOf } from '../accounts/service.ts';
import type { GameService } from '../games/service.ts';
import { refuse as err, ok, type Result } from '../games/errors.ts';
import type { UserRow } from '../store/account-store.ts';
import { takeDaily } from '../store/daily-limit.ts';
import type { FriendStore, PersonRow } from './store.ts';

/** A player counts as online this long after the app last asked for its friends. */
const SEEN_MS = 90_000;
/** How often one process stores an account's presence at most. */
const SEEN_WRITE_MS = 20_000;
/** Names a search answers at most. */
const SEARCH_LIMIT = 20;

/** What the friends service needs. */
export interface FriendDeps {
  readonly store: FriendStore;
  readonly games: GameService;
  readonly user: (id: string) => Promise<UserRow | null>;
  /** Seats with a live connection at a game (realtime/presence.ts). */
  readonly connected: (gameId: string) => Set<number>;
  /** Which of these accounts are bots (botapi/), to mark them as bots. */
  readonly botsAmong?: (userIds: readonly string[]) => Promise<Set<string>>;
  readonly now?: () => number;
}

/** A person as the wire shows them (a bot account marked as one). */
function person(r: PersonRow, bots: ReadonlySet<string> = new Set()): Person {
  return {
    id: r.id,
    name: r.name ?? 'Player',
    colour: colourOf(r),
    ...(bots.has(r.id) ? { bot: true } : {}),
  };
}

/** Friend requests, the friends list, blocks and search. */
export class FriendService {
  /** When this process last stored each account's presence: one write per account per SEEN_WRITE_MS. */
  private readonly written = new Map<string, number>();

  constructor(private readonly d: FriendDeps) {}

  private now(): number {
    return this.d.now?.() ?? Date.now();
  }

  /**
   * Marks an account as having the app open now, in the store (so every process sees it); the
   * friends list is polled, so a write at most every SEEN_WRITE_MS per account is enough.
   */
  async touch(userId: string): Promise<void> {
    const now = this.now();
    if (now - (this.written.get(userId) ?? -Infinity) < SEEN_WRITE_MS) return;
    this.written.set(userId, now);
    if (this.written.size > 100_000) {
      for (const [k, at] of this.written) if (at < now - SEEN_WRITE_MS) this.written.delete(k);
    }
    await this.d.store.seen(userId, now);
  }

  /** The account a target names (a seat of a finished game needs `me` to have played there). */
  async resolve(me: UserRow, to: SocialTarget): Promise<Result<UserRow>> {
    let id: string | null;
    if ('userId' in to) id = to.userId;
    else {
      const game = await this.d.games.snapshot(to.gameId);
      if (!game || game.record.status !== 'over' || !(await this.d.store.satAt(me.id, to.gameId)))
        return err('NOT_FOUND', 'You can add players of a finished game you played in.', 404);
      id = await this.d.store.seatUser(to.gameId, to.seat);
    }
    if (id === me.id) return err('NOT_YOURSELF', 'That is you.', 400);
    const row = id ? await this.d.user(id) : null;
    // A blocked person learns nothing more than "no such player".
    if (!row || row.kind !== 'account' || (await this.d.store.blockedEitherWay(me.id, row.id)))
      return err(
        'NOT_FOUND',
        'No such player (guests cannot be added until they make a passkey).',
        404,
      );
    return ok(row);
  }

  /** Asks `to` to be friends, or accepts their request if they already asked. */
  async request(me: UserRow, to: SocialTarget): Promise<Result<Relation>> {
    const target = await this.resolve(me, to);
    if (!target.ok) return target;
    const other = target.value.id;
    const rel = await this.d.store.relation(me.id, other);
    if (rel === 'friend' || rel === 'outgoing') return ok(rel);
    if (rel === 'blocked') return err('NOT_FOUND', 'Unblock this player first.', 409);
    if (rel === 'incoming') {
      await this.d.store.accept(me.id, other, this.now());
      return ok('friend');
    }
    if (!(await takeDaily(this.dbOf(), me.id, 'friend', FRIEND_REQUESTS_PER_DAY, this.now())))
      return err('DAILY_LIMIT', `At most ${FRIEND_REQUESTS_PER_DAY} friend requests a day.`, 429);
    await this.d.store.request(me.id, other, this.now());
    return ok('outgoing');
  }

  /** Accepts a request from `other`. */
  async accept(me: UserRow, other: string): Promise<Result<Relation>> {
    if ((await this.d.store.relation(me.id, other)) !== 'incoming')
      return err('NOT_FOUND', 'No friend request from this player.', 404);
    await this.d.store.accept(me.id, other, this.now());
    return ok('friend');
  }

  /** Declines a request, withdraws one's own, or ends a friendship. */
  async remove(me: UserRow, other: string): Promise<Result<Relation>> {
    const rel = await this.d.store.relation(me.id, other);
    if (rel === 'blocked') return ok(rel);
    await this.d.store.remove(me.id, other);
    return ok('none');
  }

  /** Blocks an account: no friendship, no challenges, no chat shown, not found by search. */
  async block(me: UserRow, other: string): Promise<Result<Relation>> {
    if (other === me.id) return err('NOT_YOURSELF', 'That is you.', 400);
    const row = await this.d.user(other);
    if (!row) return err('NOT_FOUND', 'No such player.', 404);
    await this.d.store.block(me.id, other, this.now());
    return ok('blocked');
  }

  /** Lifts a block. */
  async unblock(me: UserRow, other: string): Promise<Result<Relation>> {
    await this.d.store.unblock(me.id, other);
    return ok(await this.d.store.relation(me.id, other));
  }

  /** How `other` stands to `me` (someone who blocked `me` looks like "none"). */
  relation(me: UserRow, other: string): Promise<Relation> {
    return this.d.store.relation(me.id, other);
  }

  /** Whether either account blocked the other (challenges and chat honour it). */
  blockedEitherWay(x: string, y: string): Promise<boolean> {
    return this.d.store.blockedEitherWay(x, y);
  }

  /** Whom `blocker` blocked among `ids` (the chat hook hides their messages). */
  blockedAmong(blocker: string, ids: readonly string[]): Promise<Set<string>> {
    return this.d.store.blockedAmong(blocker, ids);
  }

  /** Blocks between the accounts seated at a game (the chat hides a blocked seat from its blocker). */
  blocksAt(gameId: string): Promise<[number, number][]> {
    return this.d.store.blocksAt(gameId);
  }

  /** Finds accounts by part of a name. */
  async search(me: UserRow, q: string): Promise<FriendSearch> {
    const rows = await this.d.store.search(me.id, q, SEARCH_LIMIT);
    const bots = await this.bots(rows.map((r) => r.id));
    const players = await Promise.all(
      rows.map(async (r) => ({
        ...person(r, bots),
        relation: await this.d.store.relation(me.id, r.id),
      })),
    );
    return { players };
  }

  /** The friends list: friends with what they are doing, requests both ways, blocks. */
  async list(me: UserRow): Promise<Friends> {
    await this.touch(me.id);
    const rows = await this.d.store.rows(me.id);
    const blockedRows = await this.d.store.blocked(me.id);
    const bots = await this.bots([...rows.map((r) => r.other.id), ...blockedRows.map((r) => r.id)]);
    const who = (r: PersonRow) => person(r, bots);
    const accepted = rows.filter((r) => r.status === 'accepted');
    const ids = accepted.map((r) => r.other.id);
    const playing = await this.d.store.playing(ids);
    const seen = await this.d.store.seenSince(ids, this.now() - SEEN_MS);
    const friends: Friend[] = [];
    for (const r of accepted) {
      const games = playing.filter((p) => p.userId === r.other.id);
      let online = seen.has(r.other.id);
      const mine: Friend['playing'] = [];
      for (const g of games) {
        if (this.d.connected(g.gameId).has(g.seat)) online = true;
        const snap = await this.d.games.snapshot(g.gameId);
        if (snap?.state) mine.push({ gameId: g.gameId, toMove: snap.state.current === g.seat });
      }
      friends.push({ ...who(r.other), online, playing: mine, since: r.at });
    }
    friends.sort((x, y) => Number(y.online) - Number(x.online) || x.name.localeCompare(y.name));
    const pending = rows.filter((r) => r.status === 'pending');
    return {
      friends,
      incoming: pending.filter((r) => r.requester !== me.id).map((r) => who(r.other)),
      outgoing: pending.filter((r) => r.requester === me.id).map((r) => who(r.other)),
      blocked: blockedRows.map(who),
    };
  }

  private bots(ids: readonly string[]): Promise<Set<string>> {
    return this.d.botsAmong?.(ids) ?? Promise.resolve(new Set());
  }

  private dbOf() {
    return this.d.store.database;
  }
}
