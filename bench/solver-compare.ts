// Before and after: this tree's two-player solver against another git revision's, in one run, so
// a shared machine's load weighs on both alike. Only with ZILCH_BENCH_COMPARE=<revision> (a
// branch or commit): that revision's packages/strategy is extracted (git archive) into a
// temporary directory beside a link to this tree's node_modules, so both sides solve with this
// tree's engine. With ZILCH_BENCH_THREADS=<n> instead, the two sides are this tree on one
// thread and on n (solve-threads.ts). Each case is solved in a child process per run, the two
// sides alternating, ZILCH_BENCH_COMPARE_RUNS times each (default 3);
// ZILCH_BENCH_COMPARE_CASES=<preset>[:<target>],… (default serendipity-creak). Prints every
// run's wall and CPU seconds (every thread's), the medians, the load average before and after,
// and whether the two stores are identical to the bit (SHA-256).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isPresetId, preset, type RuleSet } from '@zilch/engine';

const here = fileURLToPath(import.meta.url);
const root = dirname(dirname(here));

/** What a solve child prints. */
interface SolveRun {
  seconds: number;
  cpu: number;
  hash: string;
  states: number;
  firstPlayerWins: number;
}

/** What a solve returns, as far as the comparison reads it. */
type Solved =
  | { store: Float64Array | Float32Array; states: number; fresh(a: number, b: number): number }
  | { message: string };

/** The solver modules a side loads, and the exports the comparison uses. */
interface SolverModule {
  solveTwoPlayer(rules: RuleSet): Solved;
}
interface ThreadsModule {
  solveTwoPlayerThreads(rules: RuleSet, opts: { threads: number }): Promise<Solved>;
}

/** A side of the comparison: a label, the solver's sources, and the threads it solves on. */
type Side = [label: string, src: string, threads: number];

/** Child mode: solves `id` (at `target`) with the solver under `src` and prints a SolveRun. */
async function child(src: string, threads: number, id: string, target?: string): Promise<void> {
  if (!isPresetId(id)) throw new Error(`unknown preset ${id}`);
  const rules = target ? { ...preset(id), target: Number(target) } : preset(id);
  const solver = (file: string) => import(pathToFileURL(join(src, 'solver', file)).href);
  // Loaded before the clock starts: the comparison times the solve, not the imports.
  let solve: (r: RuleSet) => Solved | Promise<Solved>;
  if (threads > 1) {
    const m = (await solver('solve-threads.ts')) as ThreadsModule;
    solve = (r) => m.solveTwoPlayerThreads(r, { threads });
  } else solve = ((await solver('two-player.ts')) as SolverModule).solveTwoPlayer;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const sol = await solve(rules);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0).user / 1e6;
  if ('message' in sol) throw new Error(sol.message);
  const s = sol.store;
  const hash = createHash('sha256')
    .update(new Uint8Array(s.buffer, s.byteOffset, s.byteLength))
    .digest('hex');
  const out: SolveRun = {
    seconds,
    cpu,
    hash,
    states: sol.states,
    firstPlayerWins: sol.fresh(0, 0),
  };
  console.log(JSON.stringify(out));
}

function solveIn([, src, threads]: Side, id: string, target?: string): SolveRun {
  const out = execFileSync(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      here,
      '--compare-child',
      src,
      String(threads),
      id,
      ...(target ? [target] : []),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20, cwd: root },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as SolveRun;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Old against new solve times and values, when ZILCH_BENCH_COMPARE names a revision; one thread
 * against ZILCH_BENCH_THREADS threads on this tree, when that is set.
 */
export function solverCompareBench(): void {
  const rev = process.env.ZILCH_BENCH_COMPARE;
  const threads = Number(process.env.ZILCH_BENCH_THREADS ?? 0);
  if (!rev && !(threads > 1)) return;
  const runs = Number(process.env.ZILCH_BENCH_COMPARE_RUNS ?? 3);
  const cases = (process.env.ZILCH_BENCH_COMPARE_CASES ?? 'serendipity-creak')
    .split(',')
    .filter(Boolean)
    .map((c) => c.split(':') as [string, string?]);
  const here = join(root, 'packages', 'strategy', 'src');
  if (!rev) {
    const sides: [Side, Side] = [
      ['1 thread', here, 1],
      [`${threads} threads`, here, threads],
    ];
    return compare(sides, cases, runs, `one thread against ${threads}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'zilch-compare-'));
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', rev], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    const tar = execFileSync('git', ['archive', rev, 'package.json', 'packages/strategy'], {
      cwd: root,
      maxBuffer: 1 << 30,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    const sides: [Side, Side] = [
      [`old ${commit}`, join(dir, 'packages', 'strategy', 'src'), 1],
      ['new (this tree)', here, 1],
    ];
    compare(sides, cases, runs, `old ${commit} against this tree`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Solves every case on both sides, alternating, and prints each run, the medians and the hashes. */
function compare(
  sides: [Side, Side],
  cases: [string, string?][],
  runs: number,
  what: string,
): void {
  for (const [id, target] of cases) {
    const name = `${id}${target ? ` (target ${target})` : ''}`;
    console.log(`two-player solve, ${name}: ${what}, alternating; load ${load()}`);
    const got = sides.map(() => [] as SolveRun[]);
    for (let r = 0; r < runs; r++)
      sides.forEach((side, i) => {
        const s = solveIn(side, id, target);
        got[i]!.push(s);
        console.log(
          `  ${side[0].padEnd(16)} run ${r + 1}: ${s.seconds.toFixed(2)} s wall, ${s.cpu.toFixed(2)} s CPU`,
        );
      });
    const [old, cur] = got as [SolveRun[], SolveRun[]];
    const wall = (xs: SolveRun[]) => median(xs.map((s) => s.seconds));
    const cpu = (xs: SolveRun[]) => median(xs.map((s) => s.cpu));
    const hashes = new Set([...old, ...cur].map((s) => s.hash));
    const [a, b] = sides.map((s) => s[0]);
    console.log(
      `  medians: ${a} ${wall(old).toFixed(2)} s wall / ${cpu(old).toFixed(2)} s CPU, ` +
        `${b} ${wall(cur).toFixed(2)} s / ${cpu(cur).toFixed(2)} s (wall ${(wall(cur) / wall(old)).toFixed(3)}×, ` +
        `CPU ${(cpu(cur) / cpu(old)).toFixed(3)}×); stores bit-identical: ${hashes.size === 1} ` +
        `(sha256 ${[...hashes].map((h) => h.slice(0, 12)).join(', ')}), states ${old[0]!.states} / ${cur[0]!.states}, ` +
        `P(first wins) ${cur[0]!.firstPlayerWins}; load ${load()}`,
    );
  }
}

const at = process.argv.indexOf('--compare-child');
if (at >= 0 && process.argv[1] === here) {
  const [src, threads, id, target] = process.argv.slice(at + 1) as [
    string,
    string,
    string,
    string?,
  ];
  await child(src, Number(threads), id, target);
}
