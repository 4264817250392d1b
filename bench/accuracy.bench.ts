// Accuracy (issue 25, item 6): each bot's accuracy against `optimal` over games, judged decision by
// decision by the exact two-player solver (docs/server.md, "Accuracy"). `optimal` must print 100.
//   npm run bench -- accuracy --games 1000             (default 20 games per bot)
//   npm run bench -- accuracy --games 1000 --preset farkle-2017
// ZILCH_BENCH_ACCURACY_GAMES / _PRESETS do the same from the environment.
import { PRESET_IDS, preset, type PresetId } from '@zilch/engine';
import {
  defaultCacheDir,
  diskSolutions,
  measureBotAccuracy,
  type BotId,
} from '@zilch/strategy/node';

const BOTS: BotId[] = ['optimal', 'expected', 'cautious', 'random'];

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export default async function accuracyBench(): Promise<void> {
  const games = Number(flag('games') ?? process.env.ZILCH_BENCH_ACCURACY_GAMES ?? 20);
  const list = (
    flag('preset') ??
    process.env.ZILCH_BENCH_ACCURACY_PRESETS ??
    'serendipity-creak,farkle-2017'
  )
    .split(',')
    .filter((p): p is PresetId => (PRESET_IDS as readonly string[]).includes(p));
  const cacheDir = process.env.ZILCH_CACHE_DIR || defaultCacheDir();
  const solutions = diskSolutions(cacheDir);
  console.log(`  ${games} games per bot against optimal, seats alternating; seed 1`);
  for (const id of list) {
    const rules = preset(id);
    console.log(`  ${id}:`);
    console.log(
      '    bot        accuracy  per-game mean ± sd  decisions  mean loss  inacc  mist  blund  time',
    );
    for (const bot of BOTS) {
      const t = performance.now();
      const r = measureBotAccuracy(rules, bot, games, 1, solutions);
      const s = (performance.now() - t) / 1000;
      console.log(
        `    ${bot.padEnd(9)}  ${(r.accuracy ?? 0).toFixed(1).padStart(8)}  ${r.gameMean.toFixed(1).padStart(9)} ± ${r.gameSd.toFixed(1).padEnd(6)}  ${String(r.decisions).padStart(9)}  ${r.meanLoss.toFixed(3).padStart(9)}  ${String(r.inaccuracies).padStart(5)}  ${String(r.mistakes).padStart(4)}  ${String(r.blunders).padStart(5)}  ${s.toFixed(1)} s`,
      );
    }
  }
}
