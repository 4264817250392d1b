/** `zilch puzzle` as a user runs it: a puzzle cut from self-play, answered by flag or on stdin. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preset } from '@zilch/engine';
import { runCli } from './run-cli.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'zilch-puzzle-cache-'));
const zilch = (args: string[], stdin?: string) =>
  runCli(args, { env: { ZILCH_CACHE_DIR: cacheDir }, ...(stdin ? { stdin } : {}) });
// A small target keeps the two-player solve to seconds.
const file = join(cacheDir, 'small.json');
writeFileSync(
  file,
  JSON.stringify({ ...preset('serendipity-creak'), name: 'Small', target: 1500 }),
);

interface PuzzleJson {
  ok: boolean;
  asked: string[];
  chosen: string;
  correct: boolean;
  options: { label: string; win: number }[];
}

describe('zilch puzzle', () => {
  it('checks an answer and reveals every option, best first, in JSON', async () => {
    const base = ['puzzle', '--rules-file', file, '--games', '12', '--seed', '5', '--daily'];
    const first = await zilch([...base, '--answer', '1', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const j = JSON.parse(first.stdout) as PuzzleJson;
    expect(j.ok).toBe(true);
    expect(j.chosen).toBe(j.asked[0]);
    expect(j.correct).toBe(j.chosen === j.options[0]!.label);
    expect(j.options[0]!.win - j.options[1]!.win).toBeGreaterThanOrEqual(0.03);
    // The same daily puzzle again, answered with the best option.
    const right = j.asked.indexOf(j.options[0]!.label) + 1;
    const again = JSON.parse(
      (await zilch([...base, '--answer', String(right), '--json'])).stdout,
    ) as PuzzleJson;
    expect(again.correct).toBe(true);
  });

  it('asks in the terminal and answers in words', async () => {
    const r = await zilch(
      ['puzzle', '--rules-file', file, '--games', '12', '--seed', '5', '--daily'],
      '1\n',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/What do you do\?/);
    expect(r.stdout).toMatch(/^(Right|Not quite)/m);
    expect(r.stdout).toMatch(/Every option, with its chance to win/);
  });

  it('refuses an unknown theme', async () => {
    const r = await zilch(['puzzle', '--rules-file', file, '--theme', 'luck']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--theme must be one of/);
  });
});
