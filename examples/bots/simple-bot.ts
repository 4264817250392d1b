// A Zilch bot on @zilch/client (docs/bot-api.md): keep the scoring dice worth the most, bank once
// the turn is worth 350. As a module: `zilch bot run examples/bots/simple-bot.ts --token zilch_…`;
// on its own, with ZILCH_TOKEN set (rules: a preset id or a whole RuleSet as JSON):
//   node --conditions=source --import tsx examples/bots/simple-bot.ts http://localhost:3000 5 classic
import { pathToFileURL } from 'node:url';
import { BotClient, type BotTurn, type Move } from '@zilch/client';

/** The bot: a move from the legal ones the stream lists, each with the turn total it leads to. */
export default function decide({ choices }: BotTurn): Move {
  const keeps = choices.filter((c) => c.move.type === 'keep').sort((a, b) => b.total - a.total);
  const keepBank = keeps.find(
    (c) => c.move.type === 'keep' && c.move.then === 'bank' && c.total >= 350,
  );
  const keep = keeps.find((c) => c.move.type === 'keep' && c.move.then === undefined);
  const bank = choices.find((c) => c.move.type === 'bank' && c.total >= 350);
  const roll = choices.find((c) => c.move.type !== 'bank');
  return (keepBank ?? keep ?? bank ?? roll ?? choices[0]!).move;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [server = 'http://localhost:3000', n = '1', rules = 'classic'] = process.argv.slice(2);
  const bot = new BotClient({ server, token: process.env.ZILCH_TOKEN ?? '' });
  let won = 0;
  for (let i = 0; i < Number(n); i++) {
    const ruleSet = rules.startsWith('{') ? (JSON.parse(rules) as Record<string, unknown>) : rules;
    const { gameId } = await bot.playAi({ bot: 'expected', rules: ruleSet });
    const end = await bot.play(gameId, decide);
    if (end.state.winners.includes(end.you ?? -1)) won++;
  }
  console.log(JSON.stringify({ games: Number(n), won, lost: Number(n) - won }));
}
