// Does `optimal` play the solution it reads? For every preset with an exact two-player solution:
// `optimal` against itself, whose first-seat win rate must sit around the solution's own
// P(first player wins) (its 95 % interval printed, and whether it holds that value), then
// `optimal` against `expected` with seats rotating (so both seat orders, equally often), which
// must be above ½. Ten Dice has no exact solution; its `optimal` (the expected-points race at
// that size) against `expected` is printed the same way.
//   ZILCH_BENCH_SELF_GAMES     games of optimal v optimal per preset (default 20000; 0 skips them)
//   ZILCH_BENCH_VERSUS_GAMES   games of optimal v expected per preset (default 10000; 0 skips them)
//   ZILCH_BENCH_EDGE_GAMES     games of expected v optimal whose decisions are valued by the
//                              solution (default 10000; 0 skips them): the edge `optimal` should
//                              have, ½ + expected's mean summed decision loss, exact in
//                              expectation (botRegret), printed beside the measured one
//   ZILCH_BENCH_SELF_SEED      seed of the self-play games (default 26), to repeat a miss on other dice
//   ZILCH_BENCH_PRESETS        comma list of preset ids (default: the solvable ones, then ten-dice)
// Advised bots read the solution cache in ZILCH_CACHE_DIR (default ~/.cache/zilch): run
// `npm run presolve` first, or the first game of a preset waits for its solve.
import { availableParallelism } from 'node:os';
import { preset, type PresetId } from '@zilch/engine';
import {
  botRegret,
  createBot,
  defaultCacheDir,
  diskSolutions,
  simulate,
  solvablePresets,
  twoPlayerSolution,
  TwoPlayerSolution,
} from '@zilch/strategy/node';

const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
const interval = ([lo, hi]: [number, number]) => `[${pct(lo)}, ${pct(hi)}]`;

export default async function bench(): Promise<void> {
  const selfGames = Number(process.env.ZILCH_BENCH_SELF_GAMES ?? 20_000);
  const versusGames = Number(process.env.ZILCH_BENCH_VERSUS_GAMES ?? 10_000);
  const edgeGames = Number(process.env.ZILCH_BENCH_EDGE_GAMES ?? 10_000);
  const cacheDir = process.env.ZILCH_CACHE_DIR || defaultCacheDir();
  const workers = availableParallelism();
  const ids = (process.env.ZILCH_BENCH_PRESETS?.split(',') ?? [
    ...solvablePresets().map((p) => p.id),
    'ten-dice',
  ]) as PresetId[];
  console.log(
    `  ${selfGames} games optimal v optimal, ${versusGames} optimal v expected (seats rotate), ${workers} threads`,
  );
  for (const id of ids) {
    const rules = preset(id);
    const sol = twoPlayerSolution(rules, { dir: cacheDir });
    if (selfGames === 0) {
      console.log(`  ${id.padEnd(18)} self-play not run (ZILCH_BENCH_SELF_GAMES=0)`);
    } else if (sol instanceof TwoPlayerSolution) {
      const predicted = sol.fresh(0, 0);
      const self = await simulate({
        rules,
        bots: ['optimal', 'optimal'],
        games: selfGames,
        seed: Number(process.env.ZILCH_BENCH_SELF_SEED ?? 26),
        workers,
        cacheDir,
      });
      const [lo, hi] = self.firstPlayerCi95;
      const holds = lo <= predicted && predicted <= hi;
      console.log(
        `  ${id.padEnd(18)} self-play first seat ${pct(self.firstPlayerWinRate)} ${interval(self.firstPlayerCi95)}; ` +
          `solution ${pct(predicted)}: ${holds ? 'inside' : 'OUTSIDE'} the interval (${self.seconds.toFixed(1)} s)`,
      );
    } else {
      console.log(`  ${id.padEnd(18)} no exact two-player solution: self-play not compared`);
    }
    // The edge the solution gives `optimal` over `expected`'s policy, from expected's decisions.
    let edge: { share: number; half: number } | null = null;
    if (edgeGames > 0 && sol instanceof TwoPlayerSolution) {
      const solutions = diskSolutions(cacheDir);
      const started = performance.now();
      const r = botRegret(rules, createBot('expected', rules, 0, { solutions }), {
        games: edgeGames,
        seed: 28,
        solutions,
      });
      edge = { share: 0.5 + r.loss, half: 1.96 * r.se };
      console.log(
        `  ${''.padEnd(18)} solution's edge over expected: ${pct(edge.share)} ± ${(100 * edge.half).toFixed(2)} ` +
          `(½ + expected's decision losses, ${r.games} games, exact in expectation; ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
    if (versusGames === 0) continue;
    const versus = await simulate({
      rules,
      bots: ['optimal', 'expected'],
      games: versusGames,
      seed: 27,
      workers,
      cacheDir,
    });
    const o = versus.seats[0];
    if (!o) continue;
    // Both estimate the same number: they agree when their difference is inside the two errors.
    const agrees =
      edge === null
        ? ''
        : `; ${Math.abs(o.winRate - edge.share) <= Math.hypot((o.ci95[1] - o.ci95[0]) / 2, edge.half) ? 'agrees with' : 'DISAGREES with'} the solution's edge`;
    console.log(
      `  ${''.padEnd(18)} optimal v expected ${pct(o.winRate)} ${interval(o.ci95)} over ${versus.games} games` +
        ` (optimal started ${o.starts}); ${o.ci95[0] > 0.5 ? 'above' : 'NOT above'} ½ with its interval${agrees}` +
        `; zilch rate ${pct(o.zilchRate)} v ${pct(versus.seats[1]?.zilchRate ?? 0)} (${versus.seconds.toFixed(1)} s)`,
    );
  }
}
