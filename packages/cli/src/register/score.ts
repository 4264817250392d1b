import type { Command } from 'commander';
import type { ScoreOptions } from '../commands/score.ts';
import { withRules } from '../rules-option.ts';

/** Registers `zilch score`: every legal selection of a roll and the best one. */
export function register(program: Command): void {
  withRules(program.command('score'))
    .description('score a roll: every legal selection, best first')
    .argument('<dice...>', 'the faces rolled, e.g. 1 2 3 4 5 5')
    .option('--json', 'print JSON')
    .action(async (dice: string[], opts: ScoreOptions) =>
      (await import('../commands/score.ts')).run(dice, opts),
    );
}
