// Before and after: this tree's two-player solver against another git revision's, in one run, so
// a shared machine's load weighs on both alike. Only with ZILCH_BENCH_COMPARE=<revision> (a
// branch or commit): that revision's packages/strategy is extracted (git archive) into a
// temporary directory beside a link to this tree's node_modules, so both sides solve with this
// tree's engine. Each case is solved in a child process per run, old and new alternating,
// ZILCH_BENCH_COMPARE_RUNS times each (default 3); ZILCH_BENCH_COMPARE_CASES=<preset>[:<target>],…
// (default serendipity-creak). Prints every run's wall and CPU seconds, the medians, the load
// average before and after, and whether the two stores are identical to the bit (SHA-256).
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

/** The solver module a side loads, and the exports the comparison uses. */
interface SolverModule {
  solveTwoPlayer(
    rules: RuleSet,
  ):
    | { store: Float64Array | Float32Array; states: number; fresh(a: number, b: number): number }
    | { message: string };
}

/** Child mode: solves `id` (at `target`) with the solver under `src` and prints a SolveRun. */
async function child(src: string, id: string, target?: string): Promise<void> {
  if (!isPresetId(id)) throw new Error(`unknown preset ${id}`);
  const rules = target ? { ...preset(id), target: Number(target) } : preset(id);
  const mod = (await import(
    pathToFileURL(join(src, 'solver', 'two-player.ts')).href
  )) as SolverModule;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const sol = mod.solveTwoPlayer(rules);
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

function solveIn(src: string, id: string, target?: string): SolveRun {
  const out = execFileSync(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      here,
      '--compare-child',
      src,
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

/** Old against new solve times and values, when ZILCH_BENCH_COMPARE names a revision. */
export function solverCompareBench(): void {
  const rev = process.env.ZILCH_BENCH_COMPARE;
  if (!rev) return;
  const runs = Number(process.env.ZILCH_BENCH_COMPARE_RUNS ?? 3);
  const cases = (process.env.ZILCH_BENCH_COMPARE_CASES ?? 'serendipity-creak')
    .split(',')
    .filter(Boolean)
    .map((c) => c.split(':') as [string, string?]);
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
    const sides: [string, string][] = [
      [`old ${commit}`, join(dir, 'packages', 'strategy', 'src')],
      ['new (this tree)', join(root, 'packages', 'strategy', 'src')],
    ];
    for (const [id, target] of cases) {
      const name = `${id}${target ? ` (target ${target})` : ''}`;
      console.log(
        `two-player solve, ${name}: old ${commit} against this tree, alternating; load ${load()}`,
      );
      const got = sides.map(() => [] as SolveRun[]);
      for (let r = 0; r < runs; r++)
        sides.forEach(([label, src], i) => {
          const s = solveIn(src, id, target);
          got[i]!.push(s);
          console.log(
            `  ${label.padEnd(16)} run ${r + 1}: ${s.seconds.toFixed(2)} s wall, ${s.cpu.toFixed(2)} s CPU`,
          );
        });
      const [old, cur] = got as [SolveRun[], SolveRun[]];
      const wall = (xs: SolveRun[]) => median(xs.map((s) => s.seconds));
      const cpu = (xs: SolveRun[]) => median(xs.map((s) => s.cpu));
      const hashes = new Set([...old, ...cur].map((s) => s.hash));
      console.log(
        `  medians: old ${wall(old).toFixed(2)} s wall / ${cpu(old).toFixed(2)} s CPU, ` +
          `new ${wall(cur).toFixed(2)} s / ${cpu(cur).toFixed(2)} s (new/old wall ${(wall(cur) / wall(old)).toFixed(3)}, ` +
          `CPU ${(cpu(cur) / cpu(old)).toFixed(3)}); stores bit-identical: ${hashes.size === 1} ` +
          `(sha256 ${[...hashes].map((h) => h.slice(0, 12)).join(', ')}), states ${old[0]!.states} / ${cur[0]!.states}, ` +
          `P(first wins) ${cur[0]!.firstPlayerWins}; load ${load()}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--compare-child');
if (at >= 0 && process.argv[1] === here) {
  const [src, id, target] = process.argv.slice(at + 1) as [string, string, string?];
  await child(src, id, target);
}
