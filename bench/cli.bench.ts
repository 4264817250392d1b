// How fast the `zilch` command answers: wall time of the real bin (compiled dist/, as a user runs
// it) for the quick commands, next to a bare `node -e 0` measured in the same rounds.
// Target (issue 9): each command's median ≤ 3× the median of `node -e 0`.
// ZILCH_BENCH_RUNS sets how many runs of each (default 15, at least 10 is meaningful).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { median } from '@zilch/testkit';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../packages/cli/bin/zilch.mjs', import.meta.url));
const DIST = fileURLToPath(new URL('../packages/cli/dist/main.js', import.meta.url));

/** What is timed: a label and the arguments given to node. */
const CASES: { label: string; args: string[] }[] = [
  { label: 'node -e 0', args: ['-e', '0'] },
  { label: 'zilch score 1 2 3 4 5 5', args: [BIN, 'score', '1', '2', '3', '4', '5', '5'] },
  { label: 'zilch rules', args: [BIN, 'rules'] },
  { label: 'zilch odds', args: [BIN, 'odds'] },
];

/** Wall milliseconds of one run, from spawning node to its exit. */
function timeRun(args: string[]): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${String(r.stderr)}`);
  return ms;
}

export default async function bench(): Promise<void> {
  if (!existsSync(DIST)) {
    console.log(
      '  packages/cli/dist is missing: run `npm run build` first (the bin runs compiled JS)',
    );
    return;
  }
  const runs = Math.max(1, Number(process.env.ZILCH_BENCH_RUNS ?? 15));
  // One warm-up each (file cache, compile cache on Node 22+), then interleaved rounds so that
  // a busy moment on a shared machine slows every case alike.
  for (const c of CASES) timeRun(c.args);
  const times = CASES.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) CASES.forEach((c, j) => times[j]!.push(timeRun(c.args)));
  const base = median(times[0]!);
  console.log(
    `  wall time, median of ${runs} interleaved runs, Node ${process.versions.node} (target: ratio ≤ 3)`,
  );
  CASES.forEach((c, j) => {
    const m = median(times[j]!);
    const ratio = j === 0 ? '' : `  ${(m / base).toFixed(2)}× node -e 0`;
    console.log(`  ${c.label.padEnd(26)} ${m.toFixed(0).padStart(6)} ms${ratio}`);
  });
}
