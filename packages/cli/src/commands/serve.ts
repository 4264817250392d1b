import { runFromEnv } from '@zilch/server';

/** Options of `zilch serve`: each overrides its environment variable. */
export interface ServeOptions {
  port?: string;
  host?: string;
  data?: string;
  databaseUrl?: string;
  redisUrl?: string;
}

/** `zilch serve`: the game server (API, socket.io, web app), configured by flags over environment variables. */
export async function run(o: ServeOptions): Promise<void> {
  const env: Record<string, string | undefined> = { ...process.env };
  if (o.port !== undefined) env.PORT = o.port;
  if (o.host !== undefined) env.HOST = o.host;
  if (o.data !== undefined) env.ZILCH_DATA_DIR = o.data;
  if (o.databaseUrl !== undefined) env.DATABASE_URL = o.databaseUrl;
  if (o.redisUrl !== undefined) env.REDIS_URL = o.redisUrl;
  await runFromEnv(env);
}
