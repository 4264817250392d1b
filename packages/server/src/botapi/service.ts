// The bot API's rules (docs/bot-api.md): bot accounts (an explicit, permanent step), scoped API
// tokens (shown once, kept as their SHA-256), who a bearer token speaks for, per-token rate
// limits and game caps, games against the server's bots, and moves through the same action path
// and typed refusals the socket uses.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { keepChoices, legalActions, type GameState } from '@zilch/engine';
import {
  AVATAR_COLOURS,
  BOT_SCOPES,
  TOKENS_PER_ACCOUNT,
  type BotAccount,
  type BotAiBody,
  type BotChoice,
  type BotGameStart,
  type BotLeaderboard,
  type BotProfile,
  type BotMoveBody,
  type BotMoved,
  type BotScope,
  type BotTokenInfo,
  type NewBotToken,
  type NewBotTokenBody,
} from '@zilch/protocol';
import { ok, refuse, type Result } from '../games/errors.ts';
import type { GameService } from '../games/service.ts';
import type { UserRow } from '../store/account-store.ts';
import { houseBotAccounts, houseBotOf } from './house.ts';
import { botProfile } from './profile.ts';
import type { BotStore, BotTokenRow } from './store.ts';

/** Limits per token and per bot account. */
export interface BotLimits {
  /** Calls per second per token (bursts of twice that). */
  readonly actionsPerSecond: number;
  /** Games in play at once per bot account. */
  readonly games: number;
  /** Streams open at once per token. */
  readonly streams: number;
  /** How often a stream checks its token and the store for news (ms). */
  readonly pollMs: number;
  /** Quiet time after which a stream sends a keep-alive (ms): proxies drop idle connections after a minute or so. */
  readonly keepAliveMs: number;
}

/** The default limits: generous for a bot, small next to the server's capacity. */
const DEFAULT_BOT_LIMITS: BotLimits = {
  actionsPerSecond: 20,
  games: 8,
  streams: 12,
  pollMs: 500,
  keepAliveMs: 7_000,
};

/** What the bot API needs (wired in server.ts). */
export interface BotApiDeps {
  readonly store: BotStore;
  readonly games: GameService;
  readonly user: (id: string) => Promise<UserRow | null>;
  readonly linkSeat: (userId: string, gameId: string, seat: number, at: number) => Promise<unknown>;
  readonly limits?: Partial<BotLimits>;
  readonly now?: () => number;
}

/** Who a bearer token speaks for. */
export interface BotCaller {
  readonly token: BotTokenRow;
  readonly user: UserRow;
  readonly scopes: ReadonlySet<BotScope>;
  readonly bot: boolean;
}

/** The SHA-256 of a token's secret, hex: what the store keeps and looks tokens up by. */
function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function scopesOf(row: BotTokenRow): BotScope[] {
  return row.scopes
    .split(' ')
    .filter((s): s is BotScope => (BOT_SCOPES as readonly string[]).includes(s));
}

function infoOf(row: BotTokenRow): BotTokenInfo {
  return {
    id: row.id,
    label: row.label,
    scopes: scopesOf(row),
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

/** The legal moves of `seat` now, with where each leaves the turn (empty: not its move). */
export function choicesFor(state: GameState | null, seat: number): BotChoice[] {
  if (!state || state.phase === 'over' || state.current !== seat) return [];
  if (state.phase === 'keep')
    return keepChoices(state).flatMap((c) => {
      const keep = { type: 'keep' as const, dice: c.positions };
      const one = { total: c.total, diceLeft: c.diceLeft };
      return c.canBank
        ? [
            { move: keep, ...one },
            { move: { ...keep, then: 'bank' as const }, ...one },
          ]
        : [{ move: keep, ...one }];
    });
  return legalActions(state).flatMap((a): BotChoice[] =>
    a.type === 'fresh' || a.type === 'inherit' || a.type === 'roll' || a.type === 'bank'
      ? [
          {
            move: { type: a.type },
            total: a.type === 'inherit' ? (state.offer?.points ?? 0) : state.turn.total,
            diceLeft:
              a.type === 'inherit'
                ? (state.offer?.dice ?? state.rules.dice)
                : a.type === 'fresh'
                  ? state.rules.dice
                  : state.turn.available,
          },
        ]
      : [],
  );
}

/** Bot accounts, tokens and bot play. */
export class BotApiService {
  readonly limits: BotLimits;
  /** Per-token buckets: tokens left and when they were last topped up. */
  private readonly buckets = new Map<string, { left: number; at: number }>();
  /** When each token's last use was written (at most once a minute). */
  private readonly noted = new Map<string, number>();
  /** Streams open here per token: each entry ends its stream. */
  private readonly streams = new Map<string, Set<(reason: 'revoked' | 'shutdown') => void>>();

  constructor(private readonly d: BotApiDeps) {
    this.limits = { ...DEFAULT_BOT_LIMITS, ...d.limits };
  }

  private now(): number {
    return this.d.now?.() ?? Date.now();
  }

  /** Whether an account is a bot. */
  isBot(userId: string): Promise<boolean> {
    return this.d.store.isBot(userId);
  }

  /** The profile's view: bot or not, and the tokens. */
  async account(me: UserRow): Promise<BotAccount> {
    const [bot, rows] = await Promise.all([
      this.d.store.isBot(me.id),
      this.d.store.tokensOf(me.id),
    ]);
    return { bot, tokens: rows.map(infoOf) };
  }

  /** Makes an account a bot, for good. */
  async makeBot(me: UserRow): Promise<BotAccount> {
    await this.d.store.makeBot(me.id, this.now());
    return this.account(me);
  }

  /** Makes a token; its secret is in this answer only. */
  async newToken(me: UserRow, body: NewBotTokenBody): Promise<Result<NewBotToken>> {
    const scopes = [...new Set(body.scopes)].sort();
    if (scopes.includes('bot:play') && !(await this.d.store.isBot(me.id)))
      return refuse(
        'NOT_A_BOT',
        'A bot:play token needs a bot account: make this a bot account first (on your profile).',
        403,
      );
    const live = (await this.d.store.tokensOf(me.id)).filter((t) => t.revoked_at === null);
    if (live.length >= TOKENS_PER_ACCOUNT)
      return refuse(
        'DAILY_LIMIT',
        `At most ${TOKENS_PER_ACCOUNT} tokens at once: revoke one first.`,
        429,
      );
    const secret = `zilch_${randomBytes(32).toString('base64url')}`;
    const row: BotTokenRow = {
      id: randomUUID(),
      user_id: me.id,
      hash: hashToken(secret),
      label: body.label.trim(),
      scopes: scopes.join(' '),
      created_at: this.now(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.d.store.addToken(row);
    return ok({ ...infoOf(row), token: secret });
  }

  /** Revokes a token: its streams on this process end at once (others' at their next check). */
  async revoke(me: UserRow, id: string): Promise<Result<BotAccount>> {
    if (!(await this.d.store.revoke(me.id, id, this.now())))
      return refuse('NOT_FOUND', 'No such token (or it was revoked already).', 404);
    this.endStreams(id, 'revoked');
    return ok(await this.account(me));
  }

  /** Ends every stream of a token open here. */
  endStreams(tokenId: string, reason: 'revoked' | 'shutdown'): void {
    for (const end of [...(this.streams.get(tokenId) ?? [])]) end(reason);
  }

  /** Ends every stream open here (graceful shutdown). */
  endAll(): void {
    for (const id of [...this.streams.keys()]) this.endStreams(id, 'shutdown');
  }

  /** Registers a stream of a token; answers its unregister, or null when the token has too many. */
  openStream(tokenId: string, end: (reason: 'revoked' | 'shutdown') => void): (() => void) | null {
    const set = this.streams.get(tokenId) ?? new Set();
    if (set.size >= this.limits.streams) return null;
    set.add(end);
    this.streams.set(tokenId, set);
    return () => {
      set.delete(end);
      if (set.size === 0) this.streams.delete(tokenId);
    };
  }

  /** Whether a token is still live (a stream's periodic check, which sees other processes' revokes). */
  live(tokenId: string): Promise<boolean> {
    return this.d.store.live(tokenId);
  }

  /**
   * Who a bearer token speaks for, if it holds `scope` (any of several) and is within its rate:
   * unknown or revoked tokens are UNAUTHORIZED, a missing scope MISSING_SCOPE, bot:play from a
   * person NOT_A_BOT, too many calls RATE_LIMITED.
   */
  async authorize(
    secret: string | undefined,
    scope: BotScope | readonly BotScope[],
  ): Promise<Result<BotCaller>> {
    if (!secret)
      return refuse('UNAUTHORIZED', 'Send your API token as `Authorization: Bearer <token>`.', 401);
    const row = await this.d.store.byHash(hashToken(secret));
    if (!row) return refuse('UNAUTHORIZED', 'This API token is unknown or was revoked.', 401);
    if (!this.take(row.id))
      return refuse(
        'RATE_LIMITED',
        `Too many calls with this token: at most ${this.limits.actionsPerSecond} a second.`,
        429,
      );
    const scopes = new Set(scopesOf(row));
    const wanted = typeof scope === 'string' ? [scope] : scope;
    if (!wanted.some((s) => scopes.has(s)))
      return refuse(
        'MISSING_SCOPE',
        `This call needs a token with the ${wanted.join(' or ')} scope.`,
        403,
      );
    const user = await this.d.user(row.user_id);
    if (!user || user.kind !== 'account')
      return refuse('UNAUTHORIZED', 'The account of this token is gone.', 401);
    const bot = await this.d.store.isBot(user.id);
    if (wanted.length === 1 && wanted[0] === 'bot:play' && !bot)
      return refuse('NOT_A_BOT', 'Only bot accounts play through the API.', 403);
    const now = this.now();
    if (now - (this.noted.get(row.id) ?? 0) > 60_000) {
      this.noted.set(row.id, now);
      void this.d.store.used(row.id, now).catch(() => undefined);
    }
    return ok({ token: row, user, scopes, bot });
  }

  /** One call from a token's bucket; false when it is empty. */
  private take(tokenId: string): boolean {
    const rate = this.limits.actionsPerSecond;
    const now = this.now();
    const b = this.buckets.get(tokenId) ?? { left: rate * 2, at: now };
    b.left = Math.min(rate * 2, b.left + ((now - b.at) / 1000) * rate);
    b.at = now;
    this.buckets.set(tokenId, b);
    if (this.buckets.size > 50_000) this.buckets.delete(this.buckets.keys().next().value as string);
    if (b.left < 1) return false;
    b.left -= 1;
    return true;
  }

  /** Refuses a bot already at its cap of games in play. */
  async roomForGame(me: UserRow): Promise<Result<null>> {
    const n = await this.d.store.gamesInPlay(me.id);
    return n >= this.limits.games
      ? refuse(
          'TOO_MANY_GAMES',
          `At most ${this.limits.games} games at once: finish one first.`,
          429,
        )
      : ok(null);
  }

  /** A game against one of the server's bots, started at once: the caller takes seat 0. */
  async playAi(me: UserRow, body: BotAiBody): Promise<Result<BotGameStart>> {
    const room = await this.roomForGame(me);
    if (!room.ok) return room;
    const name = me.name ?? 'Bot';
    const made = await this.d.games.create(
      {
        rules: body.rules ?? 'classic',
        seats: [
          { kind: 'human', name },
          { kind: 'bot', bot: body.bot },
        ],
        turnTimerSeconds: body.turnTimerSeconds ?? 60,
      },
      // A bot that stops answering: the game is called off before its first move, and forfeited
      // after three timed-out decisions in a row (the absent-player rule of quick match).
      { abortUnmoved: true, forfeitAfter: 3 },
    );
    if (!made.ok) return made;
    const { gameId } = made.value;
    await this.d.linkSeat(me.id, gameId, 0, this.now());
    const claimed = await this.d.games.claim(
      gameId,
      made.value.seats[0]!.token!,
      name,
      undefined,
      false,
      me.id,
    );
    if (!claimed.ok) return claimed;
    return ok({ gameId, seat: 0 });
  }

  /** The caller's seat at a game. */
  async seatOf(me: UserRow, gameId: string): Promise<Result<number>> {
    const seat = await this.d.store.seatAt(me.id, gameId);
    return seat === null ? refuse('NOT_FOUND', 'You hold no seat at that game.', 404) : ok(seat);
  }

  /** Plays a move for the caller's seat: the socket's path, so the same checks and refusals. */
  async move(me: UserRow, gameId: string, body: BotMoveBody): Promise<Result<BotMoved>> {
    const seat = await this.seatOf(me, gameId);
    if (!seat.ok) return seat;
    const r = await this.d.games.act(gameId, seat.value, body.clientId, body.move, 'player');
    return r.ok ? ok({ seq: r.value.seq, repeated: r.value.repeated, events: r.value.events }) : r;
  }

  /** The bot ladder of a preset: bot accounts by rating in its rated games. */
  async leaderboard(preset: string): Promise<BotLeaderboard> {
    const rows = await this.d.store.ladder(preset, 100);
    return {
      preset,
      rows: rows.map((r, i) => {
        const house = houseBotOf(r.user_id);
        return {
          rank: i + 1,
          botId: r.user_id,
          name: r.name ?? 'Bot',
          bot: true as const,
          ...(house ? { house } : {}),
          rating: Math.round(Number(r.rating)),
          deviation: Math.round(Number(r.rd)),
          games: Number(r.games),
          wins: Number(r.wins),
        };
      }),
    };
  }

  /** An account's seats at games in play, and at games that ended since `since`. */
  recentSeats(me: UserRow, since: number) {
    return this.d.store.recentSeats(me.id, since);
  }

  /** Makes the built-in bots' accounts (at start), so they take challenges as accounts. */
  ensureHouseBots(): Promise<void> {
    return this.d.store.ensureHouse(houseBotAccounts(), AVATAR_COLOURS[0], this.now());
  }

  /** A bot's page: its ratings on the bot ladder and its newest games. */
  profile(id: string): Promise<Result<BotProfile>> {
    return botProfile(this.d.store, id);
  }
}
