import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// Plain CommonJS run with `eval`, so it needs no TypeScript loader in the worker.
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
// exec, not pragma(): a statement prepared on every tick and then garbage collected aborts the
// process on Node 24 (better-sqlite3 12 finalizes it with no environment).
db.exec('PRAGMA busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); process.exit(0); });
`;

/**
 * Copies the SQLite write-ahead log into the database from a worker thread, so the server's
 * event loop never stalls on a checkpoint (the main connection has auto-checkpoints off).
 */
export function startCheckpointer(file: string, everyMs = 1000): { stop(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, file, everyMs } });
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        // Held while it stops: with nothing else to wait for, an unreferenced worker would let
        // the process's event loop end first and leave this promise unsettled.
        worker.ref();
        worker.postMessage('stop');
      }),
  };
}
