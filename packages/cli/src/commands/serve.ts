import type { Command } from 'commander';
import { runFromEnv } from '@zilch/server';

interface ServeOptions {
  port?: string;
  host?: string;
  data?: string;
  databaseUrl?: string;
  redisUrl?: string;
}

/** Registers `zilch serve`: the game server (API, socket.io, web app), configured by flags over environment variables. */
export function register(program: Command): void {
  program
    .command('serve')
    .description(
      'serve the web app, the HTTP API and real-time play (flags override environment variables)',
    )
    .option('-p, --port <port>', 'TCP port (env PORT, default 3000)')
    .option('--host <host>', 'interface to listen on (env HOST, default 0.0.0.0)')
    .option('--data <dir>', 'directory of the SQLite file (env ZILCH_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'use PostgreSQL instead of SQLite (env DATABASE_URL)')
    .option('--redis-url <url>', 'share games between processes through Redis (env REDIS_URL)')
    .action(async (o: ServeOptions) => {
      const env: Record<string, string | undefined> = { ...process.env };
      if (o.port !== undefined) env.PORT = o.port;
      if (o.host !== undefined) env.HOST = o.host;
      if (o.data !== undefined) env.ZILCH_DATA_DIR = o.data;
      if (o.databaseUrl !== undefined) env.DATABASE_URL = o.databaseUrl;
      if (o.redisUrl !== undefined) env.REDIS_URL = o.redisUrl;
      await runFromEnv(env);
    });
}
