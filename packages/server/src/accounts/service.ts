// Identity: guests made silently per device, accounts with passkeys, the seats each holds, and
// what a profile shows. HTTP and sessions are the routes' business (http/routes/account.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import {
  AVATAR_COLOURS,
  LooksSchema,
  type Looks,
  type AccountGame,
  type AvatarColour,
  type Passkey,
  type PresetStats,
  type User,
} from '@zilch/protocol';
import { ok, refuse, type Result } from '../games/errors.ts';
import type { GameService } from '../games/service.ts';
import type { GameView } from '../games/view.ts';
import { seedOf } from '../games/tokens.ts';
import type { AccountStore, PasskeyRow, UserRow } from '../store/account-store.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery.ts';
import type { NewPasskey } from './webauthn.ts';

/** The name a deleted account's seats take in the games that stay. */
const DELETED_NAME = 'Deleted player';

/** The account service: users, their seats, passkeys, recovery codes and statistics. */
export class AccountService {
  constructor(
    readonly store: AccountStore,
    private readonly games: GameService,
  ) {}

  /** A user as the wire shows it, or null when the row is gone (deleted elsewhere). */
  async user(id: string): Promise<User | null> {
    const row = await this.store.user(id);
    return row ? this.toUser(row) : null;
  }

  /** The wire shape of a stored user. */
  async toUser(row: UserRow): Promise<User> {
    const { passkeys, codes } = await this.store.counts(row.id);
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      colour: colourOf(row),
      looks: looksOf(row),
      createdAt: Number(row.created_at),
      passkeys,
      recoveryCodesLeft: codes,
    };
  }

  /** A new guest: one device's identity until it registers a passkey. */
  async newGuest(): Promise<UserRow> {
    const id = randomUUID();
    const row: UserRow = {
      id,
      kind: 'guest',
      name: null,
      colour: AVATAR_COLOURS[seedOf(id) % AVATAR_COLOURS.length]!,
      looks: null,
      webauthn_id: randomBytes(32).toString('base64url'),
      created_at: Date.now(),
    };
    await this.store.addUser(row);
    return row;
  }

  /** Changes the display name, avatar colour, or the dice and felt. */
  async updateProfile(
    userId: string,
    set: { name?: string; colour?: AvatarColour; looks?: Looks },
  ) {
    const { looks, ...rest } = set;
    await this.store.updateUser(userId, {
      ...rest,
      ...(looks ? { looks: JSON.stringify(looks) } : {}),
    });
  }

  /**
   * Links the seats this device holds tokens for to the user (seats an account holds stay
   * its own); a user without a name takes the name of a seat. Answers how many are linked.
   */
  async linkSeats(userId: string, seats: { gameId: string; token: string }[]): Promise<number> {
    let linked = 0;
    let named = (await this.store.user(userId))?.name ?? null;
    for (const { gameId, token } of seats) {
      const seat = await this.games.seatOf(gameId, token);
      if (typeof seat !== 'number') continue;
      if (!(await this.store.linkSeat(userId, gameId, seat, Date.now()))) continue;
      linked += 1;
      if (named === null) {
        const name = (await this.games.snapshot(gameId))?.record.seats[seat]?.name;
        if (name && !/^Player \d+$/.test(name)) {
          named = name;
          await this.store.updateUser(userId, { name });
        }
      }
    }
    return linked;
  }

  /**
   * Takes a seat as this account (the only way into a rated table's seats): the seat is linked
   * to the account first, then claimed under the account's name.
   */
  async claimSeat(
    row: UserRow,
    gameId: string,
    token: string,
    seed: string | undefined,
  ): Promise<Result<{ seat: number; view: GameView }>> {
    if (row.kind !== 'account')
      return refuse(
        'ACCOUNT_REQUIRED',
        'Add a passkey first: only accounts take seats at rated tables.',
        403,
      );
    const seat = await this.games.seatOf(gameId, token);
    if (typeof seat !== 'number')
      return refuse('UNAUTHORIZED', 'This link does not open a seat of this game.', 403);
    // One account, both seats: not a game between two players.
    const held = (await this.store.seatsOf(row.id)).filter((s) => s.gameId === gameId);
    if (held.some((s) => s.seat !== seat) && (await this.games.isRated(gameId)))
      return refuse(
        'NOT_RATEABLE',
        'You already sit at this rated table: the other seat is for another account.',
        409,
      );
    if (!(await this.store.linkSeat(row.id, gameId, seat, Date.now())))
      return refuse('UNAUTHORIZED', 'Another account holds this seat.', 403);
    return this.games.claim(gameId, token, row.name ?? `Player ${seat + 1}`, seed, true);
  }

  /** The user's games, newest first, each with the seats the user holds there. */
  async gamesOf(userId: string, limit = 100): Promise<AccountGame[]> {
    const seats = await this.store.seatsOf(userId);
    const mine = new Map<string, number[]>();
    for (const s of seats) mine.set(s.gameId, [...(mine.get(s.gameId) ?? []), s.seat]);
    if (mine.size === 0) return [];
    const games = await this.games.list({ ids: [...mine.keys()], limit });
    return games.map((g) => ({ ...g, yourSeats: (mine.get(g.id) ?? []).sort((a, b) => a - b) }));
  }

  /** Fresh seat tokens for this device for every seat the user holds in a game. */
  async mintTokens(
    userId: string,
    gameId: string,
  ): Promise<Result<{ gameId: string; seats: { seat: number; token: string }[] }>> {
    const seats = (await this.store.seatsOf(userId)).filter((s) => s.gameId === gameId);
    if (seats.length === 0) return refuse('UNAUTHORIZED', 'You hold no seat in this game.', 403);
    const out: { seat: number; token: string }[] = [];
    for (const { seat } of seats) {
      out.push({ seat, token: await this.games.mintToken(gameId, seat) });
    }
    return ok({ gameId, seats: out });
  }

  /** Statistics over the user's finished games, per rule set, most played first. */
  async stats(userId: string): Promise<PresetStats[]> {
    const by = new Map<
      string,
      { games: number; wins: number; turns: number; points: number; zilches: number; best: number }
    >();
    for (const r of await this.store.results(userId)) {
      const rules = rulesName(r.rulesJson);
      const s = by.get(rules) ?? { games: 0, wins: 0, turns: 0, points: 0, zilches: 0, best: 0 };
      s.games += 1;
      s.wins += r.won ? 1 : 0;
      s.turns += r.turns;
      s.points += r.points;
      s.zilches += r.zilches;
      s.best = Math.max(s.best, r.score);
      by.set(rules, s);
    }
    return [...by.entries()]
      .map(([rules, s]) => ({
        rules,
        games: s.games,
        wins: s.wins,
        averageTurn: s.turns === 0 ? 0 : s.points / s.turns,
        zilchRate: s.turns === 0 ? 0 : s.zilches / s.turns,
        bestScore: s.best,
      }))
      .sort((a, b) => b.games - a.games || a.rules.localeCompare(b.rules));
  }

  /** The user's passkeys for the list on the profile. */
  async passkeys(userId: string): Promise<Passkey[]> {
    return (await this.store.passkeys(userId)).map((p) => ({
      id: p.id,
      label: p.label,
      createdAt: p.createdAt,
      lastUsedAt: p.lastUsedAt,
      backedUp: p.backedUp,
    }));
  }

  /**
   * Stores a verified passkey. The first one makes a guest an account and answers its recovery
   * codes (shown once).
   */
  async addPasskey(
    userId: string,
    p: NewPasskey,
    label: string | undefined,
  ): Promise<{ recoveryCodes?: string[] }> {
    const row = await this.store.user(userId);
    const existing = await this.store.passkeys(userId);
    const stored: PasskeyRow = {
      ...p,
      userId,
      label: label ?? `Passkey ${existing.length + 1}`,
      createdAt: Date.now(),
      lastUsedAt: null,
    };
    await this.store.addPasskey(stored);
    if (row?.kind === 'guest') {
      await this.store.updateUser(userId, { kind: 'account' });
      return { recoveryCodes: await this.newCodes(userId) };
    }
    return {};
  }

  /** Removes a passkey; the last one stays (the account would be locked out but for codes). */
  async removePasskey(userId: string, id: string): Promise<Result<null>> {
    const all = await this.store.passkeys(userId);
    if (!all.some((p) => p.id === id))
      return refuse('UNKNOWN_PASSKEY', 'This account has no such passkey.', 404);
    if (all.length === 1)
      return refuse(
        'LAST_PASSKEY',
        'This is your only passkey: add another one before removing it.',
        409,
      );
    await this.store.removePasskey(userId, id);
    return ok(null);
  }

  /** New recovery codes for an account; the old ones stop working. */
  async newCodes(userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.store.replaceCodes(userId, codes.map(hashRecoveryCode), Date.now());
    return codes;
  }

  /** Signs in with a recovery code (which is then used up): the account, or a refusal. */
  async useRecoveryCode(code: string): Promise<Result<string>> {
    const userId = await this.store.useCode(hashRecoveryCode(code));
    return userId
      ? ok(userId)
      : refuse('BAD_RECOVERY_CODE', 'This recovery code is not valid or was used already.', 401);
  }

  /**
   * A device's session becomes an account: a guest it was carries its seats over, then goes.
   * Answers the account's id.
   */
  async signedIn(previous: string | undefined, accountId: string): Promise<void> {
    if (!previous || previous === accountId) return;
    const was = await this.store.user(previous);
    if (was?.kind !== 'guest') return;
    await this.store.moveSeats(previous, accountId);
    await this.store.deleteUser(previous);
  }

  /** Deletes a user: its games stay, its seats renamed, its identity and sessions gone. */
  async deleteUser(userId: string): Promise<void> {
    for (const { gameId, seat } of await this.store.seatsOf(userId)) {
      await this.games.renameSeat(gameId, seat, DELETED_NAME);
      await this.store.renameResults(gameId, seat, DELETED_NAME);
    }
    await this.store.deleteUser(userId);
  }
}

/** The stored dice and felt, or null when none were chosen or they no longer parse. */
function looksOf(row: Pick<UserRow, 'looks'>): Looks | null {
  if (!row.looks) return null;
  try {
    const r = LooksSchema.safeParse(JSON.parse(row.looks));
    return r.success ? r.data : null;
  } catch (_e) {
    return null;
  }
}

/** The stored colour if it is one of the palette's (else the first). */
export function colourOf(row: Pick<UserRow, 'colour'>): AvatarColour {
  const c = row.colour as AvatarColour;
  return AVATAR_COLOURS.includes(c) ? c : AVATAR_COLOURS[0];
}

/** The name of a stored rule set (its JSON). */
function rulesName(json: string): string {
  try {
    const r = JSON.parse(json) as { name?: unknown };
    return typeof r.name === 'string' ? r.name : 'custom';
  } catch {
    return 'custom';
  }
}
