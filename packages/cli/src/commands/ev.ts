import type { Command } from 'commander';

/** Registers `zilch ev` (placeholder until its package lands). */
export function register(program: Command): void {
  program
    .command('ev')
    .description('not available yet')
    .action(() => {
      process.stderr.write('zilch ev: not available yet\n');
      process.exitCode = 2;
    });
}
