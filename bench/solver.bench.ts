// Solver figures: turn solver per preset in this process; full two-player solves each in a
// child process so its peak memory (maxRSS) is its own. Env: ZILCH_BENCH_SOLVE_PRESETS
// (comma list, default serendipity-creak,farkle-2017; empty to skip), ZILCH_BENCH_SOLVE_TARGET.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPresetId, PRESET_IDS, preset, type RuleSet } from '@zilch/engine';
import {
  loadTwoPlayer,
  saveTwoPlayer,
  solveLongRun,
  solveTwoPlayer,
  TwoPlayerSolution,
} from '@zilch/strategy';

const here = fileURLToPath(import.meta.url);

function rulesFor(id: string, target?: string): RuleSet {
  if (!isPresetId(id)) throw new Error(`unknown preset ${id}`);
  const r = preset(id);
  return target ? { ...r, target: Number(target) } : r;
}

/** Child mode: `solve <preset> <dir> [target]` or `load <preset> <dir> [target]`; prints JSON. */
function child(mode: string, id: string, dir: string, target?: string): void {
  const rules = rulesFor(id, target);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  if (mode === 'solve') {
    const sol = solveTwoPlayer(rules);
    if (!(sol instanceof TwoPlayerSolution)) throw new Error(sol.message);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0).user / 1e6;
    saveTwoPlayer(sol, dir);
    console.log(
      JSON.stringify({
        seconds,
        cpu,
        maxRssMB: process.resourceUsage().maxRSS / 1024,
        states: sol.states,
        sweepsPerTable: sol.sweeps / (sol.T * sol.T),
        capped: sol.capped,
        firstPlayerWins: sol.fresh(0, 0),
      }),
    );
  } else {
    const sol = loadTwoPlayer(rules, dir);
    const seconds = (performance.now() - t0) / 1000;
    console.log(JSON.stringify({ seconds, loaded: sol !== null }));
  }
}

function runChild(args: string[]): Record<string, number | boolean> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', here, '--child', ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, number | boolean>;
}

export default async function bench(): Promise<void> {
  console.log('turn solver (expected points; long-run average where a zilch penalty exists):');
  for (const id of PRESET_IDS) {
    const rules = preset(id);
    const t0 = performance.now();
    const lr = solveLongRun(rules);
    const ms = performance.now() - t0;
    console.log(
      `  ${id.padEnd(18)} ${ms.toFixed(0).padStart(6)} ms   expected turn ${lr.gain.toFixed(3)}`,
    );
  }
  const list = (process.env.ZILCH_BENCH_SOLVE_PRESETS ?? 'serendipity-creak,farkle-2017')
    .split(',')
    .filter(Boolean);
  const target = process.env.ZILCH_BENCH_SOLVE_TARGET;
  for (const id of list) {
    const dir = mkdtempSync(join(tmpdir(), 'zilch-bench-'));
    try {
      const s = runChild(['solve', id, dir, ...(target ? [target] : [])]);
      const l = runChild(['load', id, dir, ...(target ? [target] : [])]);
      console.log(
        `two-player ${id}${target ? ` (target ${target})` : ''}: ${Number(s.seconds).toFixed(1)} s wall, ` +
          `${Number(s.cpu).toFixed(1)} s CPU, peak RSS ${Number(s.maxRssMB).toFixed(0)} MB, ` +
          `${Number(s.states).toLocaleString('en')} states, ${Number(s.sweepsPerTable).toFixed(2)} sweeps/table, ` +
          `capped pairs ${s.capped}, P(first wins) ${Number(s.firstPlayerWins).toFixed(6)}; ` +
          `cache load ${Number(l.seconds).toFixed(2)} s`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

const at = process.argv.indexOf('--child');
if (at >= 0 && process.argv[1] === here) {
  const [mode, id, dir, target] = process.argv.slice(at + 1) as [string, string, string, string?];
  child(mode, id, dir, target);
}
