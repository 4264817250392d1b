// Puzzles (issue 25, item 3): generation time and bank size per preset, from self-play ranked by
// the exact two-player solution (docs/puzzles.md), with the themes found.
//   npm run bench -- puzzles --games 200              (default 50 self-play games per preset)
//   npm run bench -- puzzles --games 200 --preset classic
// ZILCH_BENCH_PUZZLE_GAMES / _PRESETS do the same from the environment.
import { lean, preset } from '@zilch/engine';
import {
  advise,
  defaultCacheDir,
  diskSolutions,
  PUZZLE_THEMES,
  selfPlayPuzzles,
  solutionAvailable,
  solvablePresets,
} from '@zilch/strategy/node';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export default async function puzzlesBench(): Promise<void> {
  const games = Number(flag('games') ?? process.env.ZILCH_BENCH_PUZZLE_GAMES ?? 50);
  const wanted = (flag('preset') ?? process.env.ZILCH_BENCH_PUZZLE_PRESETS)?.split(',');
  const cacheDir = process.env.ZILCH_CACHE_DIR || defaultCacheDir();
  const solutions = diskSolutions(cacheDir);
  console.log(`  ${games} self-play games per preset (cautious against bold), seed 1`);
  console.log(`    preset              puzzles  per game  time     per puzzle  themes`);
  for (const p of solvablePresets()) {
    if (wanted && !wanted.includes(p.id)) continue;
    if (!solutionAvailable(p.rules, cacheDir)) {
      console.log(`    ${p.id.padEnd(18)}  no cached solution (npm run presolve)`);
      continue;
    }
    const rules = preset(p.id);
    // The first ranking reads the solution from disk: timed apart from generation.
    const t0 = performance.now();
    advise(lean.initialState(rules, 2, 0), 'win', { solutions });
    const load = (performance.now() - t0) / 1000;
    const t = performance.now();
    const bank = await selfPlayPuzzles(rules, {
      games,
      seed: 1,
      rank: (s, m) => advise(s, m, { solutions }),
    });
    const s = (performance.now() - t) / 1000;
    const themes = PUZZLE_THEMES.map(
      (th) => `${th} ${bank.filter((x) => x.themes.includes(th)).length}`,
    ).join(', ');
    console.log(
      `    ${p.id.padEnd(18)}  ${String(bank.length).padStart(7)}  ${(bank.length / games).toFixed(2).padStart(8)}  ${s.toFixed(1).padStart(5)} s  ${(bank.length ? s / bank.length : 0).toFixed(2).padStart(8)} s  ${themes} (solution read in ${load.toFixed(1)} s)`,
    );
  }
}
