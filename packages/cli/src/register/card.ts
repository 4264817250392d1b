import type { Command } from 'commander';
import type { CardOptions } from '../commands/card.ts';
import { withRules } from '../rules-option.ts';

/** Registers `zilch card`: a strategy a person can learn, and its measured win rate. */
export function register(program: Command): void {
  withRules(program.command('card'))
    .description(
      'a short strategy card for the rules, and its win rate measured against the optimal bot',
    )
    .option('--games <n>', 'games to measure the card with (seats alternating)', '1000')
    .option('--seed <s>', 'seed of the measuring games', '1')
    .option('--workers <w>', 'threads to use, this one included (default: every core)')
    .option('--detailed', 'also print the detailed card (every table) and measure it instead')
    .option('--json', 'print JSON')
    .action(async (opts: CardOptions) => (await import('../commands/card.ts')).run(opts));
}
