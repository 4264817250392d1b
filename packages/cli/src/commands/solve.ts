import type { Command } from 'commander';

/** Registers `zilch solve` (placeholder until its package lands). */
export function register(program: Command): void {
  program
    .command('solve')
    .description('not available yet')
    .action(() => {
      process.stderr.write('zilch solve: not available yet\n');
      process.exitCode = 2;
    });
}
