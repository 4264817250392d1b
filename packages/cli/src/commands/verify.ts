import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { verifyExport } from '@zilch/server';
import { printJson } from '../output.ts';
import { usage } from '../usage-error.ts';

/** Registers `zilch verify <export.json>`: recomputes every roll of a finished game from its revealed seeds. */
export function register(program: Command): void {
  program
    .command('verify')
    .description(
      'check a game export: every roll must follow from the revealed seeds (exit 1 on a mismatch)',
    )
    .argument('<export>', 'game export JSON (GET /api/games/:id/export), or - for stdin')
    .option('--json', 'print { ok, rollsChecked, message } as JSON')
    .action((file: string, o: { json?: boolean }) => {
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
    });
}
