import { resolve } from 'node:path';
import { defaultCacheDir } from '@zilch/strategy/node';
import { z } from 'zod';

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
  ZILCH_BODY_LIMIT: int(1024, 10_485_760, 65_536),
  ZILCH_WEB_DIR: z.string().min(1).optional(),
  ZILCH_CACHE_DIR: z.string().min(1).optional(),
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
  readonly redisUrl: string | null;
  readonly logLevel: (typeof LEVELS)[number];
  readonly testDice: boolean;
  readonly botDelayMs: number;
  readonly absentGraceMs: number;
  readonly leaseMs: number;
  readonly rateLimitPerMinute: number;
  readonly socketActionsPerSecond: number;
  readonly bodyLimit: number;
  /** Directory of the web build to serve; null when there is none. */
  readonly webDir: string | null;
  /** Directory of cached solver results (the `optimal` bot and the coach). */
  readonly cacheDir: string;
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
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      dataDir: resolve(e.ZILCH_DATA_DIR),
      databaseUrl: e.DATABASE_URL ?? null,
      pgSchema: e.ZILCH_PG_SCHEMA ?? null,
      pgPool: e.ZILCH_PG_POOL,
      redisUrl: e.REDIS_URL ?? null,
      logLevel: e.LOG_LEVEL,
      testDice: e.ZILCH_TEST_DICE,
      botDelayMs: e.ZILCH_BOT_DELAY_MS,
      absentGraceMs: e.ZILCH_ABSENT_GRACE_MS,
      leaseMs: e.ZILCH_LEASE_MS,
      rateLimitPerMinute: e.ZILCH_RATE_LIMIT,
      socketActionsPerSecond: e.ZILCH_SOCKET_ACTIONS_PER_SECOND,
      bodyLimit: e.ZILCH_BODY_LIMIT,
      webDir: e.ZILCH_WEB_DIR ? resolve(e.ZILCH_WEB_DIR) : null,
      cacheDir: e.ZILCH_CACHE_DIR ? resolve(e.ZILCH_CACHE_DIR) : defaultCacheDir(),
    },
  };
}
