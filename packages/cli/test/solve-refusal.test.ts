/** `zilch solve` on a rule set the solver does not model: a code, a sentence and the fallback. */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const bin = join(root, 'packages/cli/bin/zilch.mjs');
const cacheDir = mkdtempSync(join(tmpdir(), 'zilch-cli-cache-'));

function zilch(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const env = { ...process.env, ZILCH_CACHE_DIR: cacheDir };
    execFile(process.execPath, [bin, ...args], { cwd: root, env }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('zilch solve refusing a rule set', () => {
  it.each(['hot-dice', 'ten-dice', 'zilch-online'])(
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

  it('says the same in words without --json', async () => {
    const r = await zilch('solve', '--rules', 'hot-dice');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Hot Dice extensions/);
    expect(r.stderr).toMatch(/expected/);
  });
});
