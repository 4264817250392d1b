import { z } from 'zod';
import { BotIdSchema } from './bots.ts';
import { GameStateSchema, RulesSchema } from './game-state.ts';

const epochMs = z.number().describe('Epoch milliseconds');

/** One seat as clients see it. */
export const SeatViewSchema = z.object({
  seat: z.number().int().min(0),
  kind: z.enum(['human', 'bot']),
  bot: BotIdSchema.optional(),
  botAccount: z
    .string()
    .optional()
    .describe(
      'A bot account plays this seat (its id; its page is /bots/:id). A built-in bot seat (kind bot) is a bot too: its page is /bots/zilch-<level>',
    ),
  name: z.string(),
  claimed: z.boolean(),
  connected: z.boolean(),
});

/** One seat as clients see it. */
export type SeatView = z.infer<typeof SeatViewSchema>;

/** Where a table is: waiting for seats to be claimed, being played, or finished. */
export const GameStatusSchema = z.enum(['waiting', 'playing', 'over']);

/** A game as one seat (or a spectator, `you: null`) sees it. */
export const GameViewSchema = z
  .object({
    id: z.string(),
    rules: RulesSchema,
    status: GameStatusSchema,
    seats: z.array(SeatViewSchema),
    state: GameStateSchema.describe(
      'While waiting, a preview: nobody has rolled for the first player yet',
    ),
    seq: z.number().int().min(0).describe('Accepted actions so far'),
    version: z
      .number()
      .int()
      .min(0)
      .describe('Bumped by every stored change; the newest view has the highest version'),
    you: z.number().int().min(0).nullable().describe('Your seat; null for a spectator'),
    commitment: z.string().describe('SHA-256 of the server seed, hex'),
    seed: z.string().optional().describe('The server seed, revealed once the game is over'),
    createdAt: epochMs,
    rematchOf: z.string().optional(),
    rematchId: z.string().optional(),
    timer: z.object({ deadline: epochMs }).optional().describe('When the current turn runs out'),
    absence: z
      .object({
        abortUnmoved: z
          .boolean()
          .describe('A seat whose timer runs out before its first move calls the game off'),
        forfeitAfter: z
          .number()
          .int()
          .min(1)
          .nullable()
          .describe('The timed-out decision in a row that forfeits; null: a bot plays on instead'),
      })
      .optional()
      .describe('Quick-match tables: what happens to a player who stops playing'),
  })
  .meta({ id: 'GameView' });

/** A game as one seat (or a spectator) sees it. */
export type GameView = z.infer<typeof GameViewSchema>;
