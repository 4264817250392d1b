// One of the threads of a two-player solve (solve-threads.ts): takes pairs of the sum it is
// told from the shared counter, solves them into the shared store, and says when none is left.
import { parentPort, workerData } from 'node:worker_threads';
import {
  takePairs,
  type PairOrder,
  type PairReport,
  type PairWorkerData,
} from './solve-threads.ts';
import { newSolve, solveTables } from './two-player.ts';
import { TwoPlayerSolution } from './two-player-solution.ts';

const { rules, opts, store, next } = workerData as PairWorkerData;
const port = parentPort;
if (!port) throw new Error('the pair worker must run in a worker thread');
const sol = newSolve(rules, opts, new Float64Array(store));
if (!(sol instanceof TwoPlayerSolution)) throw new Error(sol.message);
const counter = new Int32Array(next);
const [A, B] = solveTables(sol);
const send = (m: PairReport): void => port.postMessage(m);

port.on('message', (o: PairOrder) => {
  if (o.kind === 'end') {
    const finals = sol.dfinal ? sol.dfinal.known() : null;
    send({ kind: 'counts', states: sol.states, sweeps: sol.sweeps, capped: sol.capped, finals });
    return;
  }
  takePairs(sol, o.s, counter, A, B);
  send({ kind: 'done' });
});
