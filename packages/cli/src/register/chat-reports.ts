import type { Command } from 'commander';

/** Registers `zilch chat-reports`: the reported table-chat messages, newest first. */
export function register(program: Command): void {
  program
    .command('chat-reports')
    .description(
      'list reported table-chat messages, newest first (who wrote what, who reported it, why, when)',
    )
    .option('--data <dir>', 'data dir of the SQLite store (env ZILCH_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'read PostgreSQL instead (env DATABASE_URL)')
    .option('--limit <n>', 'how many reports (1–1000)', '50')
    .option('--json', 'print the reports as JSON')
    .action(async (opts: ChatReportsOptions) =>
      (await import('../commands/chat-reports.ts')).chatReports(opts),
    );
}

/** Options of `zilch chat-reports`. */
export interface ChatReportsOptions {
  data?: string;
  databaseUrl?: string;
  limit: string;
  json?: boolean;
}
