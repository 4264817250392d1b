import type { Command } from 'commander';

/** Registers `zilch bot run FILE --token …`: runs a bot module against a server's bot API. */
export function register(program: Command): void {
  program
    .command('bot')
    .description('run your own bot against a Zilch server over the bot API (docs/bot-api.md)')
    .command('run')
    .description(
      "run a bot module (its default export decides a move from the view and the legal moves): games against the server's bots, or every challenge it gets with --listen",
    )
    .argument('<file>', 'a module whose default export is (turn) => Move (.ts or .js)')
    .option('--token <token>', 'an API token with bot:play (default: ZILCH_TOKEN)')
    .option('--server <url>', 'the server', 'http://localhost:3000')
    .option('--games <n>', "games to play against the server's bot", '1')
    .option('--against <bot>', "the server's bot to play", 'expected')
    .option('--rules <preset>', 'the preset to play', 'classic')
    .option('--listen', 'accept every challenge and play each game that starts instead')
    .action(
      async (
        file: string,
        opts: {
          token?: string;
          server: string;
          games: string;
          against: string;
          rules: string;
          listen?: boolean;
        },
      ) => (await import('../commands/bot.ts')).run(file, opts),
    );
}
