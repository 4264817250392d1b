import type { Command } from 'commander';

/** Registers `zilch simulate` (placeholder until its package lands). */
export function register(program: Command): void {
  program
    .command('simulate')
    .description('not available yet')
    .action(() => {
      process.stderr.write('zilch simulate: not available yet\n');
      process.exitCode = 2;
    });
}
