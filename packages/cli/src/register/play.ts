import type { Command } from 'commander';
import type { PlayOptions } from '../commands/play.ts';
import { withRules } from '../rules-option.ts';

/** Registers `zilch play`: a game in the terminal against bots and hot-seat people. */
export function register(program: Command): void {
  withRules(program.command('play'))
    .description('play a game in the terminal against bots and hot-seat players')
    .option('--bots <list>', 'comma-separated bots to play against (default cautious)')
    .option('--players <names>', 'comma-separated names of the people at the table', 'You')
    .option('--seed <s>', 'seeded dice for a reproducible game (default: live random dice)')
    .action(async (opts: PlayOptions) => (await import('../commands/play.ts')).run(opts));
}
