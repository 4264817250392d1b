import type { Command } from 'commander';
import type { SolveOptions } from '../commands/solve.ts';
import { withRules } from '../rules-option.ts';

/** Registers `zilch solve`: the exact two-player win probability under optimal play. */
export function register(program: Command): void {
  withRules(program.command('solve'))
    .description('solve the two-player game exactly: the first player’s chance to win')
    .option('--start <a,b>', "the seats' starting scores (first player, second player)", '0,0')
    .option('--target <points>', 'override the target score')
    .option(
      '--handicaps <max>',
      "also list the first player's chance for second-player head starts 0, 50, … max",
    )
    .option('--workers <w>', 'threads to solve on, this one included (default: every core)')
    .option('--no-cache', 'solve again even when a cached solution exists (and do not save)')
    .option('--json', 'print JSON')
    .action(async (opts: SolveOptions) => (await import('../commands/solve.ts')).run(opts));
}
