import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { positionsFor, preset, scoringTable } from '@zilch/engine';

const BIN = fileURLToPath(new URL('../bin/zilch.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'zilch-play-'));
// A small target keeps the game short; a final round still happens.
const rules = { ...preset('serendipity-creak'), target: 1000 };
const RULES_FILE = join(dir, 'rules.json');
writeFileSync(RULES_FILE, JSON.stringify(rules));

// `?` prints the advisor's ranked options.
const ADVICE = /Advice \((chance to win|expected points)\), best first:\n {2}1\. /;

const GLYPHS = '⚀⚁⚂⚃⚄⚅';

/** The faces of the last roll drawn in the transcript. */
function lastRoll(out: string): number[] {
  const lines = out.split('\n').filter((l) => [...GLYPHS].some((g) => l.includes(g)));
  const line = lines.at(-1) ?? '';
  return [...line.matchAll(/[⚀-⚅] (\d)/g)].map((m) => Number(m[1]));
}

/** Answers each prompt as a scripted player would: the best keep, then bank when allowed. */
function scripted(): (prompt: string, out: string) => string {
  let keeps = 0;
  return (prompt, out) => {
    if (prompt.startsWith('Keep which dice')) {
      keeps += 1;
      if (keeps === 1) return '9'; // not a die
      if (keeps === 2) return '?';
      const roll = lastRoll(out);
      if (keeps === 3) {
        const bad = roll.findIndex((f) => f === 2 || f === 3 || f === 4 || f === 6);
        if (bad >= 0) return String(bad + 1); // a die that cannot be kept alone
      }
      const best = scoringTable(rules).lookup(roll).best!;
      return positionsFor(roll, best.keep)
        .map((p) => p + 1)
        .join(' ');
    }
    if (prompt.startsWith('Inherit')) return 'f';
    if (prompt.includes('[b]ank')) return 'b';
    return 'r';
  };
}

interface Run {
  out: string;
  err: string;
  code: number | null;
}

type Answerer = (prompt: string, out: string) => string | null;

/**
 * Runs `zilch play` with its stdin a pipe: either answering each prompt as it appears, or
 * writing a fixed list of answers at once and closing the pipe.
 */
function play(args: string[], answers: Answerer | string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'play', ...args], {
      env: { ...process.env, NO_COLOR: '1', ZILCH_CACHE_DIR: dir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let answered = 0;
    child.stdout.setEncoding('utf8');
    if (Array.isArray(answers)) child.stdin.end(answers.map((a) => `${a}\n`).join(''));
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const tail = out.slice(answered);
      // Every line but a prompt ends in a newline, so unfinished text is a prompt.
      const m = /\n([^\n]+ )$/.exec(tail);
      if (!m || Array.isArray(answers)) return;
      answered = out.length;
      const a = answers(m[1] as string, out);
      if (a === null) child.stdin.end();
      else child.stdin.write(`${a}\n`);
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ out, err, code }));
  });
}

describe('zilch play through a pipe', () => {
  it('plays a whole game against a bot with scripted answers', async () => {
    const args = [
      '--rules-file',
      RULES_FILE,
      '--bots',
      'random',
      '--players',
      'Ann',
      '--seed',
      '11',
    ];
    const run = await play(args, scripted());
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const out = run.out;
    expect(out).toMatch(/#1\s+#2/);
    expect(out).toMatch(/[⚀-⚅] [1-6]/);
    expect(out).toContain('"9" is not a die: the dice are numbered 1 to');
    expect(out).toMatch(ADVICE);
    expect(out).toMatch(/Keep [1-6 ]+: \d+ points → turn total \d+/);
    expect(out).toMatch(/Ann banks \d+ → score \d+/);
    // Ann's banks make offers to the bot, which takes or declines them.
    expect(out).toMatch(
      /random bot may inherit \d+ points with \d+ di(e|ce)\.\nrandom bot (starts fresh|inherits)/,
    );
    expect(out).toContain('FINAL ROUND');
    expect(out).toMatch(/GAME OVER[\s\S]*Final scores: (Ann|random bot) \d+, (Ann|random bot) \d+/);
    // Seeded dice and the same answers give the same game.
    const again = await play(args, scripted());
    expect(again.out).toBe(out);
  });

  it('takes every answer at once from a pipe, and leaves when the input ends', async () => {
    // Hot seat, all answers written before the game starts: advice, a bad die, then end of input.
    const run = await play(
      ['--rules-file', RULES_FILE, '--players', 'Ann,Bob', '--seed', '3'],
      ['?', '9'],
    );
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/(Ann|Bob) goes first\./);
    expect(run.out).toMatch(/Keep which dice\? [^\n]*\?\n/);
    expect(run.out).toMatch(ADVICE);
    expect(run.out).toMatch(/9\n"9" is not a die/);
    expect(run.out).toContain('Leaving the game before its end.');
  });

  it('refuses a bad command line with exit code 2', async () => {
    const run = await play(['--bots', 'nobody'], []);
    expect(run.code).toBe(2);
    expect(run.err).toContain('Unknown bot "nobody"');
  });
});
