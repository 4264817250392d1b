// The public bot pages' calls (docs/bot-api.md): the bot ladder of a preset and a bot's page.
import type { BotLeaderboard, BotProfile } from '@zilch/protocol';
import { call } from '../../lib/http.ts';
import type { Result } from '../../lib/result.ts';

/** The bot ladder of a preset. */
export function getBotLadder(preset: string): Promise<Result<BotLeaderboard>> {
  return call<BotLeaderboard>('GET', `/api/bot/leaderboard?preset=${encodeURIComponent(preset)}`);
}

/** A bot's ratings on the bot ladder and its newest games. */
export function getBotProfile(id: string): Promise<Result<BotProfile>> {
  return call<BotProfile>('GET', `/api/bot/players/${encodeURIComponent(id)}`);
}
