/** The quick commands load only what they use: no server, no solver, no zod (issue 9). */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/zilch.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'zilch-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A module hook that appends every ES module URL Node loads to the file named in the
// environment: what a command imported, whoever imported it.
const HOOKS = join(dir, 'hooks.mjs');
writeFileSync(
  HOOKS,
  `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.ZILCH_LOAD_LOG, url + '\\n');
  return next(url, context);
}
`,
);
const REGISTER = join(dir, 'register.mjs');
writeFileSync(
  REGISTER,
  `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(HOOKS).href)});\n`,
);

let runs = 0;

/** Runs the bin; the URLs of the modules it loaded. */
function loaded(...args: string[]): Promise<string[]> {
  const log = join(dir, `load-${runs++}.log`);
  writeFileSync(log, '');
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--import', pathToFileURL(REGISTER).href, BIN, ...args],
      { env: { ...process.env, ZILCH_LOAD_LOG: log } },
      (err, _stdout, stderr) => {
        if (err) return fail(new Error(`zilch ${args.join(' ')}: ${stderr}`));
        done(readFileSync(log, 'utf8').split('\n').filter(Boolean));
      },
    );
  });
}

const SERVER = /\/packages\/server\//;
const STRATEGY = /\/packages\/strategy\//;
const ZOD = /\/node_modules\/zod\//;

describe('what a command loads', () => {
  it.concurrent('score, odds and rules load neither zod, the solver nor the server', async () => {
    for (const args of [['score', '1', '2', '3', '4', '5', '5'], ['odds'], ['rules']]) {
      const urls = await loaded(...args);
      // The hook saw the command's own module, so an empty list cannot pass by accident.
      expect(urls.some((u) => u.includes(`/commands/${args[0]}.`))).toBe(true);
      expect(urls.filter((u) => SERVER.test(u) || STRATEGY.test(u) || ZOD.test(u))).toEqual([]);
    }
  });

  it.concurrent('a rules file and the JSON Schema do load zod, to validate', async () => {
    const file = fileURLToPath(new URL('../../../examples/rules/classic.json', import.meta.url));
    for (const args of [
      ['rules', '--schema'],
      ['score', '--rules-file', file, '1', '5'],
    ]) {
      expect((await loaded(...args)).some((u) => ZOD.test(u))).toBe(true);
    }
  });

  it.concurrent('help for serve and verify does not load the server', async () => {
    for (const args of [['serve', '--help'], ['verify', '--help'], ['--help']]) {
      expect((await loaded(...args)).filter((u) => SERVER.test(u))).toEqual([]);
    }
  });
});
