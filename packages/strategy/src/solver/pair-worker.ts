// One of the threads of a two-player solve (solve-threads.ts): takes pairs of the sum it is
// told from the shared counter, solves them into the shared store, and says when none is left.
import { parentPort, workerData } from 'node:worker_threads';
import { PenaltyPairs } from './penalty-pairs.ts';
import { newRecord } from './penalty.ts';
import {
  takePairs,
  takePenaltyPairs,
  type PairOrder,
  type PairReport,
  type PairWorkerData,
} from './solve-threads.ts';
import { newSolve, penaltyTables, solveTables } from './two-player.ts';
import { TwoPlayerSolution } from './two-player-solution.ts';

const { rules, opts, store, next, record } = workerData as PairWorkerData;
const port = parentPort;
if (!port) throw new Error('the pair worker must run in a worker thread');
const sol = newSolve(rules, opts, () => store);
if (!(sol instanceof TwoPlayerSolution)) throw new Error(sol.message);
const send = (m: PairReport): void => port.postMessage(m);
const [A, B] = solveTables(sol);
const penalty = record
  ? new PenaltyPairs(sol, penaltyTables(sol), newRecord(sol, record), opts)
  : null;
let swept = 0;
let skipped = 0;

port.on('message', (o: PairOrder) => {
  if (o.kind === 'end') {
    const finals = sol.dfinal ? sol.dfinal.known() : null;
    send({ kind: 'counts', states: sol.states, sweeps: sol.sweeps, capped: sol.capped, finals });
  } else if (o.kind === 'sum') {
    takePairs(sol, o.s, next, A, B);
    send({ kind: 'done', delta: 0, swept: 0, skipped: 0 });
  } else if (penalty) {
    penalty.pass = o.pass;
    penalty.gaps = o.gaps;
    if (o.snap) penalty.rec.snaps[o.snap.pass] = o.snap.values;
    const delta = takePenaltyPairs(penalty, o.s, next, o.full);
    const { stats } = penalty;
    send({ kind: 'done', delta, swept: stats.swept - swept, skipped: stats.skipped - skipped });
    swept = stats.swept;
    skipped = stats.skipped;
  }
});
