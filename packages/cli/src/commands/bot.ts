import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BotClient, type Decide } from '@zilch/client';
import { BOT_IDS, type BotId } from '@zilch/protocol';
import { usage } from '../usage-error.ts';

/** `zilch bot run FILE`: loads a bot module and plays through the bot API until done. */
export async function run(
  file: string,
  o: {
    token?: string;
    server: string;
    games: string;
    against: string;
    rules: string;
    listen?: boolean;
  },
): Promise<void> {
  const token = o.token ?? process.env.ZILCH_TOKEN;
  if (!token) usage('give --token (or ZILCH_TOKEN): make one on your profile page');
  const games = Number(o.games);
  if (!Number.isInteger(games) || games < 1)
    usage(`--games must be a whole number ≥ 1, got ${o.games}`);
  if (!(BOT_IDS as readonly string[]).includes(o.against))
    usage(`--against must be one of ${BOT_IDS.join(', ')}`);
  let decide: Decide;
  try {
    const mod = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown };
    if (typeof mod.default !== 'function') usage(`${file} has no default export (a function)`);
    decide = mod.default as Decide;
  } catch (e) {
    usage(`cannot load ${file}: ${(e as Error).message}`);
  }
  const bot = new BotClient({ server: o.server, token });
  const me = await bot.account();
  process.stderr.write(`playing as ${me.name}\n`);
  if (o.listen) {
    for await (const e of bot.events()) {
      if (e.type === 'challenge') await bot.accept(e.challenge.id).catch(() => undefined);
      else if (e.type === 'gameStart')
        void bot.play(e.gameId, decide).then((v) => report(e.gameId, v.you, v.state.winners));
    }
    return;
  }
  let won = 0;
  for (let i = 0; i < games; i++) {
    const { gameId } = await bot.playAi({ bot: o.against as BotId, rules: o.rules });
    const end = await bot.play(gameId, decide);
    if (report(gameId, end.you, end.state.winners)) won++;
  }
  process.stdout.write(`${JSON.stringify({ games, won, lost: games - won })}\n`);
}

function report(gameId: string, you: number | null, winners: number[]): boolean {
  const won = you !== null && winners.includes(you);
  process.stderr.write(`${gameId}: ${won ? 'won' : 'lost'}\n`);
  return won;
}
