// Solver figures: turn solver per preset in this process; full two-player solves each in a
// child process so its peak memory (maxRSS) is its own. Env: ZILCH_BENCH_SOLVE_PRESETS
// (comma list, default serendipity-creak,farkle-2017,hot-dice; empty to skip),
// ZILCH_BENCH_SOLVE_TARGET.
// Then the advisor's 'win' fast path against full table sweeps (the path before it), on the
// cached serendipity-creak solution (solved into the cache first if missing; target
// ZILCH_BENCH_ADVISOR_TARGET, default the preset's): decisions per second and optimal v
// expected games per second, in this process. ZILCH_BENCH_ADVISOR_GAMES (default 400).
// Compact solutions: the solve child also measures what the 32-bit store costs the advice (every
// option's value, best moves) on positions from 60 games; then the presets the solver models are
// loaded together in a child and its resident memory printed (presolved into the cache first if
// missing). ZILCH_BENCH_PRESOLVE=1 also times the build's presolve into an empty directory.
// Three players (bench/three-player.ts): only with ZILCH_BENCH_THREE=<preset>:<target>,….
// Zilch penalty: zilch-online at ZILCH_BENCH_PENALTY_TARGET (default 300: the full preset takes
// 38 minutes of CPU, measured, and ships solved: docs/solver.md; empty to skip), in a child like the others.
// ZILCH_BENCH_COMPARE=<revision> runs only the before/after solve comparison (bench/solver-compare.ts);
// ZILCH_BENCH_THREADS=<n> only one thread against n, likewise.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  applyAction,
  isPresetId,
  legalActions,
  lean,
  PRESET_IDS,
  preset,
  seededDice,
  type Action,
  type GameState,
  type RuleSet,
} from '@zilch/engine';
import {
  advise,
  createBot,
  defaultCacheDir,
  lastTurn,
  lockRace,
  legalFor,
  loadTwoPlayer,
  presolve,
  saveTwoPlayer,
  solutionCached,
  solvablePresets,
  simulate,
  solutionKey,
  solveLongRun,
  solveTwoPlayer,
  twoPlayerSolution,
  TwoPlayerSolution,
  type SolutionSource,
} from '@zilch/strategy/node';
import { solverCompareBench } from './solver-compare.ts';
import { threePlayerBench } from './three-player.ts';

const here = fileURLToPath(import.meta.url);
const cacheDir = process.env.ZILCH_CACHE_DIR || defaultCacheDir();

function rulesFor(id: string, target?: string): RuleSet {
  if (!isPresetId(id)) throw new Error(`unknown preset ${id}`);
  const r = preset(id);
  return target ? { ...r, target: Number(target) } : r;
}

/** Child mode: `solve <preset> <dir> [target]`, `load <preset> <dir> [target]` or `memory - <dir>`; prints JSON. */
function child(mode: string, id: string, dir: string, target?: string): void {
  if (mode === 'memory') return memoryChild(dir);
  const rules = rulesFor(id, target);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  if (mode === 'solve') {
    const sol = solveTwoPlayer(rules);
    if (!(sol instanceof TwoPlayerSolution)) throw new Error(sol.message);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0).user / 1e6;
    const maxRssMB = process.resourceUsage().maxRSS / 1024;
    saveTwoPlayer(sol, dir);
    // Saving makes the compact copy (32-bit) beside the 64-bit store the solve filled.
    const savedRssMB = process.resourceUsage().maxRSS / 1024;
    console.log(
      JSON.stringify({
        seconds,
        cpu,
        maxRssMB,
        savedRssMB,
        ...(sol.withOffers ? compactError(sol) : {}),
        states: sol.states,
        sweepsPerTable: sol.sweeps / (sol.T * sol.T),
        capped: sol.capped,
        firstPlayerWins: sol.fresh(0, 0),
        // Under Hot Dice doubling: pairs proven exact past the ceiling, and the worst bound.
        ceiling: sol.doubling ? sol.ceilingBound() : null,
        // Under a zilch penalty: full passes over the sums of scores, their table sweeps, the
        // re-evaluation passes between them and the values re-decided without a sweep.
        passes: sol.passes,
        penalty: sol.penaltyStats,
      }),
    );
  } else {
    const sol = loadTwoPlayer(rules, dir);
    const seconds = (performance.now() - t0) / 1000;
    console.log(JSON.stringify({ seconds, loaded: sol !== null }));
  }
}

const fromSolution = (sol: TwoPlayerSolution): SolutionSource => ({ solution: () => sol });

/**
 * What keeping the roll values as 32-bit floats costs the advice: on every position where
 * `optimal` (playing on the compact solution) chose in 60 games against `expected`, each
 * option's value against the 64-bit solve's, the best moves that differ, and what choosing
 * on the compact values loses by the exact ones.
 */
function compactError(exact: TwoPlayerSolution): Record<string, number> {
  const compact = exact.compact();
  const positions = optimalPositions(exact.rules, 60, fromSolution(compact));
  // Decisions per second on each, from empty pair caches, in the same run.
  const ranked = (sol: TwoPlayerSolution) => {
    sol.forgetRolls();
    const t0 = performance.now();
    const out = positions.map((s) => advise(s, 'win', { solutions: fromSolution(sol) }));
    return { out, rate: positions.length / ((performance.now() - t0) / 1000) };
  };
  // Alternated, best of two each: the first pass also warms the code up.
  const exactRanks = ranked(exact);
  const compactRanks = ranked(compact);
  const rate64 = Math.max(exactRanks.rate, ranked(exact).rate);
  const rate32 = Math.max(compactRanks.rate, ranked(compact).rate);
  let worst = 0;
  let changed = 0;
  let worstLoss = 0;
  let options = 0;
  for (let i = 0; i < positions.length; i++) {
    const want = exactRanks.out[i]!;
    const got = compactRanks.out[i]!;
    const exactValue = new Map(want.options.map((o) => [o.label, o.value]));
    for (const o of got.options) {
      worst = Math.max(worst, Math.abs(o.value - exactValue.get(o.label)!));
      options++;
    }
    if (got.options[0]!.label !== want.options[0]!.label) {
      changed++;
      worstLoss = Math.max(
        worstLoss,
        want.options[0]!.value - exactValue.get(got.options[0]!.label)!,
      );
    }
  }
  return {
    positions: positions.length,
    options,
    worst,
    changed,
    worstLoss,
    rate64,
    rate32,
  };
}

/** The solvable presets loaded together from `dir`: resident memory before, after, after play. */
function memoryChild(dir: string): void {
  const rss = () => process.memoryUsage.rss() / 2 ** 20;
  const before = rss();
  const t0 = performance.now();
  const sols = solvablePresets().map(({ id, rules }) => {
    const sol = loadTwoPlayer(rules, dir);
    if (!sol) throw new Error(`${id} is not cached in ${dir}`);
    return sol;
  });
  const loadSeconds = (performance.now() - t0) / 1000;
  const bytes = sols.reduce((n, s) => n + s.store.byteLength + (s.freshValues?.byteLength ?? 0), 0);
  const loaded = rss();
  // Advice on every preset fills the advisor's pair caches (one 64 MB budget for all).
  let decisions = 0;
  for (const sol of sols) decisions += optimalPositions(sol.rules, 40, fromSolution(sol)).length;
  console.log(
    JSON.stringify({
      before,
      loaded,
      played: rss(),
      peak: process.resourceUsage().maxRSS / 1024,
      storeMB: bytes / 1e6,
      loadSeconds,
      decisions,
    }),
  );
}

/** A penalty solve's passes (`TwoPlayerSolution.penaltyStats`). */
interface PenaltyStats {
  passes: number;
  linearPasses: number;
  skipped: number;
  sweptByPass: number[];
}

type ChildOut = Record<
  string,
  number | boolean | { exactPairs: number; pairs: number; worst: number } | null
>;

function runChild(args: string[]): ChildOut {
  const out = execFileSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', here, '--child', ...args],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as ChildOut;
}

export default async function bench(): Promise<void> {
  if (process.env.ZILCH_BENCH_COMPARE || process.env.ZILCH_BENCH_THREADS)
    return solverCompareBench();
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
  lastTurnBench();
  lastTurnGain();
  lockRaceBench();
  threePlayerBench();
  const list = (process.env.ZILCH_BENCH_SOLVE_PRESETS ?? 'serendipity-creak,farkle-2017,hot-dice')
    .split(',')
    .filter(Boolean);
  const penaltyTarget = process.env.ZILCH_BENCH_PENALTY_TARGET ?? '300';
  const rows: [string, string | undefined][] = list.map((id) => [
    id,
    process.env.ZILCH_BENCH_SOLVE_TARGET,
  ]);
  if (penaltyTarget) rows.push(['zilch-online', penaltyTarget]);
  for (const [id, target] of rows) {
    const dir = mkdtempSync(join(tmpdir(), 'zilch-bench-'));
    try {
      const s = runChild(['solve', id, dir, ...(target ? [target] : [])]);
      const l = runChild(['load', id, dir, ...(target ? [target] : [])]);
      console.log(
        `two-player ${id}${target ? ` (target ${target})` : ''}: ${Number(s.seconds).toFixed(1)} s wall, ` +
          `${Number(s.cpu).toFixed(1)} s CPU, peak RSS ${Number(s.maxRssMB).toFixed(0)} MiB ` +
          `(${Number(s.savedRssMB).toFixed(0)} MiB once saved compact), ` +
          `${Number(s.states).toLocaleString('en')} states, ${Number(s.sweepsPerTable).toFixed(2)} sweeps/table, ` +
          `capped pairs ${String(s.capped)}, P(first wins) ${Number(s.firstPlayerWins).toFixed(6)}; ` +
          penaltyNote(s.penalty as unknown as PenaltyStats | null | undefined) +
          ceilingNote(s.ceiling) +
          `cache load ${Number(l.seconds).toFixed(2)} s`,
      );
      if (s.positions !== undefined)
        console.log(
          `  32-bit roll values (cache and memory): ${s.positions} positions of optimal, ${s.options} options: ` +
            `worst |value − 64-bit| ${Number(s.worst).toExponential(2)} (bound 2^-25 = ${(2 ** -25).toExponential(2)}), ` +
            `best move changed in ${s.changed}, worst loss ${Number(s.worstLoss).toExponential(2)}; ` +
            `decisions/s 64-bit ${Number(s.rate64).toFixed(0)}, 32-bit ${Number(s.rate32).toFixed(0)}`,
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  await advisorBench();
  await presolveBench();
}

/** A penalty solve's passes, for its row. */
function penaltyNote(p: PenaltyStats | null | undefined): string {
  if (!p) return '';
  return (
    `${p.passes} full passes (table sweeps ${p.sweptByPass.join(' + ')}), ` +
    `${p.linearPasses} re-evaluation passes, ` +
    `${p.skipped.toLocaleString('en')} values re-decided without a sweep; `
  );
}

/** The build's presolve, and the memory of every solvable preset loaded together. */
async function presolveBench(): Promise<void> {
  const threads = Math.min(2, availableParallelism());
  const time = async (dir: string, what: string) => {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const done = await presolve(solvablePresets(), {
      dir,
      threads,
      onDone: (r) => r.solved && console.log(`    ${r.id} ${r.seconds.toFixed(1)} s wall`),
    });
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `presolve (${what}, ${threads} threads): ${done.filter((r) => r.solved).length} solved in ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`,
    );
  };
  if (process.env.ZILCH_BENCH_PRESOLVE === '1') {
    const dir = mkdtempSync(join(tmpdir(), 'zilch-presolve-'));
    try {
      await time(dir, 'the build step on a fresh install');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!solvablePresets().every((p) => solutionCached(p.rules, cacheDir)))
    await time(cacheDir, `missing presets into ${cacheDir}`);
  const m = runChild(['memory', '-', cacheDir]);
  console.log(
    `all solvable presets loaded together (${solvablePresets()
      .map((p) => p.id)
      .join(
        ', ',
      )}): ${Number(m.storeMB).toFixed(1)} MB of values, loaded in ${Number(m.loadSeconds).toFixed(2)} s; ` +
      `RSS ${Number(m.before).toFixed(0)} MiB before, ${Number(m.loaded).toFixed(0)} MiB loaded, ` +
      `${Number(m.played).toFixed(0)} MiB after ${m.decisions} decisions (pair caches at most 64 MiB), peak ${Number(m.peak).toFixed(0)} MiB`,
  );
}

/** Under doubling: how many pairs the ceiling provably leaves exact, and the bound elsewhere. */
function ceilingNote(c: ChildOut[string]): string {
  if (!c || typeof c !== 'object') return '';
  return `ceiling: ${c.exactPairs.toLocaleString('en')} of ${c.pairs.toLocaleString('en')} pairs exact, bound elsewhere ${c.worst.toExponential(2)}; `;
}

/**
 * The last-turn solver per preset: one table for a player 2,000 points behind (tie possible,
 * on the board), then one 10,000 behind; a fresh start's chance to win from each. Without
 * Hot Dice doubling the second grows the first's shared table.
 */
function lastTurnBench(): void {
  console.log(
    'last-turn solver (exact chance to win the last turn, tie = 1/2; the first time includes the turn kernel):',
  );
  for (const id of PRESET_IDS) {
    const rules = preset(id);
    const cells = [2000, 10_000].map((behind) => {
      const t0 = performance.now();
      const goal = {
        win: behind / 50 + 1,
        tieShare: 0.5,
        min: rules.bankMinimum / 50,
        zilchShare: 0,
      };
      const v = lastTurn(rules, goal).roll(0, rules.dice);
      return `${behind} behind ${(performance.now() - t0).toFixed(0).padStart(5)} ms, wins ${v.toFixed(6)}`;
    });
    console.log(`  ${id.padEnd(18)} ${cells.join('   ')}`);
  }
}

/**
 * With ZILCH_BENCH_LAST_TURN_GAMES=n (default 0: skipped): `expected`, which plays last turns
 * exactly, against the old `expected` (the points advice everywhere), n games per preset the
 * two-player solver does not take, full targets, seats taking turns to start.
 */
function lastTurnGain(): void {
  const games = Number(process.env.ZILCH_BENCH_LAST_TURN_GAMES ?? 0);
  if (!(games > 0)) return;
  const old = {
    decide(s: GameState): Action {
      const legal = legalActions(s);
      for (const o of advise(s, 'points').options) {
        const a = legalFor(s, o.move, legal);
        if (a) return a;
      }
      return legal[0]!;
    },
  };
  for (const id of ['zilch-online', 'hot-dice', 'ten-dice'] as const) {
    const rules = preset(id);
    const dice = seededDice(99);
    let share = 0;
    const t0 = performance.now();
    for (let g = 0; g < games; g++) {
      const bots = [createBot('expected', rules, g), old];
      let s: GameState = lean.initialState(rules, 2, g % 2);
      while (s.phase !== 'over') {
        const r = applyAction(s, bots[s.current]!.decide(s), dice);
        if (!r.ok) throw new Error(r.error.message);
        s = r.state;
      }
      share += s.winners.includes(0) ? 1 / s.winners.length : 0;
    }
    const p = share / games;
    const h = 1.96 * Math.sqrt((p * (1 - p)) / games);
    console.log(
      `  expected (exact last turns) v old expected, ${id}, ${games} games: ${p.toFixed(4)} ` +
        `[${(p - h).toFixed(4)}, ${(p + h).toFixed(4)}] in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
}

/**
 * Ten Dice's precompute for `optimal` (solver/lock-race.ts): the expected-play turn
 * distribution, the last-turn shares and the chain over scores; then `optimal`'s time per
 * decision over ZILCH_BENCH_LOCK_GAMES (default 20) games against `expected`.
 */
function lockRaceBench(): void {
  const rules = preset('ten-dice');
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  const race = lockRace(rules);
  const ms = performance.now() - t0;
  const mb = (process.memoryUsage().rss - rss0) / 2 ** 20;
  console.log(
    `ten-dice lock race: ${ms.toFixed(0)} ms (turn solve and kernel included), +${mb.toFixed(0)} MiB RSS, ` +
      `W ${race.T}×${race.T}, turn distribution ${race.P.length} totals (mass left out ${race.lost.toExponential(1)}), ` +
      `last turns to ${race.maxDeficit * 50} behind; P(first wins), expected v expected ${race.win(0, 0).toFixed(4)}`,
  );
  const games = Number(process.env.ZILCH_BENCH_LOCK_GAMES ?? 20);
  const opt = createBot('optimal', rules, 1);
  const dice = seededDice(7);
  let n = 0;
  let spent = 0;
  let worst = 0;
  for (let g = 0; g < games; g++) {
    const bots = [opt, createBot('expected', rules, g)];
    let s: GameState = lean.initialState(rules, 2, g % 2);
    while (s.phase !== 'over') {
      const t = performance.now();
      const a = bots[s.current]!.decide(s);
      if (s.current === 0) {
        const d = performance.now() - t;
        [n, spent, worst] = [n + 1, spent + d, Math.max(worst, d)];
      }
      const r = applyAction(s, a, dice);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
  }
  console.log(
    `  optimal on ten-dice, ${games} games v expected: ${n} decisions, ${(spent / n).toFixed(2)} ms mean, ` +
      `${worst.toFixed(0)} ms worst`,
  );
}

/** Positions where `optimal` (seat 0 or 1 by turns) has a choice, in the order games meet them. */
function optimalPositions(rules: RuleSet, games: number, solutions?: SolutionSource): GameState[] {
  const out: GameState[] = [];
  const dice = seededDice(7);
  for (let g = 0; g < games; g++) {
    const optimalSeat = g % 2;
    const expected = createBot('expected', rules, g);
    let s: GameState = lean.initialState(rules, 2, 0);
    while (s.phase !== 'over') {
      const legal = legalActions(s);
      let a: Action;
      if (s.current !== optimalSeat) a = expected.decide(s);
      else if (legal.length === 1) a = legal[0]!;
      else {
        out.push(s);
        const m = advise(s, 'win', solutions ? { solutions } : {}).options[0]!.move;
        a = { ...m, seat: s.current } as Action;
      }
      const r = applyAction(s, a, dice);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
    }
  }
  return out;
}

async function advisorBench(): Promise<void> {
  const target = process.env.ZILCH_BENCH_ADVISOR_TARGET;
  const rules = rulesFor('serendipity-creak', target);
  const games = Number(process.env.ZILCH_BENCH_ADVISOR_GAMES ?? 400);
  const t0 = performance.now();
  const sol = twoPlayerSolution(rules, { dir: cacheDir });
  if (!(sol instanceof TwoPlayerSolution)) throw new Error(sol.message);
  console.log(
    `advisor 'win', serendipity-creak${target ? ` (target ${target})` : ''}: solution at hand in ` +
      `${((performance.now() - t0) / 1000).toFixed(2)} s (cached: a load; else a solve)`,
  );
  const positions = optimalPositions(rules, 60);
  const decisions = (reference: boolean): { rate: number; values: number[] } => {
    sol.referenceTables = reference;
    sol.forgetRolls();
    const values: number[] = [];
    const started = performance.now();
    for (const s of positions) {
      // Before: the rule set was hashed on every call (a copy defeats the per-object key).
      if (reference) solutionKey({ ...rules });
      values.push(advise(s, 'win').options[0]!.value);
    }
    return { rate: positions.length / ((performance.now() - started) / 1000), values };
  };
  const before = decisions(true);
  const after = decisions(false);
  const same = before.values.every((v, i) => Object.is(v, after.values[i]));
  console.log(
    `  optimal decisions/s (${positions.length} positions from 60 games): ` +
      `full sweeps ${before.rate.toFixed(0)}, fast path ${after.rate.toFixed(0)} ` +
      `(x${(after.rate / before.rate).toFixed(1)}); best values identical: ${same}`,
  );
  const play = async (reference: boolean) => {
    sol.referenceTables = reference;
    sol.forgetRolls();
    return simulate({
      rules,
      bots: ['optimal', 'expected'],
      games,
      seed: 1,
      workers: 1,
      cacheDir,
    });
  };
  const slow = await play(true);
  const fast = await play(false);
  const gps = (r: typeof slow) => r.games / r.seconds;
  console.log(
    `  optimal v expected, ${games} games, 1 thread: full sweeps ${gps(slow).toFixed(0)} games/s, ` +
      `fast path ${gps(fast).toFixed(0)} games/s (x${(gps(fast) / gps(slow)).toFixed(1)}); ` +
      `same results: ${JSON.stringify(slow.seats) === JSON.stringify(fast.seats)}`,
  );
  sol.referenceTables = false;
}

const at = process.argv.indexOf('--child');
if (at >= 0 && process.argv[1] === here) {
  const [mode, id, dir, target] = process.argv.slice(at + 1) as [string, string, string, string?];
  child(mode, id, dir, target);
}
