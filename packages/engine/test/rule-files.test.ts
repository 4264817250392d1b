/** The shipped rules files: generated, up to date, parseable, and documented. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRules, preset, PRESET_IDS } from '../src/index.ts';
import { HOUSE_EXAMPLES, REPO_ROOT, ruleFiles } from '../scripts/write-rule-files.ts';

const read = (path: string): string => readFileSync(join(REPO_ROOT, path), 'utf8');

describe('rules files', () => {
  it('the committed files equal what scripts/write-rule-files.ts generates', async () => {
    const files = await ruleFiles();
    expect([...files.keys()].sort()).toEqual(
      [
        'docs/rules.schema.json',
        ...[...PRESET_IDS, ...Object.keys(HOUSE_EXAMPLES)].map((id) => `examples/rules/${id}.json`),
      ].sort(),
    );
    for (const [path, content] of files) expect(read(path), path).toBe(content);
  });

  it.each(PRESET_IDS)('examples/rules/%s.json parses to the preset', (id) => {
    const data = JSON.parse(read(`examples/rules/${id}.json`)) as Record<string, unknown>;
    expect(data.$schema).toBe('../../docs/rules.schema.json');
    expect(parseRules(data)).toEqual({ ok: true, rules: preset(id) });
  });

  it.each(Object.keys(HOUSE_EXAMPLES))('examples/rules/%s.json parses to its house rules', (id) => {
    const data = JSON.parse(read(`examples/rules/${id}.json`)) as Record<string, unknown>;
    expect(parseRules(data)).toEqual({ ok: true, rules: HOUSE_EXAMPLES[id] });
  });

  it('docs/rules-file.md explains every field of the schema', () => {
    const schema = JSON.parse(read('docs/rules.schema.json')) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    const doc = read('docs/rules-file.md');
    expect(Object.keys(schema.properties).length).toBeGreaterThan(15);
    for (const field of Object.keys(schema.properties))
      expect(doc, field).toContain(`\`${field}\``);
  });

  it('the house-rule example in docs/rules-file.md is a valid rules file', () => {
    const doc = read('docs/rules-file.md');
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const r = parseRules(JSON.parse(block));
      expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
    }
  });
});

describe("parseRules names what is wrong in words a file's author understands", () => {
  it('a field the rule set does not have is an error with the closest real field', () => {
    const { bankMinimum, ...rest } = preset('zilch-online');
    const r = parseRules({ ...rest, bankMinimun: bankMinimum, colour: 'red' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('BAD_RULES');
    expect(r.error.message).toContain(
      'bankMinimun: not a rule set field (did you mean "bankMinimum"?)',
    );
    expect(r.error.message).toContain('colour: not a rule set field;');
    expect(r.error.message).toContain('bankMinimum: missing');
  });

  it('a missing nullable field says to write null; "$schema" is allowed and dropped', () => {
    const { nothingBonus: _, ...rest } = preset('classic');
    const r = parseRules(rest);
    expect(r.ok ? '' : r.error.message).toBe(
      'Invalid rule set: nothingBonus: missing (write null for none)',
    );
    expect(parseRules({ $schema: 'x', ...preset('classic') })).toEqual({
      ok: true,
      rules: preset('classic'),
    });
  });

  it('a huge unknown key is shortened in the message', () => {
    const r = parseRules({ ...preset('classic'), ['k'.repeat(5000)]: 1 });
    expect(r.ok ? '' : r.error.message.length).toBeLessThan(200);
  });
});
