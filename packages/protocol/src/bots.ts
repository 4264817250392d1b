import { z } from 'zod';
import { BOT_IDS, REACTIONS } from './names.ts';

export { BOT_IDS, HOUSE_BOT_PREFIX, REACTIONS, houseBotAccount } from './names.ts';

/** A bot level. */
export const BotIdSchema = z.enum(BOT_IDS).describe('Bot level, weakest to strongest');

/** A bot level. */
export type BotId = z.infer<typeof BotIdSchema>;

/** One quick reaction. */
export const ReactionEmojiSchema = z.enum(REACTIONS);

/** One quick reaction. */
export type ReactionEmoji = z.infer<typeof ReactionEmojiSchema>;
