import { z } from 'zod';
import { fail, type EngineError } from '../errors.ts';
import { isPresetId, preset, PRESET_IDS } from './presets.ts';
import { RuleSetSchema, StoredRuleSetSchema, type RuleSet } from './schema.ts';

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

/** The schema at a path inside a rule set (array items and nullable/optional wrappers looked through). */
function schemaAt(path: readonly PropertyKey[]): z.ZodType | null {
  let node: z.ZodType = RuleSetSchema;
  for (let i = 0; ; i++) {
    while (node instanceof z.ZodNullable || node instanceof z.ZodOptional)
      node = node.unwrap() as z.ZodType;
    if (i === path.length) return node;
    const step = path[i];
    if (node instanceof z.ZodObject && typeof step === 'string' && Object.hasOwn(node.shape, step))
      node = node.shape[step] as z.ZodType;
    else if (node instanceof z.ZodArray && typeof step === 'number')
      node = node.element as z.ZodType;
    else return null;
  }
}

/** The fields of the object at a path inside a rule set (the rule set's own at the root). */
function fieldsAt(path: readonly PropertyKey[]): string[] {
  const node = schemaAt(path);
  return node instanceof z.ZodObject ? Object.keys(node.shape) : [];
}

/**
 * The real field closest to a misspelled one, when it is close enough to be a typo; among the
 * rule set's own fields unless the fields of a part of it (`twoTriplets`) are given.
 */
export function closestField(
  key: string,
  fields: readonly string[] = Object.keys(RuleSetSchema.shape),
): string | null {
  if (key.length > 40) return null;
  let best: string | null = null;
  let bestD = Infinity;
  for (const f of fields) {
    const d = distance(key, f);
    if (d < bestD) [best, bestD] = [f, d];
  }
  return best !== null && bestD <= Math.max(2, Math.floor(key.length / 3)) ? best : null;
}

/** The value at a path inside the data, or undefined where the path leads nowhere. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v = data;
  for (const step of path) {
    if (typeof v !== 'object' || v === null || typeof step === 'symbol') return undefined;
    v = (v as Record<string | number, unknown>)[step];
  }
  return v;
}

/** A path as a file's author reads it: `straights.0.points`, or `(root)`. */
const shown = (path: readonly PropertyKey[]): string => path.map(String).join('.') || '(root)';

/** Each field an object has that the rule set does not, with the closest real field. */
function unknownFields(issue: z.core.$ZodIssueUnrecognizedKeys): string[] {
  const fields = fieldsAt(issue.path);
  const where = issue.path.filter((p) => typeof p === 'string');
  const what = where.length === 0 ? 'a rule set field' : `a field of ${where.join('.')}`;
  return issue.keys.map((key) => {
    const near = closestField(key, fields);
    const name = key.length > 40 ? `${key.slice(0, 40)}…` : key;
    return `${shown([...issue.path, name])}: not ${what}${near ? ` (did you mean "${near}"?)` : ''}`;
  });
}

/** Why a field is wrong, in words a person editing a rules file understands. */
function message(issue: z.core.$ZodIssue, data: unknown): string {
  const field = issue.path[issue.path.length - 1];
  const parent = valueAt(data, issue.path.slice(0, -1));
  if (
    issue.code === 'invalid_type' &&
    typeof field === 'string' &&
    typeof parent === 'object' &&
    parent !== null &&
    !Array.isArray(parent) &&
    !Object.hasOwn(parent, field)
  ) {
    const owner = schemaAt(issue.path.slice(0, -1));
    const schema = owner instanceof z.ZodObject ? (owner.shape[field] as z.ZodType) : undefined;
    const nullable = schema?.safeParse(null).success ?? false;
    return nullable ? 'missing (write null for none)' : 'missing';
  }
  return issue.message;
}

/**
 * Validates unknown data as a RuleSet; the error names every problem with its path. A field
 * the rule set does not have, at any depth, is an error (a misspelled field would otherwise be
 * dropped and the game played without the rule its author meant), naming the closest real
 * field. A top-level `"$schema"` (an editor's pointer to the JSON Schema) is allowed and dropped.
 * `stored`: the rules of a game already played (StoredRuleSetSchema), not a new rule set.
 */
export function parseRules(
  data: unknown,
  { stored = false }: { stored?: boolean } = {},
): { ok: true; rules: RuleSet } | { ok: false; error: EngineError } {
  let input = data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data) && '$schema' in data) {
    const { $schema: _, ...rest } = data as Record<string, unknown>;
    input = rest;
  }
  const r = (stored ? StoredRuleSetSchema : RuleSetSchema).safeParse(input);
  if (r.success) return { ok: true, rules: r.data };
  // Unknown fields first: a misspelled field usually explains the "missing" one after it.
  const problems = [
    ...r.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? unknownFields(i) : [])),
    ...r.error.issues.flatMap((i) =>
      i.code === 'unrecognized_keys' ? [] : [`${shown(i.path)}: ${message(i, input)}`],
    ),
  ];
  // A file with thousands of stray fields gets a readable message, not one line per field.
  const listed = problems.length > MAX_LISTED ? problems.slice(0, MAX_LISTED) : problems;
  const more = problems.length - listed.length;
  return fail(
    'BAD_RULES',
    `Invalid rule set: ${listed.join('; ')}${more > 0 ? `; and ${more} more problems` : ''}`,
  );
}

/** Most problems one error message lists. */
const MAX_LISTED = 20;

/** Looks up a preset by id with a clear error. */
export function presetRules(
  id: string,
): { ok: true; rules: RuleSet } | { ok: false; error: EngineError } {
  if (isPresetId(id)) return { ok: true, rules: preset(id) };
  return fail('BAD_RULES', `Unknown preset "${id}". Presets: ${PRESET_IDS.join(', ')}.`);
}

/**
 * JSON Schema of a rule set file, generated from the zod schema: no field outside the schema
 * at any depth (`additionalProperties: false`) but the top-level `"$schema"` pointer editors
 * read, and the one rule between fields it cannot carry over (set doubling and Hot Dice
 * extensions exclude each other), so an editor flags those too.
 */
export function ruleSetJsonSchema(): unknown {
  const schema = z.toJSONSchema(RuleSetSchema, { io: 'input' });
  return {
    ...schema,
    properties: {
      $schema: {
        type: 'string',
        description: 'Where editors find this JSON Schema; ignored by the game',
      },
      ...schema.properties,
    },
    not: {
      description: 'setDoubling and hotDiceDoubling cannot both be true',
      properties: { setDoubling: { const: true }, hotDiceDoubling: { const: true } },
      required: ['setDoubling', 'hotDiceDoubling'],
    },
  };
}
