import type { Command } from 'commander';

/** Registers `zilch backup` and `zilch restore`: a consistent copy of a running server's store, and putting one back. */
export function register(program: Command): void {
  program
    .command('backup')
    .description(
      'copy the game store to a file while the server runs (SQLite: VACUUM INTO; PostgreSQL: pg_dump)',
    )
    .argument('<file>', 'backup file to write (must not exist)')
    .option('--data <dir>', 'data dir of the SQLite store (env ZILCH_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'back up PostgreSQL instead, with pg_dump (env DATABASE_URL)')
    .option('--json', 'print what was written as JSON')
    .action(async (file: string, opts: BackupOptions) =>
      (await import('../commands/backup.ts')).backup(file, opts),
    );
  program
    .command('restore')
    .description(
      'put a backup in place as the store of a new data dir (SQLite) or an empty database (PostgreSQL, pg_restore)',
    )
    .argument('<file>', 'backup file written by zilch backup')
    .option('--data <dir>', 'data dir to restore into; must hold no store yet')
    .option('--database-url <url>', 'restore into this (empty) PostgreSQL database')
    .option('--json', 'print what was restored as JSON')
    .action(async (file: string, opts: BackupOptions) =>
      (await import('../commands/backup.ts')).restore(file, opts),
    );
}

/** Options of `zilch backup` and `zilch restore`. */
export interface BackupOptions {
  data?: string;
  databaseUrl?: string;
  json?: boolean;
}
