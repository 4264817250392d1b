/** `zilch card` as a user runs it: the card in words, its measured win rate, JSON, exit codes. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preset } from '@zilch/engine';
import { runCli } from './run-cli.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'zilch-card-cache-'));
const zilch = (...args: string[]) => runCli(args, { env: { ZILCH_CACHE_DIR: cacheDir } });

interface CardJson {
  ok: boolean;
  rules: string;
  card: { lines: string[]; thresholds: { dice: number; bankAt: number | null }[] };
  against: string;
  note?: string;
  games: number;
  winRate: number;
  ci95: [number, number];
  lossPoints: number;
}

describe('zilch card', () => {
  it('measures a rules file’s card against optimal, in JSON', async () => {
    // A small target keeps the two-player solve to a second.
    const file = join(cacheDir, 'small.json');
    writeFileSync(file, JSON.stringify({ ...preset('farkle-2017'), name: 'Small', target: 1500 }));
    const r = await zilch('card', '--rules-file', file, '--games', '200', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as CardJson;
    expect(j).toMatchObject({ ok: true, rules: 'Small', against: 'optimal', games: 200 });
    expect(j.card.lines.length).toBeGreaterThan(2);
    expect(j.card.lines.length).toBeLessThanOrEqual(8);
    expect(j.winRate).toBeGreaterThan(0.2);
    expect(j.winRate).toBeLessThan(0.6);
    expect(j.ci95[0]).toBeLessThan(j.winRate);
    expect(j.ci95[1]).toBeGreaterThan(j.winRate);
    expect(j.lossPoints).toBeCloseTo((0.5 - j.winRate) * 100, 1);
  });

  it('without a two-player solution it measures against expected and says so', async () => {
    const r = await zilch('card', '--rules', 'zilch-online', '--games', '20');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Strategy card: Zilch \(online classic\)/);
    expect(r.stdout).toMatch(/Bank once your turn total reaches \d[\d,]* with 1 die/);
    expect(r.stdout).toMatch(/Against expected: the short card wins/);
    expect(r.stdout).toMatch(/Measured against expected/);
  });

  it('prints the short card first, the detailed card only with --detailed', async () => {
    const plain = await zilch('card', '--rules', 'zilch-online', '--games', '20');
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/numbers to remember/);
    expect(plain.stdout).not.toMatch(/The detailed card\n/);
    expect(plain.stdout).toMatch(/zilch card --detailed/);
    const both = await zilch('card', '--rules', 'zilch-online', '--games', '20', '--detailed');
    expect(both.code, both.stderr).toBe(0);
    const short = both.stdout.indexOf('Bank once your turn total reaches');
    const detailed = both.stdout.indexOf('The detailed card');
    expect(short).toBeGreaterThan(-1);
    expect(detailed).toBeGreaterThan(short);
    expect(both.stdout.slice(detailed)).toMatch(
      /once your turn total reaches, by dice left: 1 die/,
    );
    expect(both.stdout).toMatch(/the detailed card wins/);
  });

  it('refuses a bad --games with exit code 2', async () => {
    const r = await zilch('card', '--rules', 'classic', '--games', 'many');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--games/);
  });
});
