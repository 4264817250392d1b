// The strategy card (issue 13): its win share against `optimal` (`expected` where the rules have
// no two-player solution), two players, seats alternating, simulated through `simulate`; and,
// where the exact solution exists, the loss estimated from the card's own decisions (mean of
// the win share each decision gives up, exact in expectation, a far smaller spread).
// ZILCH_BENCH_CARD_PRESETS (default "serendipity-creak,farkle-2017"; "all" for every preset),
// ZILCH_BENCH_CARD_GAMES (default 2000; 10000 for ±1 point), ZILCH_BENCH_CARD_REGRET_GAMES
// (default 500) on each of ZILCH_BENCH_CARD_REGRET_SEEDS (default "3"; several: also their
// mean), ZILCH_BENCH_CARD_TUNE=N: first re-run the parameter search with N games per
// candidate and print the parameters it finds (minutes; paste them into card/params.ts);
// ZILCH_BENCH_CARD_FIT=N: first refit a banded card's tables, one round on N games of seeds 7
// and 17 (`fitCard`), and print the tables and their decision loss on seed 13.
// The short card (issue 25: at most 20 numbers) is measured first, the same way, with
// ZILCH_BENCH_CARD_SHORT_GAMES games (default: ZILCH_BENCH_CARD_GAMES; the issue's figure is
// 100,000 on farkle-2017); ZILCH_BENCH_CARD_DETAILED=0 skips the detailed card.
// Solutions come from (and go to) ZILCH_CACHE_DIR (default ~/.cache/zilch).
import { loadavg } from 'node:os';
import { preset, PRESET_IDS, type PresetId } from '@zilch/engine';
import {
  cardRegret,
  defaultCacheDir,
  diskSolutions,
  fitCard,
  simulate,
  strategyCard,
  tuneCard,
  twoPlayerUnsupported,
} from '@zilch/strategy/node';

const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;

export default async function bench(): Promise<void> {
  const list = process.env.ZILCH_BENCH_CARD_PRESETS ?? 'serendipity-creak,farkle-2017';
  const ids = (list === 'all' ? PRESET_IDS : list.split(',')) as PresetId[];
  const games = Number(process.env.ZILCH_BENCH_CARD_GAMES ?? 2000);
  const regretGames = Number(process.env.ZILCH_BENCH_CARD_REGRET_GAMES ?? 500);
  const regretSeeds = (process.env.ZILCH_BENCH_CARD_REGRET_SEEDS ?? '3').split(',').map(Number);
  const tune = Number(process.env.ZILCH_BENCH_CARD_TUNE ?? 0);
  const shortGames = Number(process.env.ZILCH_BENCH_CARD_SHORT_GAMES ?? games);
  const detailed = process.env.ZILCH_BENCH_CARD_DETAILED !== '0';
  const cacheDir = process.env.ZILCH_CACHE_DIR || defaultCacheDir();
  console.log(
    `  load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  for (const id of ids) {
    const rules = preset(id);
    const supported = !twoPlayerUnsupported(rules);
    const against = supported ? 'optimal' : 'expected';
    const solutions = diskSolutions(cacheDir);
    const short = strategyCard(rules).short;
    if (shortGames > 0) {
      const r = await simulate({
        rules,
        bots: ['card', against],
        card: short.params,
        games: shortGames,
        seed: 1,
        cacheDir,
      });
      const s = r.seats[0]!;
      console.log(
        `  ${id}: short card (${short.numbers.length} numbers${short.tuned ? ', fitted' : ''}) v ${against}, ${r.games} games, seats alternating, seed 1: ${pct(s.winRate)} [${pct(s.ci95[0])}, ${pct(s.ci95[1])}] → ${((0.5 - s.winRate) * 100).toFixed(2)} points below ½ (${r.seconds.toFixed(1)} s)`,
      );
      console.log(
        `    short figure: { against: '${against}', games: ${r.games}, seed: 1, winRate: ${s.winRate.toFixed(4)}, ci95: [${s.ci95[0].toFixed(4)}, ${s.ci95[1].toFixed(4)}] }`,
      );
    }
    if (!detailed) continue;
    if (tune > 0 && supported) {
      const found = tuneCard(rules, strategyCard(rules).params, {
        games: tune,
        seed: 7,
        solutions,
        passes: 2,
      });
      console.log(
        `  ${id}: tuned ${JSON.stringify(found.params)} loss ${found.regret.loss.toFixed(4)} ± ${found.regret.se.toFixed(4)}`,
      );
    }
    const fit = Number(process.env.ZILCH_BENCH_CARD_FIT ?? 0);
    if (fit > 0 && supported && strategyCard(rules).params.bankGrid) {
      const params = fitCard(rules, strategyCard(rules).params, {
        rounds: 1,
        games: fit,
        seeds: [7, 17],
        window: { lo: 0.85, hi: 1.2 },
        solutions,
      });
      const g = cardRegret(rules, params, { games: 1000, seed: 13, solutions });
      console.log(
        `  ${id}: refitted ${JSON.stringify(params)} decision loss on seed 13: ${(g.loss * 100).toFixed(2)} ± ${(1.96 * g.se * 100).toFixed(2)} points`,
      );
    }
    const card = strategyCard(rules);
    const r = await simulate({ rules, bots: ['card', against], games, seed: 1, cacheDir });
    const s = r.seats[0]!;
    console.log(
      `  ${id}: card v ${against}, ${r.games} games, seed 1: ${pct(s.winRate)} [${pct(s.ci95[0])}, ${pct(s.ci95[1])}] → ${((0.5 - s.winRate) * 100).toFixed(2)} points below ½ (${r.seconds.toFixed(1)} s, ${card.tuned ? 'tuned' : 'default'} parameters)`,
    );
    console.log(
      `    figure: { against: '${against}', games: ${r.games}, seed: 1, winRate: ${s.winRate.toFixed(4)}, ci95: [${s.ci95[0].toFixed(4)}, ${s.ci95[1].toFixed(4)}] }`,
    );
    if (supported && regretGames > 0) {
      const seeds = regretSeeds.map((seed) => {
        const started = performance.now();
        const g = cardRegret(rules, card.params, { games: regretGames, seed, solutions });
        console.log(
          `    decision losses, ${g.games} games, seed ${seed}: ${(g.loss * 100).toFixed(2)} ± ${(1.96 * g.se * 100).toFixed(2)} points (95%) below ½ (${((performance.now() - started) / 1000).toFixed(1)} s)`,
        );
        return g;
      });
      if (seeds.length > 1) {
        // The same number of games on each seed: the mean of the means, its errors combined.
        const mean = seeds.reduce((a, g) => a + g.loss, 0) / seeds.length;
        const se = Math.sqrt(seeds.reduce((a, g) => a + g.se * g.se, 0)) / seeds.length;
        console.log(
          `    decision losses, seeds ${regretSeeds.join(', ')}: ${(mean * 100).toFixed(2)} ± ${(1.96 * se * 100).toFixed(2)} points (95%) below ½`,
        );
      }
      const kinds = new Map<string, number>();
      for (const g of seeds)
        for (const [k, v] of Object.entries(g.byKind))
          kinds.set(k, (kinds.get(k) ?? 0) + v / seeds.length);
      const top = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6);
      console.log(
        `    largest, in points: ${top.map(([k, v]) => `${k} ${(v * 100).toFixed(2)}`).join(', ')}`,
      );
    }
  }
}
