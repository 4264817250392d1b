// Three players (docs/solver.md, "Three players"): the exact three-player solve of a small
// target, then seat 0 played by the exact policy, `exploit`, `optimal`, `optimal` with the leader
// valuation, the earlier `optimal` (leader, no chained final round) and `expected`, each
// against two `expected`, with
// each one's loss per decision under the exact values. Heavy: only with
// ZILCH_BENCH_THREE=<preset>:<target>[,…] (e.g. serendipity-creak:500,classic:500);
// ZILCH_BENCH_THREE_GAMES games each (default 2,000). ZILCH_BENCH_RACE=<preset>[,…] times the
// `exploit` bot's race tables at the preset's full target (built once per process).
import { legalActions, preset, seededDice, type Action, type GameState } from '@zilch/engine';
import {
  advise,
  createBot,
  ExpectedRace,
  exactLoss,
  exactThreeBot,
  legalFor,
  playGame,
  solveThreePlayer,
  ThreePlayerSolution,
  type Bot,
} from '@zilch/strategy/node';

/** `optimal` with other 3+ player options: the earlier one, or the pairwise valuation. */
function variantBot(opts: { field: 'pairs' | 'leader'; chainFinal: boolean }): Bot {
  return {
    id: 'optimal',
    decide(s: GameState): Action {
      const legal = legalActions(s);
      if (legal.length === 1) return legal[0]!;
      for (const o of advise(s, 'win', opts).options) {
        const a = legalFor(s, o.move, legal);
        if (a) return a;
      }
      return legal[0]!;
    },
  };
}

/** Prints the race tables' build time and size for each preset in ZILCH_BENCH_RACE. */
function raceBench(): void {
  for (const id of (process.env.ZILCH_BENCH_RACE ?? '').split(',').filter(Boolean)) {
    const cpu0 = process.cpuUsage();
    const race = new ExpectedRace(preset(id as 'classic'));
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `race tables ${id} (exploit bot): ${race.seconds.toFixed(1)} s wall, ` +
        `${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU, ${((3 * 4 * race.T ** 3) / 2 ** 20).toFixed(0)} MiB`,
    );
  }
}

/** Prints the three-player figures for each `preset:target` in ZILCH_BENCH_THREE. */
export function threePlayerBench(): void {
  raceBench();
  const list = (process.env.ZILCH_BENCH_THREE ?? '').split(',').filter(Boolean);
  const games = Number(process.env.ZILCH_BENCH_THREE_GAMES ?? 2000);
  for (const item of list) {
    const [id, target] = item.split(':');
    const rules = { ...preset(id as 'classic'), target: Number(target) };
    const sol = solveThreePlayer(rules);
    if (!(sol instanceof ThreePlayerSolution)) throw new Error(sol.message);
    const f = sol.fresh(0, 0, 0);
    const mixed = sol.mixed.reduce((m, x) => Math.max(m, x.spread), 0);
    console.log(
      `three-player ${id}, target ${target}: ${sol.seconds.toFixed(1)} s, seats ${f.map((x) => x.toFixed(6)).join(' / ')} ` +
        `(sum ${(f[0] + f[1] + f[2]).toFixed(15)}), most iterations ${sol.maxIterations}, ` +
        `cycling classes ${sol.mixed.length} (largest spread ${mixed.toExponential(1)})`,
    );
    const expected = createBot('expected', rules, 2);
    const seat0: [string, Bot][] = [
      ['exact', exactThreeBot(sol)],
      ['exploit', createBot('exploit', rules, 1)],
      ['optimal', createBot('optimal', rules, 1)],
      ['leader, chained', variantBot({ field: 'leader', chainFinal: true })],
      ['optimal before', variantBot({ field: 'leader', chainFinal: false })],
      ['expected', createBot('expected', rules, 1)],
    ];
    for (const [name, bot] of seat0) {
      let loss = 0;
      let decisions = 0;
      const measured: Bot = {
        id: bot.id,
        decide(s) {
          const a = bot.decide(s);
          const l = exactLoss(s, sol, a);
          if (l !== null) [loss, decisions] = [loss + l, decisions + 1];
          return a;
        },
      };
      let share = 0;
      for (let g = 0; g < games; g++) {
        const o = playGame(rules, [measured, expected, expected], seededDice(5000 + g), g % 3);
        share += o.winners.includes(0) ? 1 / o.winners.length : 0;
      }
      const p = share / games;
      const h = 1.96 * Math.sqrt((p * (1 - p)) / games);
      console.log(
        `  ${name.padEnd(17)} v two expected, ${games} games: ${p.toFixed(4)} [${(p - h).toFixed(4)}, ${(p + h).toFixed(4)}], ` +
          `loss per decision ${(loss / decisions).toExponential(2)} over ${decisions} decisions`,
      );
    }
  }
}
