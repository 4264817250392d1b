import type { Command } from 'commander';

/** Registers `zilch verify` (placeholder until its package lands). */
export function register(program: Command): void {
  program
    .command('verify')
    .description('not available yet')
    .action(() => {
      process.stderr.write('zilch verify: not available yet\n');
      process.exitCode = 2;
    });
}
