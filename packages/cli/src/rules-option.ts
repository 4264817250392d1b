import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { DEFAULT_PRESET, parseRules, presetRules, type RuleSet } from '@zilch/engine';
import { usage } from './usage-error.ts';

/** Options every command shares for choosing the rules. */
export interface RulesOptions {
  rules?: string;
  rulesFile?: string;
}

/** Adds `--rules P` and `--rules-file F` to a command. */
export function withRules(cmd: Command): Command {
  return cmd
    .option('-r, --rules <preset>', `rule preset (default ${DEFAULT_PRESET})`)
    .option('--rules-file <file>', 'a RuleSet as JSON (see docs/rules-file.md)');
}

/** The rule set the options select, and the name to report it under. */
export function resolveRules(opts: RulesOptions): { id: string; rules: RuleSet } {
  if (opts.rules && opts.rulesFile) usage('Give either --rules or --rules-file, not both.');
  if (opts.rulesFile) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(opts.rulesFile, 'utf8'));
    } catch (e) {
      usage(`Cannot read rules file ${opts.rulesFile}: ${(e as Error).message}`);
    }
    const r = parseRules(data);
    if (!r.ok) usage(`${opts.rulesFile}: ${r.error.message}`);
    return { id: r.rules.name, rules: r.rules };
  }
  const id = opts.rules ?? DEFAULT_PRESET;
  const r = presetRules(id);
  if (!r.ok) usage(r.error.message);
  return { id, rules: r.rules };
}
