import pc from 'picocolors';
import { describeRules } from '@zilch/engine/describe';
import { PRESET_IDS, PRESETS } from '@zilch/engine/presets';
import { printable, printJson } from '../output.ts';
import { resolveRules, type RulesOptions } from '../rules-option.ts';

/** Options of `zilch rules`. */
export interface RulesCommandOptions extends RulesOptions {
  list?: boolean;
  json?: boolean;
  schema?: boolean;
}

/** `zilch rules`: presets in plain words, the list, the JSON Schema. */
export async function run(name: string | undefined, opts: RulesCommandOptions): Promise<void> {
  if (opts.schema) {
    // The schema is generated from the zod RuleSet schema, so only this option loads zod.
    const { ruleSetJsonSchema } = await import('@zilch/engine');
    return printJson(ruleSetJsonSchema());
  }
  if (opts.list) {
    if (opts.json) return printJson(PRESET_IDS.map((id) => ({ id, name: PRESETS[id].name })));
    for (const id of PRESET_IDS) process.stdout.write(`${id.padEnd(20)} ${PRESETS[id].name}\n`);
    return;
  }
  const { rules } = await resolveRules({ ...opts, rules: name ?? opts.rules });
  if (opts.json) return printJson(rules);
  process.stdout.write(`${pc.bold(printable(rules.name))}\n\n`);
  for (const s of describeRules(rules)) {
    process.stdout.write(
      `${pc.underline(s.title)}\n${s.lines.map((l) => `  • ${printable(l)}`).join('\n')}\n\n`,
    );
  }
}
