import type { Command } from 'commander';
import type { OddsOptions } from '../commands/odds.ts';
import { withRules } from '../rules-option.ts';

/** Registers `zilch odds`: the exact chance of a zilch for each number of dice. */
export function register(program: Command): void {
  withRules(program.command('odds'))
    .description('exact chance of a zilch for 1..N dice')
    .option('--json', 'print JSON')
    .action(async (opts: OddsOptions) => (await import('../commands/odds.ts')).run(opts));
}
