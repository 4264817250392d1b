// Our built-in bots as accounts (issue 27, "our built-in bots take challenges as accounts"): each
// level has a bot account whose id and name are `zilch-<level>`, so a bot (or a person) challenges
// `{ userId: 'zilch-expected' }` like any account; the challenge is accepted at once and the table
// seats the built-in bot, its seat linked to that account so the game is rated on the bot ladder.
import { BOT_IDS, HOUSE_BOT_PREFIX, houseBotAccount, type BotId } from '@zilch/protocol';

/** The built-in bot level an account id names, or null for any other account. */
export function houseBotOf(userId: string): BotId | null {
  if (!userId.startsWith(HOUSE_BOT_PREFIX)) return null;
  const level = userId.slice(HOUSE_BOT_PREFIX.length);
  return BOT_IDS.find((b) => b === level) ?? null;
}

/** Every built-in bot's account id, weakest first. */
export function houseBotAccounts(): { id: string; bot: BotId }[] {
  return BOT_IDS.map((bot) => ({ id: houseBotAccount(bot), bot }));
}
