/** The main entry stays pure: nothing it loads touches the disk, the environment or threads. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url);

/** Every module of this package reachable from `entry` through relative imports, with its text. */
function reachable(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (url: URL): void => {
    const rel = url.href.slice(SRC.href.length);
    if (seen.has(rel)) return;
    const text = readFileSync(url, 'utf8');
    seen.set(rel, text);
    for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g))
      visit(new URL(m[1]!, url));
  };
  visit(new URL(entry, SRC));
  return seen;
}

describe('@zilch/strategy (the pure entry)', () => {
  const modules = reachable('index.ts');

  it('reaches the solver, advisor, bots and in-thread simulation', () => {
    for (const m of [
      'solver/two-player.ts',
      'solver/memory.ts',
      'advisor/win.ts',
      'bots/advised.ts',
    ])
      expect(modules.has(m)).toBe(true);
    expect(modules.has('simulate/simulate.ts')).toBe(true);
  });

  it('imports only the engine and pure-rand, and no Node API', () => {
    for (const [name, text] of modules) {
      for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+'([^.][^']*)'/g))
        expect(`${name}: ${m[1]}`).toMatch(/: (@zilch\/engine|pure-rand\/[\w/]+)$/);
      // Code, not comments: strip them before looking for globals only Node has.
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      expect(code, name).not.toMatch(/\bprocess\.|\bBuffer\b|\bsetImmediate\b|\brequire\(/);
    }
  });

  it('leaves the disk cache, workers and threaded simulation to the node entry', () => {
    const node = reachable('node.ts');
    for (const m of ['solver/cache.ts', 'solver/solve-in-worker.ts', 'simulate/threaded.ts']) {
      expect(modules.has(m)).toBe(false);
      expect(node.has(m)).toBe(true);
    }
  });
});
