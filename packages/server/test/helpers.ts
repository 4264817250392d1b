// What only the server's own tests need; everything else comes from @zilch/testkit.
import {
  api as request,
  connect,
  pickMove,
  testDirs,
  until,
  type Client,
  type Reply,
} from '@zilch/testkit';
import { loadConfig } from '../src/config/config.ts';
import { startServer, type RunningServer, type ServerHooks } from '../src/server.ts';

// Test JSON is read loosely: the assertions check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

/** The stores a suite runs on: SQLite, and PostgreSQL in `schema` when it is reachable. */
export function storesFor(
  pgUrl: string | null,
  schema: string,
): [string, Record<string, string>][] {
  return [
    ['SQLite', {}],
    ...(pgUrl
      ? [
          ['PostgreSQL', { DATABASE_URL: pgUrl, ZILCH_PG_SCHEMA: schema }] as [
            string,
            Record<string, string>,
          ],
        ]
      : []),
  ];
}

/** Starts a server in this process on a free port with test-friendly settings. */
export async function startTestServer(
  env: Record<string, string> = {},
  hooks: ServerHooks = {},
): Promise<RunningServer> {
  const c = loadConfig({
    // The run's sandbox unless `env` names others: a test server never writes ./data.
    ...testDirs(),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ZILCH_TEST_DICE: '1',
    ZILCH_BOT_DELAY_MS: '0',
    ZILCH_WEB_DIR: '/nonexistent',
    // Test clients all come from 127.0.0.1: per-address caps would count them as one abuser.
    ZILCH_SOCKETS_PER_IP: '100000',
    ZILCH_SOCKET_MESSAGES_PER_IP: '1000000',
    ZILCH_COSTLY_RATE_LIMIT: '1000000',
    ZILCH_GUESTS_PER_IP_HOUR: '1000000',
    ZILCH_METRICS: 'on',
    ZILCH_PUZZLE_SECONDS: '0',
    ...env,
  });
  if (!c.ok) throw new Error(c.message);
  return startServer(c.config, undefined, hooks);
}

/** The testkit's `api`, its answers read loosely. */
export function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<Loose>> {
  return request<Loose>(base, method, path, body, headers);
}

/** The testkit's socket client, its updates and acks read loosely. */
export function client(base: string): Promise<Client<Loose, Loose>> {
  return connect<Loose, Loose>(base);
}

/** Plays seat 0 of a table with random legal moves (the bots play themselves) until the game is over. */
export async function playToEnd(base: string, gameId: string, token: string): Promise<void> {
  await until(
    async () => {
      const v = (await api(base, 'GET', `/api/games/${gameId}`)).body as Loose;
      if (v.status === 'over') return true;
      if (v.state.current === 0) {
        const move = pickMove(v.state);
        if (move)
          await api(base, 'POST', `/api/games/${gameId}/actions`, {
            token,
            clientId: `c${v.seq}`,
            action: move,
          });
      }
      return false;
    },
    60_000,
    5,
  );
}
