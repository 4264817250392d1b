import type { Command } from 'commander';

/** Registers `zilch verify <export.json> --commitment <hex>`: checks a finished game against the commitment its table showed. */
export function register(program: Command): void {
  program
    .command('verify')
    .description(
      'check a game export against the commitment its table showed before the first roll: seed, rules, every roll, the replay to the end, the result and the hash chain (exit 1 with a named reason on any mismatch)',
    )
    .argument('<export>', 'game export JSON (GET /api/games/:id/export), or - for stdin')
    .requiredOption(
      '--commitment <hex>',
      'the commitment the table page showed before the first roll (64 hex digits)',
    )
    .option('--json', 'print { ok, reason, rollsChecked, message, seedSources } as JSON')
    .action(async (file: string, opts: { json?: boolean; commitment: string }) =>
      (await import('../commands/verify.ts')).run(file, opts),
    );
}
