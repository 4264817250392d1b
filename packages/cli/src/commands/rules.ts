import type { Command } from 'commander';
import pc from 'picocolors';
import { describeRules, PRESET_IDS, PRESETS, ruleSetJsonSchema } from '@zilch/engine';
import { printJson } from '../output.ts';
import { resolveRules, withRules, type RulesOptions } from '../rules-option.ts';

/** Registers `zilch rules`: presets in plain words, the list, the JSON Schema. */
export function register(program: Command): void {
  withRules(program.command('rules'))
    .description('a preset in plain words (or --list, --schema, --json)')
    .argument('[preset]', 'preset id')
    .option('--list', 'list the presets')
    .option('--json', 'print the RuleSet as JSON')
    .option('--schema', 'print the JSON Schema of a rules file')
    .action(
      (
        name: string | undefined,
        opts: RulesOptions & { list?: boolean; json?: boolean; schema?: boolean },
      ) => {
        if (opts.schema) return printJson(ruleSetJsonSchema());
        if (opts.list) {
          if (opts.json) return printJson(PRESET_IDS.map((id) => ({ id, name: PRESETS[id].name })));
          for (const id of PRESET_IDS)
            process.stdout.write(`${id.padEnd(20)} ${PRESETS[id].name}\n`);
          return;
        }
        const { rules } = resolveRules({ ...opts, rules: name ?? opts.rules });
        if (opts.json) return printJson(rules);
        process.stdout.write(`${pc.bold(rules.name)}\n\n`);
        for (const s of describeRules(rules)) {
          process.stdout.write(
            `${pc.underline(s.title)}\n${s.lines.map((l) => `  • ${l}`).join('\n')}\n\n`,
          );
        }
      },
    );
}
