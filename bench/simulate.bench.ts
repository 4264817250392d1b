// Simulated games per second for pairs of bots, in one thread and on every core.
// Each pair is first timed on 200 games, then measured on about ZILCH_BENCH_SECONDS (default 4)
// seconds of single-thread work, so slow bots (optimal) and fast ones both get a fair sample.
// ZILCH_BENCH_PAIRS picks the pairs, e.g. "cautious,bold;expected,optimal".
// Advised bots read (and fill) the solution cache in ZILCH_CACHE_DIR (default ~/.cache/zilch).
import { availableParallelism } from 'node:os';
import { preset } from '@zilch/engine';
import { defaultCacheDir, simulate, type BotId } from '@zilch/strategy/node';

const DEFAULT_PAIRS =
  'random,random;cautious,random;cautious,bold;expected,cautious;optimal,expected';

export default async function bench(): Promise<void> {
  const seconds = Number(process.env.ZILCH_BENCH_SECONDS ?? 4);
  const cacheDir = process.env.ZILCH_CACHE_DIR || defaultCacheDir();
  const rules = preset('serendipity-creak');
  const cores = availableParallelism();
  const pairs = (process.env.ZILCH_BENCH_PAIRS ?? DEFAULT_PAIRS)
    .split(';')
    .map((p) => p.split(',') as BotId[]);
  console.log(
    `  serendipity-creak, ${cores} cores (worker figures include ~1 s of worker start-up)`,
  );
  console.log(
    `  ${'bots'.padEnd(20)} ${'games'.padStart(7)} ${'1 thread'.padStart(12)} ${`${cores} threads`.padStart(12)}`,
  );
  for (const bots of pairs) {
    const name = bots.join(' v ');
    const run = (games: number, workers: number) =>
      simulate({ rules, bots, games, seed: 1, workers, cacheDir });
    // Also warms up: solutions the bots need are made (or loaded) here, outside the figures.
    const probe = await run(200, 1);
    const games = Math.max(
      200,
      Math.min(50_000, Math.round((probe.games / probe.seconds) * seconds)),
    );
    const rate = async (workers: number): Promise<string> => {
      const r = await run(games, workers);
      return `${Math.round(r.games / r.seconds)} g/s`;
    };
    const one = await rate(1);
    const all = await rate(cores);
    console.log(
      `  ${name.padEnd(20)} ${String(games).padStart(7)} ${one.padStart(12)} ${all.padStart(12)}`,
    );
  }
}
