// Solves (or loads) a two-player solution in a worker thread and hands the store back to the
// thread that asked, moved rather than copied; with `hand: false` it only saves it to the cache
// (the build's presolve). workerData: { rules, dir, hand? }.
import { parentPort, workerData } from 'node:worker_threads';
import type { RuleSet } from '@zilch/engine';
import { twoPlayerSolution } from './cache.ts';
import { TwoPlayerSolution } from './two-player-solution.ts';
import type { WorkerAnswer } from './solve-in-worker.ts';

const { rules, dir, hand } = workerData as { rules: RuleSet; dir: string; hand?: boolean };
const port = parentPort;
if (!port) throw new Error('solve worker must run in a worker thread');
const send = (m: WorkerAnswer, transfer: ArrayBuffer[] = []): void => port.postMessage(m, transfer);
let last = 0;
const sol = twoPlayerSolution(rules, {
  dir,
  onProgress: (done) => {
    if (done - last < 0.01 && done < 1) return;
    last = done;
    send({ kind: 'progress', done });
  },
});
if (!(sol instanceof TwoPlayerSolution))
  send({ kind: 'error', code: sol.code, message: sol.message });
else if (hand === false) send({ kind: 'saved', seconds: sol.seconds });
else {
  const { store, freshValues } = sol;
  // Moved rather than copied, unless a buffer holds more than these values (a small file
  // read into Node's shared pool): moving that would take the pool away from this thread.
  const arrays = freshValues ? [store, freshValues] : [store];
  const buffers = [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))].filter(
    (buf) =>
      arrays.reduce((n, a) => n + (a.buffer === buf ? a.byteLength : 0), 0) === buf.byteLength,
  );
  send(
    {
      kind: 'solved',
      store,
      freshValues,
      info: { extraPoints: sol.E * 50, states: sol.states, seconds: sol.seconds },
    },
    buffers,
  );
}
