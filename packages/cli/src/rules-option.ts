import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { RuleSet } from '@zilch/engine';
// The presets subpath, not the engine's root: a preset needs no validation, so the common
// path (`zilch score 1 5`) never loads zod and the rule-set schema.
import { DEFAULT_PRESET, isPresetId, preset, PRESET_IDS } from '@zilch/engine/presets';
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
export async function resolveRules(opts: RulesOptions): Promise<{ id: string; rules: RuleSet }> {
  if (opts.rules && opts.rulesFile) usage('Give either --rules or --rules-file, not both.');
  if (opts.rulesFile) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(opts.rulesFile, 'utf8'));
    } catch (e) {
      usage(`Cannot read rules file ${opts.rulesFile}: ${(e as Error).message}`);
    }
    const { parseRules } = await import('@zilch/engine');
    const r = parseRules(data);
    if (!r.ok) usage(`${opts.rulesFile}: ${r.error.message}`);
    return { id: r.rules.name, rules: r.rules };
  }
  const id = opts.rules ?? DEFAULT_PRESET;
  if (!isPresetId(id)) usage(`Unknown preset "${id}". Presets: ${PRESET_IDS.join(', ')}.`);
  return { id, rules: preset(id) };
}
