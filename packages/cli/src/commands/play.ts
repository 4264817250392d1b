import type { Command } from 'commander';

/** Registers `zilch play` (placeholder until its package lands). */
export function register(program: Command): void {
  program
    .command('play')
    .description('not available yet')
    .action(() => {
      process.stderr.write('zilch play: not available yet\n');
      process.exitCode = 2;
    });
}
