import type { Command } from 'commander';

/** Registers `zilch serve` (placeholder until its package lands). */
export function register(program: Command): void {
  program
    .command('serve')
    .description('not available yet')
    .action(() => {
      process.stderr.write('zilch serve: not available yet\n');
      process.exitCode = 2;
    });
}
