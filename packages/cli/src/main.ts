import { Command, CommanderError } from 'commander';
import { UsageError } from './usage-error.ts';
import * as score from './commands/score.ts';
import * as odds from './commands/odds.ts';
import * as rules from './commands/rules.ts';
import * as ev from './commands/ev.ts';
import * as solve from './commands/solve.ts';
import * as simulate from './commands/simulate.ts';
import * as play from './commands/play.ts';
import * as serve from './commands/serve.ts';
import * as verify from './commands/verify.ts';

// A closed pipe (`zilch simulate | head`) is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const program = new Command('zilch')
  .description('Zilch: score rolls, study the odds, solve, simulate, play and serve the dice game')
  .exitOverride()
  .configureOutput({ outputError: (s, write) => write(s) });

for (const c of [score, odds, rules, ev, solve, simulate, play, serve, verify]) c.register(program);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof UsageError) {
    process.stderr.write(`zilch: ${e.message}\n`);
    process.exitCode = 2;
  } else if (e instanceof CommanderError) {
    // Help and version exit 0; every other parse problem is a usage error.
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else throw e;
}
