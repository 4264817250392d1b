// A Zilch bot in TypeScript on the typed client of @zilch/protocol (docs/bot-api.md): keep the
// scoring dice worth the most, bank once the turn is worth 350. Run it with
//   zilch bot run examples/bots/simple-bot.ts --token zilch_… --games 5
// or on its own:
//   node --conditions=source --import tsx examples/bots/simple-bot.ts http://localhost:3000 zilch_… 5
import { BotClient, type BotTurn, type Move } from '@zilch/protocol';

const BANK_AT = 350;

/** The bot: a move from the legal ones the stream lists. */
export default function decide({ choices }: BotTurn): Move {
  const keeps = choices.filter((c) => c.move.type === 'keep');
  const best = keeps.reduce<(typeof keeps)[number] | null>(
    (a, c) => (a && a.total >= c.total ? a : c),
    null,
  );
  if (best?.move.type === 'keep')
    return best.total >= BANK_AT && choices.some((c) => c.move.type === 'keep' && c.move.then)
      ? { type: 'keep', dice: best.move.dice, then: 'bank' }
      : { type: 'keep', dice: best.move.dice };
  const bank = choices.find((c) => c.move.type === 'bank');
  if (bank && bank.total >= BANK_AT) return bank.move;
  return (choices.find((c) => c.move.type !== 'bank') ?? choices[0]!).move;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [server = 'http://localhost:3000', token = process.env.ZILCH_TOKEN ?? '', games = '1'] =
    process.argv.slice(2);
  const bot = new BotClient({ server, token });
  for (let i = 0; i < Number(games); i++) {
    const { gameId } = await bot.playAi({ bot: 'expected' });
    const end = await bot.play(gameId, decide);
    console.log(gameId, end.state.winners.includes(end.you ?? -1) ? 'won' : 'lost');
  }
}
