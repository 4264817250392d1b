import type { Command } from 'commander';
import type { RulesCommandOptions } from '../commands/rules.ts';
import { withRules } from '../rules-option.ts';

/** Registers `zilch rules`: presets in plain words, the list, the JSON Schema. */
export function register(program: Command): void {
  withRules(program.command('rules'))
    .description('a preset in plain words (or --list, --schema, --json)')
    .argument('[preset]', 'preset id')
    .option('--list', 'list the presets')
    .option('--json', 'print the RuleSet as JSON')
    .option('--schema', 'print the JSON Schema of a rules file')
    .action(async (name: string | undefined, opts: RulesCommandOptions) =>
      (await import('../commands/rules.ts')).run(name, opts),
    );
}
