import { resolve } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { defaultCacheDir } from '@zilch/strategy/node';
import { z } from 'zod';
import { DEFAULT_PUSH_HOSTS, parseHostList } from '../push/endpoint.ts';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const int = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Every setting the server reads, by environment variable name; flags of `zilch serve` map onto these. */
export const EnvSchema = z.object({
  PORT: int(0, 65535, 3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  ZILCH_DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** PostgreSQL schema to use (tests give each run its own). */
  ZILCH_PG_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'lowercase letters, digits and _ only')
    .optional(),
  ZILCH_PG_POOL: int(1, 200, 20),
  /** PostgreSQL group commit: batches of action appends in flight at once (0: one commit per action). */
  ZILCH_PG_GROUP_COMMIT: int(0, 64, 2),
  /** PostgreSQL: most hot statement texts run as named (prepared) statements (0: every one parsed anew). */
  ZILCH_PG_PREPARED: int(0, 1000, 100),
  /** Games kept in memory (active ones first); more reload from the store and replay their log. */
  ZILCH_GAME_CACHE: int(100, 1_000_000, 2000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  LOG_LEVEL: z.enum(LEVELS).default('info'),
  ZILCH_TEST_DICE: flag,
  ZILCH_BOT_DELAY_MS: int(0, 60_000, 600),
  ZILCH_ABSENT_GRACE_MS: int(1000, 86_400_000, 30_000),
  ZILCH_LEASE_MS: int(1000, 600_000, 15_000),
  ZILCH_RATE_LIMIT: int(1, 1_000_000, 600),
  ZILCH_SOCKET_ACTIONS_PER_SECOND: int(1, 10_000, 20),
  /** Requests per minute and address to the costly routes: table creation, rematch, advice. */
  ZILCH_COSTLY_RATE_LIMIT: int(1, 1_000_000, 60),
  ZILCH_BODY_LIMIT: int(1024, 10_485_760, 65_536),
  /** Puzzle answers per minute and address. */
  ZILCH_PUZZLE_RATE_LIMIT: int(1, 1_000_000, 30),
  /** Seconds of self-play per preset to make an empty puzzle bank at start (0: never). */
  ZILCH_PUZZLE_SECONDS: int(0, 3600, 20),
  /** How often finished games not yet mined for puzzles are looked for, ms (0: never mine games). */
  ZILCH_PUZZLE_MINE_MS: int(0, 86_400_000, 60_000),
  /** Most puzzles cut from one stored game. */
  ZILCH_PUZZLE_PER_GAME: int(1, 50, 3),
  ZILCH_WEB_DIR: z.string().min(1).optional(),
  ZILCH_CACHE_DIR: z.string().min(1).optional(),
  /** Read the shipped presets' cached solutions into shared memory at start (default on). */
  ZILCH_PRELOAD_SOLUTIONS: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === undefined || v === '1' || v === 'true'),
  /** Threads of the strategy pool (advice, advised bots). */
  ZILCH_STRATEGY_WORKERS: int(1, 16, 1),
  /** Strategy jobs that may wait for a thread; beyond it advice is refused BUSY and bots play simpler. */
  ZILCH_STRATEGY_QUEUE: int(1, 10_000, 16),
  /** Longest a strategy job may take (ms) before it is stopped. */
  ZILCH_STRATEGY_BUDGET_MS: int(100, 600_000, 30_000),
  /** Nice value of the strategy threads on Linux (0–19): solves yield a shared core to players. */
  ZILCH_STRATEGY_NICE: int(0, 19, 10),
  /** Resident memory (MB) the server keeps under; exact solves that would not fit are not made. */
  ZILCH_MEMORY_CEILING_MB: int(400, 1_048_576, 1024),
  /** Longest a SIGTERM drain may take (ms); past it what is left is closed and the process exits. */
  ZILCH_DRAIN_MS: int(500, 60_000, 8000),
  /** Guests (silent identities) one client address may make per hour. */
  ZILCH_GUESTS_PER_IP_HOUR: int(1, 1_000_000, 30),
  /** Which proxies to believe about the client address: false, true, a hop count, or addresses/CIDRs. */
  ZILCH_TRUST_PROXY: z
    .string()
    .refine(
      (v) => trustProxyValid(v),
      'false, true, a hop count, or a comma list of addresses/CIDRs (or loopback, linklocal, uniquelocal)',
    )
    .default('false'),
  ZILCH_SOCKETS_PER_IP: int(1, 100_000, 50),
  ZILCH_SOCKET_MESSAGES_PER_IP: int(1, 1_000_000, 200),
  /** Refused messages a socket may send within 10 s before it is disconnected. */
  ZILCH_SOCKET_MAX_REFUSALS: int(1, 100_000, 40),
  /** Origins whose pages may open sockets (comma list); unset: the request's own host only. */
  ZILCH_ALLOWED_ORIGINS: z.string().min(1).optional(),
  /** The passkeys' relying party ID (the site's host name, e.g. zilch.example); unset: the request's host. */
  ZILCH_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a host name, without scheme or port')
    .optional(),
  /** Page origins passkeys may be used from (comma list); unset: https://<ZILCH_RP_ID>, or the request's own origin. */
  ZILCH_RP_ORIGINS: z.string().min(1).optional(),
  /** The site's name an authenticator shows when a passkey is made. */
  ZILCH_RP_NAME: z.string().min(1).max(64).default('Zilch'),
  /** Key signing session cookies (32+ characters); unset: one made once and kept in the store. */
  ZILCH_SESSION_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  /** Requests per minute and address to the sign-in, passkey and recovery routes. */
  ZILCH_AUTH_RATE_LIMIT: int(1, 1_000_000, 30),
  /** Web Push VAPID key pair (base64url, `npx web-push generate-vapid-keys`); unset: made once, kept in the store. */
  ZILCH_VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'a base64url P-256 public key')
    .optional(),
  ZILCH_VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'a base64url P-256 private key')
    .optional(),
  /** Contact the push services may use: mailto: or https: URL. */
  ZILCH_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https:// URL')
    .default('mailto:admin@localhost'),
  /** Notifications sent at once, waiting at most, and the deadline of one send (ms). */
  ZILCH_PUSH_CONCURRENCY: int(1, 1000, 16),
  ZILCH_PUSH_QUEUE: int(1, 1_000_000, 10_000),
  ZILCH_PUSH_TIMEOUT_MS: int(100, 120_000, 10_000),
  /** Push services' hosts endpoints may be on (comma list; `*.domain`, `*` for any public host). */
  ZILCH_PUSH_HOSTS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const r = v === undefined ? null : parseHostList(v);
      if (r && !r.ok)
        ctx.addIssue({
          code: 'custom',
          message: `host names, *.domain or * (comma list); not hosts: ${r.bad.join(', ') || '(empty)'}`,
        });
    }),
  /** Tests only: accept http:// push endpoints that lead to loopback (a local push service). */
  ZILCH_PUSH_HTTP_ENDPOINTS: flag,
  /** Quick match: rating difference accepted at once, added per second of waiting, and the widest. */
  ZILCH_MATCH_RANGE: int(0, 10_000, 100),
  ZILCH_MATCH_RANGE_PER_S: int(0, 10_000, 10),
  ZILCH_MATCH_RANGE_MAX: int(0, 10_000, 600),
  /** Quick match: wait (ms) after which a bot is offered instead. */
  ZILCH_MATCH_BOT_AFTER_MS: int(0, 3_600_000, 30_000),
  /** Quick match: a player whose page has not polled for this long (ms) leaves the queue. */
  ZILCH_MATCH_EXPIRE_MS: int(500, 600_000, 15_000),
  /** Quick match: how often (ms) each process runs a pairing pass. */
  ZILCH_MATCH_PASS_MS: int(50, 60_000, 1000),
  /** Quick match: every matched table's per-decision timer (s); under 5 s only for tests. */
  ZILCH_MATCH_TURN_SECONDS: int(1, 86_400, 60),
  /** Rated quick match: the timed-out decision in a row at which the absent seat forfeits. */
  ZILCH_MATCH_FORFEIT_AFTER: int(1, 20, 2),
  /** Rated games a player needs in a preset before the leaderboard lists them. */
  ZILCH_LEADERBOARD_MIN_GAMES: int(1, 10_000, 5),
  /** Rating deviation above which a rating is provisional (listed apart on the leaderboard). */
  ZILCH_PROVISIONAL_RD: int(30, 350, 110),
  /** `off` (default), `on` (public, for a private network) or a bearer token of 16+ characters. */
  ZILCH_METRICS: z
    .string()
    .refine(
      (v) => v === 'off' || v === 'on' || v.length >= 16,
      'off, on, or a token of 16+ characters',
    )
    .default('off'),
});

/** The validated configuration the server runs with. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly pgSchema: string | null;
  /** Most PostgreSQL connections this process opens. */
  readonly pgPool: number;
  /** Batches of action appends in flight at once on PostgreSQL; 0 commits each action alone. */
  readonly pgGroupCommit: number;
  /** Most statement texts run as named (prepared) statements on PostgreSQL; 0 prepares none. */
  readonly pgPrepared: number;
  /** Games this process keeps in memory; a game past it is reloaded (and replayed) on its next use. */
  readonly gameCache: number;
  readonly redisUrl: string | null;
  readonly logLevel: (typeof LEVELS)[number];
  readonly testDice: boolean;
  readonly botDelayMs: number;
  readonly absentGraceMs: number;
  readonly leaseMs: number;
  readonly rateLimitPerMinute: number;
  readonly socketActionsPerSecond: number;
  /** Per minute and address: creating tables, rematches and advice (each route its own budget). */
  readonly costlyPerMinute: number;
  readonly bodyLimit: number;
  /**
   * Puzzles: answers per minute and address; seconds per preset to fill an empty bank at start;
   * the period of mining finished games (0: never) and the most puzzles one game gives.
   */
  readonly puzzle: {
    readonly attemptsPerMinute: number;
    readonly startSeconds: number;
    readonly mineMs: number;
    readonly perGame: number;
  };
  /** Directory of the web build to serve; null when there is none. */
  readonly webDir: string | null;
  /** Directory of cached solver results (the `optimal` bot and the coach). */
  readonly cacheDir: string;
  /** Whether the shipped presets' solutions are read at start, once for every strategy thread. */
  readonly preloadSolutions: boolean;
  /** The strategy pool: threads, queue bound, time budget per job (ms). */
  readonly strategy: { workers: number; queue: number; budgetMs: number; nice: number };
  /** Resident memory (MB) the server keeps under. */
  readonly memoryCeilingMb: number;
  /** Bound of the SIGTERM drain (ms). */
  readonly drainMs: number;
  /** Guests one client address may make per hour. */
  readonly guestsPerIpHour: number;
  /** Fastify's `trustProxy`: which proxies' X-Forwarded-For to believe. */
  readonly trustProxy: boolean | number | string[];
  readonly socketsPerIp: number;
  readonly socketMessagesPerIp: number;
  readonly socketMaxRefusals: number;
  /** Origins allowed to open sockets; null: the request's own host. */
  readonly allowedOrigins: string[] | null;
  /** Passkeys: relying party ID, name and allowed origins (null: from the request). */
  readonly relyingParty: { id: string | null; name: string; origins: string[] | null };
  /** Session cookie key; null: kept in the store. */
  readonly sessionSecret: string | null;
  /** Per minute and address: sign-in, passkey and recovery routes. */
  readonly authPerMinute: number;
  /** Web Push: VAPID keys (null: kept in the store), subject, queue, deadline, http endpoints. */
  readonly push: {
    vapidKeys: { publicKey: string; privateKey: string } | null;
    subject: string;
    concurrency: number;
    queue: number;
    timeoutMs: number;
    /** Hosts push endpoints may be on (canonical allow-list entries). */
    hosts: string[];
    allowHttp: boolean;
  };
  /** Quick match: rating range (base, per second, max), bot offer, expiry and pass period (ms). */
  readonly match: {
    range: { base: number; perSecond: number; max: number };
    botAfterMs: number;
    expireMs: number;
    passMs: number;
    /** Per-decision timer of every matched table (s). */
    turnSeconds: number;
    /** Rated tables: the timed-out decision in a row at which a seat forfeits. */
    forfeitAfter: number;
  };
  /** Leaderboard: rated games needed to be listed, and the RD above which a rating is provisional. */
  readonly leaderboard: { minGames: number; provisionalRd: number };
  /** Off, public, or behind `Authorization: Bearer <token>`. */
  readonly metrics: { mode: 'off' } | { mode: 'on' } | { mode: 'token'; token: string };
}

/** The push host allow-list: the browsers' push services unless set (validated by the schema). */
function pushHosts(v: string | undefined): string[] {
  const r = v === undefined ? null : parseHostList(v);
  return r?.ok ? r.hosts : [...DEFAULT_PUSH_HOSTS];
}

/** Whether ZILCH_TRUST_PROXY reads as a setting (an address list must compile). */
function trustProxyValid(v: string): boolean {
  if (/^(true|false|\d{1,2})$/.test(v)) return true;
  try {
    proxyAddr.compile(v.split(',').map((a) => a.trim()));
    return true;
  } catch {
    return false;
  }
}

/** A comma list of origins, without trailing slashes. */
function originList(v: string): string[] {
  return v.split(',').map((o) => o.trim().replace(/\/$/, ''));
}

/** Parses ZILCH_TRUST_PROXY into what Fastify's `trustProxy` takes. */
function trustProxyOf(v: string): boolean | number | string[] {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((a) => a.trim());
}

/** Reads and validates the configuration; the error lists every bad variable with its reason. */
export function loadConfig(
  env: Record<string, string | undefined>,
): { ok: true; config: Config } | { ok: false; message: string } {
  const clean = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const r = EnvSchema.safeParse(clean);
  if (!r.success) {
    const lines = r.error.issues.map(
      (i) => `  ${String(i.path[0])}=${JSON.stringify(clean[String(i.path[0])])}: ${i.message}`,
    );
    return { ok: false, message: `Invalid configuration:\n${lines.join('\n')}` };
  }
  const e = r.data;
  // One VAPID key without the other would silently fall back to the stored pair.
  if (Boolean(e.ZILCH_VAPID_PUBLIC_KEY) !== Boolean(e.ZILCH_VAPID_PRIVATE_KEY))
    return {
      ok: false,
      message:
        'Invalid configuration:\n  ZILCH_VAPID_PUBLIC_KEY and ZILCH_VAPID_PRIVATE_KEY: set both, or neither',
    };
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      dataDir: resolve(e.ZILCH_DATA_DIR),
      databaseUrl: e.DATABASE_URL ?? null,
      pgSchema: e.ZILCH_PG_SCHEMA ?? null,
      pgPool: e.ZILCH_PG_POOL,
      pgGroupCommit: e.ZILCH_PG_GROUP_COMMIT,
      pgPrepared: e.ZILCH_PG_PREPARED,
      gameCache: e.ZILCH_GAME_CACHE,
      redisUrl: e.REDIS_URL ?? null,
      logLevel: e.LOG_LEVEL,
      testDice: e.ZILCH_TEST_DICE,
      botDelayMs: e.ZILCH_BOT_DELAY_MS,
      match: {
        range: {
          base: e.ZILCH_MATCH_RANGE,
          perSecond: e.ZILCH_MATCH_RANGE_PER_S,
          max: Math.max(e.ZILCH_MATCH_RANGE, e.ZILCH_MATCH_RANGE_MAX),
        },
        botAfterMs: e.ZILCH_MATCH_BOT_AFTER_MS,
        expireMs: e.ZILCH_MATCH_EXPIRE_MS,
        passMs: e.ZILCH_MATCH_PASS_MS,
        turnSeconds: e.ZILCH_MATCH_TURN_SECONDS,
        forfeitAfter: e.ZILCH_MATCH_FORFEIT_AFTER,
      },
      absentGraceMs: e.ZILCH_ABSENT_GRACE_MS,
      leaseMs: e.ZILCH_LEASE_MS,
      rateLimitPerMinute: e.ZILCH_RATE_LIMIT,
      socketActionsPerSecond: e.ZILCH_SOCKET_ACTIONS_PER_SECOND,
      costlyPerMinute: e.ZILCH_COSTLY_RATE_LIMIT,
      bodyLimit: e.ZILCH_BODY_LIMIT,
      puzzle: {
        attemptsPerMinute: e.ZILCH_PUZZLE_RATE_LIMIT,
        startSeconds: e.ZILCH_PUZZLE_SECONDS,
        mineMs: e.ZILCH_PUZZLE_MINE_MS,
        perGame: e.ZILCH_PUZZLE_PER_GAME,
      },
      webDir: e.ZILCH_WEB_DIR ? resolve(e.ZILCH_WEB_DIR) : null,
      cacheDir: e.ZILCH_CACHE_DIR ? resolve(e.ZILCH_CACHE_DIR) : defaultCacheDir(),
      preloadSolutions: e.ZILCH_PRELOAD_SOLUTIONS,
      strategy: {
        workers: e.ZILCH_STRATEGY_WORKERS,
        queue: e.ZILCH_STRATEGY_QUEUE,
        budgetMs: e.ZILCH_STRATEGY_BUDGET_MS,
        nice: e.ZILCH_STRATEGY_NICE,
      },
      memoryCeilingMb: e.ZILCH_MEMORY_CEILING_MB,
      drainMs: e.ZILCH_DRAIN_MS,
      guestsPerIpHour: e.ZILCH_GUESTS_PER_IP_HOUR,
      trustProxy: trustProxyOf(e.ZILCH_TRUST_PROXY),
      socketsPerIp: e.ZILCH_SOCKETS_PER_IP,
      socketMessagesPerIp: e.ZILCH_SOCKET_MESSAGES_PER_IP,
      socketMaxRefusals: e.ZILCH_SOCKET_MAX_REFUSALS,
      allowedOrigins: e.ZILCH_ALLOWED_ORIGINS ? originList(e.ZILCH_ALLOWED_ORIGINS) : null,
      relyingParty: {
        id: e.ZILCH_RP_ID ?? null,
        name: e.ZILCH_RP_NAME,
        origins: e.ZILCH_RP_ORIGINS ? originList(e.ZILCH_RP_ORIGINS) : null,
      },
      sessionSecret: e.ZILCH_SESSION_SECRET ?? null,
      authPerMinute: e.ZILCH_AUTH_RATE_LIMIT,
      push: {
        vapidKeys:
          e.ZILCH_VAPID_PUBLIC_KEY && e.ZILCH_VAPID_PRIVATE_KEY
            ? { publicKey: e.ZILCH_VAPID_PUBLIC_KEY, privateKey: e.ZILCH_VAPID_PRIVATE_KEY }
            : null,
        subject: e.ZILCH_VAPID_SUBJECT,
        concurrency: e.ZILCH_PUSH_CONCURRENCY,
        queue: e.ZILCH_PUSH_QUEUE,
        timeoutMs: e.ZILCH_PUSH_TIMEOUT_MS,
        hosts: pushHosts(e.ZILCH_PUSH_HOSTS),
        allowHttp: e.ZILCH_PUSH_HTTP_ENDPOINTS,
      },
      leaderboard: {
        minGames: e.ZILCH_LEADERBOARD_MIN_GAMES,
        provisionalRd: e.ZILCH_PROVISIONAL_RD,
      },
      metrics:
        e.ZILCH_METRICS === 'off' || e.ZILCH_METRICS === 'on'
          ? { mode: e.ZILCH_METRICS }
          : { mode: 'token', token: e.ZILCH_METRICS },
    },
  };
}
