import { readFileSync } from 'node:fs';
import { verifyExport } from '@zilch/server';
import { printJson } from '../output.ts';
import { usage } from '../usage-error.ts';

/**
 * `zilch verify <export.json> --commitment <hex>`: checks a finished game against the commitment
 * its table showed before the first roll (seed, rules, every roll, the replay, result, chain).
 */
export async function run(file: string, o: { json?: boolean; commitment: string }): Promise<void> {
  if (!/^[0-9a-fA-F]{64}$/.test(o.commitment.trim())) {
    usage(
      `--commitment must be the 64 hex digits the table showed, got ${JSON.stringify(o.commitment)}`,
    );
  }
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
  const r = await verifyExport(data, o.commitment);
  if (o.json) printJson(r);
  else if (r.ok) process.stdout.write(`${r.message}\n`);
  else process.stderr.write(`${r.reason}: ${r.message}\n`);
  process.exitCode = r.ok ? 0 : 1;
}
