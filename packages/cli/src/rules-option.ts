import { closeSync, openSync, readSync } from 'node:fs';
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

/** Largest rules file read: a real one is about 1 KB; anything near this is not a rule set. */
const RULES_FILE_LIMIT = 1024 * 1024;

/**
 * A rules file's text: at most RULES_FILE_LIMIT bytes are read (so a huge file, a pipe or a
 * device is refused without loading it), and a UTF-8 byte-order mark, as Windows editors
 * save one, is dropped.
 */
function readRulesFile(path: string): string {
  const buf = Buffer.alloc(RULES_FILE_LIMIT + 1);
  const fd = openSync(path, 'r');
  let size = 0;
  try {
    while (size < buf.length) {
      const n = readSync(fd, buf, size, buf.length - size, null);
      if (n === 0) break;
      size += n;
    }
  } finally {
    closeSync(fd);
  }
  if (size > RULES_FILE_LIMIT)
    throw new Error(
      `it is larger than ${RULES_FILE_LIMIT / 1024 / 1024} MB; a rule set is about 1 KB`,
    );
  return buf.toString('utf8', 0, size).replace(/^\uFEFF/, '');
}

/** The rule set the options select, and the name to report it under. */
export async function resolveRules(opts: RulesOptions): Promise<{ id: string; rules: RuleSet }> {
  if (opts.rules && opts.rulesFile) usage('Give either --rules or --rules-file, not both.');
  if (opts.rulesFile) {
    let data: unknown;
    try {
      data = JSON.parse(readRulesFile(opts.rulesFile));
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
