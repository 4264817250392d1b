import type { Command } from 'commander';
import type { EvOptions } from '../commands/ev.ts';
import { withRules } from '../rules-option.ts';

/** Registers `zilch ev`: the expected-points turn strategy and its bank thresholds. */
export function register(program: Command): void {
  withRules(program.command('ev'))
    .description(
      'expected points of a turn under the best strategy, and the bank threshold per dice count',
    )
    .option('--json', 'print JSON')
    .action(async (opts: EvOptions) => (await import('../commands/ev.ts')).run(opts));
}
