import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { backupSqlite, BackupError, restoreSqlite, type BackupReport } from '@zilch/server';
import { printJson } from '../output.ts';
import type { BackupOptions } from '../register/backup.ts';
import { usage } from '../usage-error.ts';
import { count } from '../words.ts';

// The documented PostgreSQL flags (docs/operations.md): one file in pg_dump's compressed custom
// format, no owners or grants, so it restores into a database owned by another role.
const PG_DUMP_FLAGS = ['--format=custom', '--no-owner', '--no-privileges'];
const PG_RESTORE_FLAGS = [
  '--no-owner',
  '--no-privileges',
  '--exit-on-error',
  '--single-transaction',
];

function databaseUrl(o: BackupOptions): string | null {
  return o.databaseUrl ?? process.env.DATABASE_URL ?? null;
}

/** What a backup or a restore did, in a sentence. */
export function reportText(kind: 'backup' | 'restore', r: BackupReport): string {
  const mb = (r.bytes / 1_048_576).toFixed(1);
  return kind === 'backup'
    ? `Backed up ${count(r.games, 'game')} (${count(r.entries, 'log entry')}, ${mb} MB) to ${r.file}\n`
    : `Restored ${count(r.games, 'game')} (${count(r.entries, 'log entry')}) into ${r.file}; start the server on that data dir.\n`;
}

function report(kind: 'backup' | 'restore', r: BackupReport, o: BackupOptions): void {
  if (o.json) return printJson({ ok: true, ...r });
  process.stdout.write(reportText(kind, r));
}

function failed(e: unknown, o: BackupOptions): void {
  if (!(e instanceof BackupError)) throw e;
  if (o.json) printJson({ ok: false, code: e.code, message: e.message });
  else process.stderr.write(`zilch: ${e.message}\n`);
  process.exitCode = 1;
}

/** Runs a PostgreSQL client tool with the URL last; its own message on failure. */
function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): void {
  const r = spawnSync(tool, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error) usage(`${tool} could not be run (${r.error.message}); install postgresql-client`);
  if (r.status !== 0) {
    process.stderr.write(`zilch: ${tool} failed (exit ${r.status})\n`);
    process.exitCode = 1;
  }
}

/** `zilch backup <file>`: a consistent copy of the store while the server runs. */
export async function backup(file: string, o: BackupOptions): Promise<void> {
  const url = databaseUrl(o);
  if (url && o.data === undefined) {
    if (existsSync(file)) usage(`${file} already exists; choose a new file name`);
    return pgTool('pg_dump', [...PG_DUMP_FLAGS, `--file=${file}`, url]);
  }
  try {
    report('backup', backupSqlite(o.data ?? process.env.ZILCH_DATA_DIR ?? 'data', file), o);
  } catch (e) {
    failed(e, o);
  }
}

/** `zilch restore <file>`: puts a backup in place for a server to start on. */
export function restore(file: string, o: BackupOptions): void {
  const url = databaseUrl(o);
  if (url && o.data === undefined)
    return pgTool('pg_restore', [...PG_RESTORE_FLAGS, `--dbname=${url}`, file]);
  if (o.data === undefined) usage('say where to restore: --data <new dir> (or --database-url)');
  try {
    report('restore', restoreSqlite(file, o.data), o);
  } catch (e) {
    failed(e, o);
  }
}
