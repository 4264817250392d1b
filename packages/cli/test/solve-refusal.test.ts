/** `zilch solve` on a rule set the solver does not model: a code, a sentence and the fallback. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'zilch-cli-cache-'));

/** Runs the CLI to completion with a private solution cache. */
const zilch = (...args: string[]) => runCli(args, { env: { ZILCH_CACHE_DIR: cacheDir } });

describe('zilch solve refusing a rule set', () => {
  // zilch-online is solved since the zilch penalty is modelled (docs/solver.md).
  it.each(['ten-dice'])(
    '%s: --json answers one JSON object with the code and what the bots do instead',
    async (id) => {
      const r = await zilch('solve', '--rules', id, '--json');
      expect(r.code).toBe(2);
      const out = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(out).toMatchObject({ ok: false, code: 'UNSUPPORTED_RULES', rules: id });
      expect(out.message).toMatch(/does not handle/);
      expect(out.instead).toMatch(/last turn/);
    },
  );

  it.each([
    ['growing-sets', /growing sets/],
    ['first-roll-mercy', /first-roll mercy/],
  ])(
    'examples/rules/%s.json (issue 14): refused with the code, naming the rule',
    async (f, why) => {
      const r = await zilch('solve', '--rules-file', `examples/rules/${f}.json`, '--json');
      expect(r.code).toBe(2);
      const out = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(out).toMatchObject({ ok: false, code: 'UNSUPPORTED_RULES' });
      expect(out.message).toMatch(why);
      expect(out.instead).toMatch(/last turn/);
    },
  );

  it('says the same in words without --json', async () => {
    const r = await zilch('solve', '--rules', 'ten-dice');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Ten Dice lock/);
    expect(r.stderr).toMatch(/expected/);
  });
});
