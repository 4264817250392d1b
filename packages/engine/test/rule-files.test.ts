/** The shipped rules files: generated, up to date, parseable, and documented. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRules, preset, PRESET_IDS, ruleSetJsonSchema } from '../src/index.ts';
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

  const nested: [string, (r: Record<string, unknown>) => Record<string, unknown>, string][] = [
    [
      'twoTriplets',
      (r) => ({ ...r, twoTriplets: { points: 2500, sixofakind: true } }),
      'twoTriplets.sixofakind: not a field of twoTriplets (did you mean "sixOfAKind"?)',
    ],
    [
      'firstRollMercy',
      (r) => ({ ...r, firstRollMercy: { point: 50 } }),
      'firstRollMercy.point: not a field of firstRollMercy (did you mean "points"?)',
    ],
    [
      'offers',
      (r) => ({ ...r, offers: { afterHotDice: true, afterHotdie: false } }),
      'offers.afterHotdie: not a field of offers (did you mean "afterHotDice"?)',
    ],
    [
      'zilchPenalty',
      (r) => ({ ...r, zilchPenalty: { zilches: 3, points: 500, zilch: 2 } }),
      'zilchPenalty.zilch: not a field of zilchPenalty (did you mean "zilches"?)',
    ],
    [
      'threePairs',
      (r) => ({ ...r, threePairs: { points: 1500, from: 'any', form: 'any' } }),
      'threePairs.from: not a field of threePairs (did you mean "form"?)',
    ],
    [
      'straights',
      (r) => ({ ...r, straights: [{ faces: [1, 2, 3], points: 500, point: 1 }] }),
      'straights.0.point: not a field of straights (did you mean "points"?)',
    ],
  ];
  it.each(nested)(
    'a misspelled field inside %s is refused, naming the closest field there',
    (_, edit, says) => {
      const r = parseRules(edit({ ...preset('classic') }));
      expect(r.ok ? 'accepted' : r.error.message).toContain(says);
    },
  );

  it('an unknown field with nothing close says so without a guess, at any depth', () => {
    const r = parseRules({ ...preset('classic'), offers: { afterHotDice: true, colour: 'red' } });
    expect(r.ok ? 'accepted' : r.error.message).toBe(
      'Invalid rule set: offers.colour: not a field of offers',
    );
  });

  it('a missing field inside an object says "missing"', () => {
    const r = parseRules({ ...preset('classic'), twoTriplets: { sixOfAKind: true } });
    expect(r.ok ? 'accepted' : r.error.message).toBe(
      'Invalid rule set: twoTriplets.points: missing',
    );
  });

  it('"$schema" is allowed only at the top: inside an object it is an unknown field', () => {
    const r = parseRules({ ...preset('classic'), offers: { $schema: 'x', afterHotDice: true } });
    expect(r.ok ? 'accepted' : r.error.message).toContain('offers.$schema: not a field of offers');
  });

  it('a mercy of 0 (or less) is refused with a clear message; 50 and null are fine', () => {
    for (const points of [0, -50]) {
      const r = parseRules({ ...preset('classic'), firstRollMercy: { points } });
      expect(r.ok ? 'accepted' : r.error.message).toBe(
        'Invalid rule set: firstRollMercy.points: the mercy must be at least 50 points (0 reads as off but would still give a free re-roll); write null for no mercy',
      );
    }
    expect(parseRules({ ...preset('classic'), firstRollMercy: { points: 50 } }).ok).toBe(true);
    expect(parseRules({ ...preset('classic'), firstRollMercy: null }).ok).toBe(true);
  });

  it('the JSON Schema refuses extra fields at every depth and allows "$schema" at the top', () => {
    const schema = ruleSetJsonSchema() as Record<string, unknown>;
    const objects: Record<string, unknown>[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (typeof v === 'object' && v !== null) {
        const o = v as Record<string, unknown>;
        if (o.type === 'object') objects.push(o);
        Object.values(o).forEach(walk);
      }
    };
    walk(schema);
    // The rule set, a straight, threePairs, twoTriplets, zilchPenalty, offers, firstRollMercy.
    expect(objects.length).toBe(7);
    for (const o of objects) expect(o.additionalProperties, JSON.stringify(o)).toBe(false);
    expect((schema.properties as Record<string, unknown>).$schema).toMatchObject({
      type: 'string',
    });
    const mercy = JSON.stringify((schema.properties as Record<string, unknown>).firstRollMercy);
    expect(mercy).toContain('"minimum":50');
  });

  it('thousands of unknown fields give a short message', () => {
    const junk = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`junk${i}`, i]));
    const r = parseRules({ ...preset('classic'), ...junk });
    const message = r.ok ? '' : r.error.message;
    expect(message).toContain('junk0: not a rule set field');
    expect(message).toContain('; and 4980 more problems');
    expect(message.length).toBeLessThan(1000);
  });

  it('a huge unknown key is shortened in the message', () => {
    const r = parseRules({ ...preset('classic'), ['k'.repeat(5000)]: 1 });
    expect(r.ok ? '' : r.error.message.length).toBeLessThan(200);
  });
});
