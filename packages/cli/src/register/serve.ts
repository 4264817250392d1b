import type { Command } from 'commander';
import type { ServeOptions } from '../commands/serve.ts';

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
    .action(async (opts: ServeOptions) => (await import('../commands/serve.ts')).run(opts));
}
