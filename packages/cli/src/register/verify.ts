import type { Command } from 'commander';

/** Registers `zilch verify <export.json>`: recomputes every roll of a finished game from its revealed seeds. */
export function register(program: Command): void {
  program
    .command('verify')
    .description(
      'check a game export: every roll must follow from the revealed seeds (exit 1 on a mismatch)',
    )
    .argument('<export>', 'game export JSON (GET /api/games/:id/export), or - for stdin')
    .option('--json', 'print { ok, rollsChecked, message } as JSON')
    .action(async (file: string, opts: { json?: boolean }) =>
      (await import('../commands/verify.ts')).run(file, opts),
    );
}
