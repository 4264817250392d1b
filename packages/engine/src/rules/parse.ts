import { z } from 'zod';
import { fail, type EngineError } from '../errors.ts';
import { isPresetId, preset, PRESET_IDS } from './presets.ts';
import { RuleSetSchema, type RuleSet } from './schema.ts';

/** Keys a rules file may carry besides the rule set's own fields (editors' schema pointer). */
const EXTRA_KEYS = new Set(['$schema']);

/** Edit distance of two short strings (field names), for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j] as number;
      const cost = a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1;
      row[j] = Math.min(up + 1, (row[j - 1] as number) + 1, diag + cost);
      diag = up;
    }
  }
  return row[b.length] as number;
}

/** The real field closest to a misspelled one, when it is close enough to be a typo. */
export function closestField(key: string): string | null {
  if (key.length > 40) return null;
  let best: string | null = null;
  let bestD = Infinity;
  for (const f of Object.keys(RuleSetSchema.shape)) {
    const d = distance(key, f);
    if (d < bestD) [best, bestD] = [f, d];
  }
  return best !== null && bestD <= Math.max(2, Math.floor(key.length / 3)) ? best : null;
}

/** Why a field is wrong, in words a person editing a rules file understands. */
function message(issue: z.core.$ZodIssue, data: unknown): string {
  const field = issue.path[0];
  if (
    issue.code === 'invalid_type' &&
    issue.path.length === 1 &&
    typeof field === 'string' &&
    typeof data === 'object' &&
    data !== null &&
    !Object.hasOwn(data, field)
  ) {
    const shape = RuleSetSchema.shape as Record<string, z.ZodType>;
    const nullable = shape[field]?.safeParse(null).success ?? false;
    return nullable ? 'missing (write null for none)' : 'missing';
  }
  return issue.message;
}

/**
 * Validates unknown data as a RuleSet; the error names every problem with its path. A field
 * the rule set does not have is an error (a misspelled field would otherwise be dropped and
 * the game played without the rule its author meant), naming the closest real field.
 */
export function parseRules(
  data: unknown,
): { ok: true; rules: RuleSet } | { ok: false; error: EngineError } {
  const problems: string[] = [];
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    for (const key of Object.keys(data)) {
      if (Object.hasOwn(RuleSetSchema.shape, key) || EXTRA_KEYS.has(key)) continue;
      const near = closestField(key);
      const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
      problems.push(`${shown}: not a rule set field${near ? ` (did you mean "${near}"?)` : ''}`);
    }
  }
  const r = RuleSetSchema.safeParse(data);
  if (!r.success) {
    for (const i of r.error.issues)
      problems.push(`${i.path.join('.') || '(root)'}: ${message(i, data)}`);
  }
  if (problems.length === 0 && r.success) return { ok: true, rules: r.data };
  return fail('BAD_RULES', `Invalid rule set: ${problems.join('; ')}`);
}

/** Looks up a preset by id with a clear error. */
export function presetRules(
  id: string,
): { ok: true; rules: RuleSet } | { ok: false; error: EngineError } {
  if (isPresetId(id)) return { ok: true, rules: preset(id) };
  return fail('BAD_RULES', `Unknown preset "${id}". Presets: ${PRESET_IDS.join(', ')}.`);
}

/**
 * JSON Schema of a rule set file, generated from the zod schema, with the one rule between
 * fields it cannot carry over (set doubling and Hot Dice extensions exclude each other) so
 * an editor flags the pair too.
 */
export function ruleSetJsonSchema(): unknown {
  return {
    ...z.toJSONSchema(RuleSetSchema, { io: 'input' }),
    not: {
      description: 'setDoubling and hotDiceDoubling cannot both be true',
      properties: { setDoubling: { const: true }, hotDiceDoubling: { const: true } },
      required: ['setDoubling', 'hotDiceDoubling'],
    },
  };
}
