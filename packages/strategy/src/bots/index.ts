import type { RuleSet } from '@zilch/engine';
import { advisedBot, advisorOrNull } from './advised.ts';
import { BOLD, CAUTIOUS, heuristicBot } from './heuristic.ts';
import { randomBot } from './random.ts';
import { BOT_IDS, type Bot, type BotFactory, type BotId } from './types.ts';

export * from './types.ts';
export { CAUTIOUS, BOLD, heuristicBot, type Temperament } from './heuristic.ts';
export { rollStats, type RollStats } from './roll-stats.ts';
export { advisorOrNull, type AdviseFn } from './advised.ts';

const FACTORIES: Record<BotId, BotFactory> = {
  random: randomBot,
  cautious: heuristicBot(CAUTIOUS),
  bold: heuristicBot(BOLD),
  expected: advisedBot('expected', () => 'points'),
  // Exact win probability for two players; with more, the advisor plays the two-player
  // solution against the leader.
  optimal: advisedBot('optimal', () => 'win'),
};

/** Whether a string names a bot level. */
export function isBotId(id: string): id is BotId {
  return (BOT_IDS as readonly string[]).includes(id);
}

/** Whether a bot can be made now (expected and optimal need the advisor). */
export function botAvailable(id: BotId): boolean {
  return (id !== 'expected' && id !== 'optimal') || advisorOrNull() !== null;
}

/** Makes a bot of a level for a rule set; `seed` feeds any randomness it uses. */
export function createBot(id: BotId, rules: RuleSet, seed: number): Bot {
  return FACTORIES[id](rules, seed);
}
