// Child of exact-full.test.ts: `exact-child.ts <preset> <target> <fast|full> <out file>` solves
// one way and writes the stored values (raw Float64) and a JSON line of figures on stdout.
import { writeFileSync } from 'node:fs';
import { isPresetId, preset } from '@zilch/engine';
import { solveTwoPlayer } from '../../src/solver/two-player.ts';
import { TwoPlayerSolution } from '../../src/solver/two-player-solution.ts';

const [id, target, how, out] = process.argv.slice(2) as [string, string, string, string];
if (!isPresetId(id)) throw new Error(`unknown preset ${id}`);
const cpu0 = process.cpuUsage();
const sol = solveTwoPlayer(
  { ...preset(id), target: Number(target) },
  { fullSweeps: how === 'full' },
);
if (!(sol instanceof TwoPlayerSolution)) throw new Error(sol.message);
const s = sol.store;
writeFileSync(out, new Uint8Array(s.buffer, s.byteOffset, s.byteLength));
const cpu = process.cpuUsage(cpu0).user / 1e6;
console.log(
  JSON.stringify({ states: sol.states, sweeps: sol.sweeps, cpu, fresh: sol.fresh(0, 0) }),
);
