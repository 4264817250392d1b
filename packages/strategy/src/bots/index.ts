import type { RuleSet } from '@zilch/engine';
import { cardBot } from '../card/bot.ts';
import { advisedBot } from './advised.ts';
import { BOLD, CAUTIOUS, heuristicBot } from './heuristic.ts';
import { randomBot } from './random.ts';
import { BOT_IDS, type Bot, type BotFactory, type BotId, type BotOptions } from './types.ts';

export * from './types.ts';
export { CAUTIOUS, BOLD, heuristicBot, type Temperament } from './heuristic.ts';
export { rollStats, type RollStats } from './roll-stats.ts';
export { legalFor } from './advised.ts';

const FACTORIES: Record<BotId, BotFactory> = {
  random: randomBot,
  cautious: heuristicBot(CAUTIOUS),
  bold: heuristicBot(BOLD),
  // The strategy card of the rule set (card/), played exactly: what a person can learn.
  card: (rules, _seed, opts) => cardBot(rules, opts.card),
  // Expected points, except on a last turn, which it plays for the win (exactly).
  expected: advisedBot('expected', () => 'points', { lastTurns: true }),
  // Exact win probability for two players; with more, the advisor plays the two-player
  // solution against the leader. Last turns: the exact last-turn solver, any rules, any seats.
  optimal: advisedBot('optimal', () => 'win'),
  // A simulation bot: `optimal`, except that with three players it takes the other two to be
  // `expected` bots and plays its turn for the win against them (solver/expected-race.ts).
  exploit: advisedBot('exploit', () => 'win', { field: 'expected' }),
};

/** Whether a string names a bot level. */
export function isBotId(id: string): id is BotId {
  return (BOT_IDS as readonly string[]).includes(id);
}

/** Makes a bot of a level for a rule set; `seed` feeds any randomness it uses. */
export function createBot(id: BotId, rules: RuleSet, seed: number, opts: BotOptions = {}): Bot {
  return FACTORIES[id](rules, seed, opts);
}
export { exactLoss, exactThreeBot } from './exact-three.ts';
