import type { Command } from 'commander';
// The help text lists the bots, so declaring this command loads the strategy package; the
// other commands' declarations stay light, and main.ts declares only the command that runs.
import { BOT_IDS } from '@zilch/strategy';
import type { SimulateOptions } from '../commands/simulate.ts';
import { withRules } from '../rules-option.ts';

/** Registers `zilch simulate`: bots play each other on every core; win rates with intervals. */
export function register(program: Command): void {
  withRules(program.command('simulate'))
    .description('play bots against each other and report win rates with 95% intervals')
    .requiredOption('--bots <list>', `comma-separated bots, one per seat (${BOT_IDS.join(', ')})`)
    .option('--games <n>', 'number of games', '1000')
    .option('--seed <s>', 'seed for reproducible results (default: random, printed)')
    .option('--workers <w>', 'threads to use, this one included (default: every core)')
    .option('--json', 'print JSON')
    .action(async (opts: SimulateOptions) => (await import('../commands/simulate.ts')).run(opts));
}
