// Simulated games per second for pairs of bots, in one thread and on every core.
// ZILCH_BENCH_GAMES sets the games per measurement (default 2000);
// ZILCH_BENCH_PAIRS a list like "cautious,bold;expected,optimal".
import { availableParallelism } from 'node:os';
import { preset } from '@zilch/engine';
import { botAvailable, simulate, type BotId } from '@zilch/strategy';

const DEFAULT_PAIRS =
  'random,random;cautious,random;cautious,bold;expected,cautious;optimal,expected';

export default async function bench(): Promise<void> {
  const games = Number(process.env.ZILCH_BENCH_GAMES ?? 2000);
  const rules = preset('serendipity-creak');
  const cores = availableParallelism();
  const pairs = (process.env.ZILCH_BENCH_PAIRS ?? DEFAULT_PAIRS)
    .split(';')
    .map((p) => p.split(',') as BotId[]);
  console.log(`  serendipity-creak, ${games} games per figure, ${cores} cores`);
  console.log(
    `  ${'bots'.padEnd(20)} ${'1 thread'.padStart(12)} ${`${cores} workers`.padStart(12)}`,
  );
  for (const bots of pairs) {
    const name = bots.join(' v ');
    if (!bots.every((b) => botAvailable(b))) {
      console.log(`  ${name.padEnd(20)} (needs the advisor)`);
      continue;
    }
    const rate = async (workers: number): Promise<string> => {
      const r = await simulate({ rules, bots, games, seed: 1, workers });
      return `${Math.round(r.games / r.seconds)} g/s`;
    };
    const one = await rate(1);
    const all = await rate(cores);
    console.log(`  ${name.padEnd(20)} ${one.padStart(12)} ${all.padStart(12)}`);
  }
}
