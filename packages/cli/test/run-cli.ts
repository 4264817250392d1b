// The CLI as a user runs it, for the CLI's tests: a real process of the built `zilch`, run to
// completion, with its exit code and both outputs.
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (the CLI runs from there, as `npx zilch` would). */
export const root = resolve(fileURLToPath(import.meta.url), '../../../..');
const bin = join(root, 'packages/cli/bin/zilch.mjs');

/** What a run of the CLI gave. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `zilch args…` with extra environment variables and, if given, text on its stdin. */
export function runCli(
  args: readonly string[],
  o: { env?: Record<string, string>; stdin?: string } = {},
): Promise<Run> {
  return new Promise((done) => {
    const env = { ...process.env, ...o.env };
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { cwd: root, env },
      (err, stdout, stderr) =>
        done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(o.stdin ?? '');
  });
}
