import type { Command } from 'commander';
import type { PuzzleOptions } from '../commands/puzzle.ts';
import { withRules } from '../rules-option.ts';

/** Registers `zilch puzzle`: a puzzle from self-play, answered in the terminal. */
export function register(program: Command): void {
  withRules(program.command('puzzle'))
    .description(
      'a puzzle cut from self-play: the position, "what do you do?", then every option with its win chance',
    )
    .option('--games <n>', 'self-play games to cut the local bank from', '30')
    .option('--seed <s>', 'seed of the self-play games (default: from the date and time)')
    .option(
      '--theme <t>',
      'only puzzles of a theme: offers, final-round, hot-dice, few-dice, opening',
    )
    .option('--daily', "today's puzzle of this bank (UTC date; the same for the same seed)")
    .option('--answer <n>', 'answer with option n (1 = the first listed) instead of asking')
    .option('--json', 'print the puzzle and its answer as JSON (with --answer)')
    .action(async (opts: PuzzleOptions) => (await import('../commands/puzzle.ts')).run(opts));
}
