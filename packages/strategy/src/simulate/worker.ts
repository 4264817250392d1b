// Runs simulation chunks in a worker thread: the plan comes as workerData, chunk indices as
// messages; each answer carries the chunk's index and totals. It says when it is ready, so
// no chunk waits in its queue while it loads.
import { parentPort, workerData } from 'node:worker_threads';
import { diskSolutions } from '../solver/cache.ts';
import { runChunk } from './chunk.ts';
import type { WorkerPlan } from './threaded.ts';

const plan = workerData as WorkerPlan;
const bot = { solutions: diskSolutions(plan.cacheDir) };
const port = parentPort;
if (!port) throw new Error('simulate worker must run in a worker thread');
port.on('message', (index: number) => {
  try {
    port.postMessage({ index, totals: runChunk(plan, index, bot) });
  } catch (e) {
    port.postMessage({ index, error: (e as Error).message });
  }
});
port.postMessage({ ready: true });
