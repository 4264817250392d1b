import { readFileSync } from 'node:fs';
import { verifyExport } from '@zilch/server';
import { printJson } from '../output.ts';
import { usage } from '../usage-error.ts';

/** `zilch verify <export.json>`: recomputes every roll of a finished game from its revealed seeds. */
export function run(file: string, o: { json?: boolean }): void {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    usage(`cannot read ${file}: ${(e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    usage(`${file} is not JSON`);
  }
  const r = verifyExport(data);
  if (o.json) printJson(r);
  else (r.ok ? process.stdout : process.stderr).write(`${r.message}\n`);
  process.exitCode = r.ok ? 0 : 1;
}
