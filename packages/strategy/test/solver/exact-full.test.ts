/**
 * The slope shortcut of the two-player solver against sweeping every table in full, on the
 * shipped presets it supports, at their full targets. The solves run in child processes, two
 * at a time (two cores). Classic at 10,000 takes about 60 s of CPU for the full sweeps alone,
 * over the 60 s budget of one test, so it runs at 9,000 (about 47 s) unless ZILCH_EXACT_FULL=1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./exact-child.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'zilch-exact-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Figures {
  states: number;
  sweeps: number;
  cpu: number;
  fresh: number;
}

function solve(id: string, target: number, how: 'fast' | 'full'): Promise<[Float64Array, Figures]> {
  const out = join(dir, `${id}-${target}-${how}.f64`);
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', child, id, String(target), how, out],
      { maxBuffer: 1 << 20 },
      (err, stdout) => {
        if (err) return fail(err);
        const buf = readFileSync(out);
        rmSync(out);
        const values = new Float64Array(buf.buffer, buf.byteOffset, buf.byteLength / 8);
        done([values, JSON.parse(stdout) as Figures]);
      },
    );
  });
}

const FULL = process.env.ZILCH_EXACT_FULL === '1';
const CASES: [string, number][] = [
  ['serendipity-creak', 10_000],
  ['farkle-2017', 10_000],
  ['classic', FULL ? 10_000 : 9_000],
];

/**
 * Runs `job`s two at a time, in the order given: the six solves are queued longest first (every
 * full sweep, then the shortcuts), so both cores stay busy to the end instead of each case
 * waiting on its own slower half.
 */
function twoAtATime() {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= 2) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

describe('two-player solver, exact at full size', () => {
  const slot = twoAtATime();
  const solves = new Map<string, Promise<[Float64Array, Figures]>>();
  beforeAll(() => {
    for (const how of ['full', 'fast'] as const)
      for (const [id, target] of CASES) {
        const p = slot(() => solve(id, target, how));
        // Awaited by its test; a failure is reported there, not as an unhandled rejection here.
        p.catch(() => undefined);
        solves.set(`${id}:${how}`, p);
      }
  });

  it.each(CASES)(
    '%s, target %i: moving along slopes gives the tables full sweeps give (≤ 1e-12)',
    async (id, target) => {
      const [[fast, f], [full, u]] = await Promise.all([
        solves.get(`${id}:fast`)!,
        solves.get(`${id}:full`)!,
      ]);
      expect(fast.length).toBe(full.length);
      let worst = 0;
      for (let i = 0; i < fast.length; i++) {
        const d = Math.abs(fast[i]! - full[i]!);
        if (d > worst) worst = d;
      }
      console.log(
        `${id} ${target}: worst ${worst.toExponential(2)}; states ${f.states} v ${u.states}; CPU ${f.cpu.toFixed(1)} s v ${u.cpu.toFixed(1)} s`,
      );
      expect(worst).toBeLessThanOrEqual(1e-12);
      expect(f.states).toBeLessThan(u.states);
    },
    600_000,
  );
});
