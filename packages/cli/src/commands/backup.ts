import {
  backupPostgres,
  backupSqlite,
  BackupError,
  restorePostgres,
  restoreSqlite,
  type BackupReport,
} from '@zilch/server';
import { printJson } from '../output.ts';
import type { BackupOptions } from '../register/backup.ts';
import { usage } from '../usage-error.ts';
import { count } from '../words.ts';

function databaseUrl(o: BackupOptions): string | null {
  return o.databaseUrl ?? process.env.DATABASE_URL ?? null;
}

/** Bytes as an operator reads them: kB below a megabyte, MB above. */
function size(bytes: number): string {
  return bytes < 1_048_576
    ? `${(bytes / 1024).toFixed(1)} kB`
    : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** One line: what was copied, where, at which schema version, how big. */
export function describeReport(kind: 'backup' | 'restore', r: BackupReport): string {
  const what = r.store === 'sqlite' ? 'SQLite store' : 'PostgreSQL store';
  const holds = `schema ${r.schema}, ${count(r.games, 'game')}, ${count(r.entries, 'log entry')}, ${size(r.bytes)}`;
  return kind === 'backup'
    ? `Backed up the ${what} to ${r.file} (${holds}).`
    : `Restored the ${what} into ${r.file} (${holds}); start the server on it.`;
}

function report(kind: 'backup' | 'restore', r: BackupReport, o: BackupOptions): void {
  if (o.json) return printJson({ ok: true, ...r });
  process.stdout.write(`${describeReport(kind, r)}\n`);
}

function failed(e: unknown, o: BackupOptions): void {
  if (!(e instanceof BackupError)) throw e;
  if (o.json) printJson({ ok: false, code: e.code, message: e.message });
  else process.stderr.write(`zilch: ${e.message}\n`);
  process.exitCode = 1;
}

/** `zilch backup <file>`: a consistent copy of the store while the server runs. */
export async function backup(file: string, o: BackupOptions): Promise<void> {
  const url = databaseUrl(o);
  try {
    report(
      'backup',
      url && o.data === undefined
        ? await backupPostgres(url, file)
        : backupSqlite(o.data ?? process.env.ZILCH_DATA_DIR ?? 'data', file),
      o,
    );
  } catch (e) {
    failed(e, o);
  }
}

/** `zilch restore <file>`: puts a backup in place for a server to start on. */
export async function restore(file: string, o: BackupOptions): Promise<void> {
  const url = databaseUrl(o);
  if (!url && o.data === undefined)
    usage('say where to restore: --data <new dir> (or --database-url)');
  try {
    report(
      'restore',
      url && o.data === undefined
        ? await restorePostgres(file, url)
        : restoreSqlite(file, o.data as string),
      o,
    );
  } catch (e) {
    failed(e, o);
  }
}
