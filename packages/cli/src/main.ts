import { Command, CommanderError } from 'commander';
import { printable } from './output.ts';
import { UsageError } from './usage-error.ts';

/** Something that declares one command (arguments, options, help) on the program. */
interface Registration {
  register(program: Command): void;
}

// Each command is declared by a small module and does its work in another, imported only when
// it runs, so `zilch score` does not pay for the solver, the server or zod (issue 9).
const COMMANDS: Record<string, () => Promise<Registration>> = {
  score: () => import('./register/score.ts'),
  odds: () => import('./register/odds.ts'),
  rules: () => import('./register/rules.ts'),
  ev: () => import('./register/ev.ts'),
  solve: () => import('./register/solve.ts'),
  simulate: () => import('./register/simulate.ts'),
  card: () => import('./register/card.ts'),
  puzzle: () => import('./register/puzzle.ts'),
  play: () => import('./register/play.ts'),
  serve: () => import('./register/serve.ts'),
  verify: () => import('./register/verify.ts'),
  backup: () => import('./register/backup.ts'),
  restore: () => import('./register/backup.ts'),
  'chat-reports': () => import('./register/chat-reports.ts'),
  bot: () => import('./register/bot.ts'),
};

// A closed pipe (`zilch simulate | head`) is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const program = new Command('zilch')
  .description('Zilch: score rolls, study the odds, solve, simulate, play and serve the dice game')
  .exitOverride()
  .configureOutput({ outputError: (s, write) => write(s) });

// The program has no options of its own, so when the first argument names a command, that
// command alone is parsed; anything else (help, a typo to suggest a fix for) needs them all.
const first = process.argv[2];
const wanted =
  first !== undefined && Object.hasOwn(COMMANDS, first)
    ? [COMMANDS[first]!]
    : Object.values(COMMANDS);
// A module may declare several commands (backup and restore): register each module once.
for (const r of new Set(await Promise.all(wanted.map((load) => load())))) r.register(program);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof UsageError) {
    process.stderr.write(`zilch: ${printable(e.message)}\n`);
    process.exitCode = 2;
  } else if (e instanceof CommanderError) {
    // Help and version exit 0; every other parse problem is a usage error.
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else throw e;
}
