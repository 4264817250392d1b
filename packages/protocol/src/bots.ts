import { z } from 'zod';

/** Bot levels the server knows, weakest to strongest (the same list as @zilch/strategy BOT_IDS). */
export const BOT_IDS = ['random', 'cautious', 'bold', 'expected', 'optimal'] as const;

/** A bot level. */
export const BotIdSchema = z.enum(BOT_IDS).describe('Bot level, weakest to strongest');

/** A bot level. */
export type BotId = z.infer<typeof BotIdSchema>;

/** The quick reactions a player may send. */
export const REACTIONS = ['👍', '😂', '😮', '😬', '🎉', '😢'] as const;

/** One quick reaction. */
export const ReactionEmojiSchema = z.enum(REACTIONS);

/** One quick reaction. */
export type ReactionEmoji = z.infer<typeof ReactionEmojiSchema>;
