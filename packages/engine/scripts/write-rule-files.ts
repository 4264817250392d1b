/**
 * Writes the rules files the repository ships: examples/rules/<preset>.json (one per preset),
 * examples/rules/<house rule>.json (a preset with a house rule other tables play) and
 * docs/rules.schema.json (the JSON Schema of a rules file, from the zod schema).
 * Run: npx tsx packages/engine/scripts/write-rule-files.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { preset, PRESET_IDS } from '../src/rules/presets.ts';
import { ruleSetJsonSchema } from '../src/rules/parse.ts';
import type { RuleSet } from '../src/rules/schema.ts';

/** The repository root, two folders above this package. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where an example file points editors for the schema, relative to examples/rules/. */
const SCHEMA_REF = '../../docs/rules.schema.json';

/** JSON laid out the way the repository's prettier config lays it out. */
async function pretty(value: unknown, path: string): Promise<string> {
  const options = (await resolveConfig(join(REPO_ROOT, path))) ?? {};
  return format(JSON.stringify(value), { ...options, parser: 'json', filepath: path });
}

/** House-rule examples: file name → the rule set (a preset with the house rule on). */
export const HOUSE_EXAMPLES: Record<string, RuleSet> = {
  // Growing a set by doubling it, on the classic scoring table (issue 14, rule 1).
  'growing-sets': { ...preset('classic'), name: 'Classic Zilch, growing sets', setDoubling: true },
  // First-roll mercy of 50 points on the default game (issue 14, rule 3).
  'first-roll-mercy': {
    ...preset('serendipity-creak'),
    name: 'Serendipity Creak, first-roll mercy',
    firstRollMercy: { points: 50 },
  },
};

/** Every generated file: repository-relative path → content. */
export async function ruleFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const schema = ruleSetJsonSchema() as { properties: Record<string, unknown> };
  files.set('docs/rules.schema.json', await pretty(schema, 'docs/rules.schema.json'));
  // Fields in the schema's order, so every file reads the same way as docs/rules-file.md.
  const order = Object.keys(schema.properties).filter((k) => k !== '$schema');
  const all: [string, RuleSet][] = [
    ...PRESET_IDS.map((id): [string, RuleSet] => [id, preset(id)]),
    ...Object.entries(HOUSE_EXAMPLES),
  ];
  for (const [id, rules] of all) {
    const fields = rules as Record<string, unknown>;
    const ordered = Object.fromEntries(order.map((k) => [k, fields[k]]));
    const path = `examples/rules/${id}.json`;
    files.set(path, await pretty({ $schema: SCHEMA_REF, ...ordered }, path));
  }
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [path, content] of await ruleFiles()) {
    const out = join(REPO_ROOT, path);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, content);
    console.log(`wrote ${path}`);
  }
}
