import { z } from 'zod';
import { fail, type EngineError } from '../errors.ts';
import { isPresetId, preset, PRESET_IDS } from './presets.ts';
import { RuleSetSchema, type RuleSet } from './schema.ts';

/** Validates unknown data as a RuleSet; the error names every problem with its path. */
export function parseRules(
  data: unknown,
): { ok: true; rules: RuleSet } | { ok: false; error: EngineError } {
  const r = RuleSetSchema.safeParse(data);
  if (r.success) return { ok: true, rules: r.data };
  const problems = r.error.issues
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
  return fail('BAD_RULES', `Invalid rule set: ${problems}`);
}

/** Looks up a preset by id with a clear error. */
export function presetRules(
  id: string,
): { ok: true; rules: RuleSet } | { ok: false; error: EngineError } {
  if (isPresetId(id)) return { ok: true, rules: preset(id) };
  return fail('BAD_RULES', `Unknown preset "${id}". Presets: ${PRESET_IDS.join(', ')}.`);
}

/** JSON Schema of a rule set file, generated from the zod schema. */
export function ruleSetJsonSchema(): unknown {
  return z.toJSONSchema(RuleSetSchema, { io: 'input' });
}
