// Quick match (docs/server.md "Quick match"): join the queue for a preset, poll (the poll is the
// heartbeat), cancel, or take the bot offered after a wait. Routes live under /api/account/match
// because the queue is per user and rides on the session cookie. Also: taking a seat at a public table.
import { PRESET_IDS, type PresetId } from '@zilch/engine';
import { z } from 'zod';
import { BotIdSchema } from './bots.ts';
import { GameViewSchema } from './game-view.ts';
import { GameIdSchema, NameSchema, TokenSchema } from './moves.ts';

const ms = z.number().int().min(0);

/** A preset a player may queue for. */
export const MatchPresetSchema = z
  .enum(PRESET_IDS as [PresetId, ...PresetId[]])
  .describe('Rule set preset to play');

/** `POST /api/account/match` body: what to be paired for. */
export const MatchJoinBodySchema = z
  .object({
    preset: MatchPresetSchema,
    rated: z.boolean().default(false).describe('A rated game (accounts only)'),
  })
  .strict();

/** `POST /api/account/match` body. */
export type MatchJoinBody = z.input<typeof MatchJoinBodySchema>;

/** `POST /api/account/match/bot` body: the bot level to play instead (default `expected`). */
export const MatchBotBodySchema = z.object({ bot: BotIdSchema.optional() }).strict();

/** `POST /api/account/match/bot` body. */
export type MatchBotBody = z.input<typeof MatchBotBodySchema>;

/** Where a player stands in quick match; every match route answers it. */
export const MatchStatusSchema = z
  .discriminatedUnion('state', [
    z.object({ state: z.literal('idle').describe('Not queued') }),
    z.object({
      state: z.literal('waiting'),
      preset: MatchPresetSchema,
      rated: z.boolean(),
      rating: z.number().describe('The rating pairing uses'),
      waitedMs: ms.describe('Time in the queue so far'),
      range: z
        .number()
        .min(0)
        .describe('Largest rating difference accepted now (it widens with the wait)'),
      botOffer: z.boolean().describe('Whether a bot may be taken instead (the wait is over)'),
    }),
    z.object({
      state: z.literal('matched'),
      gameId: GameIdSchema,
      seat: z.number().int().min(0),
      token: TokenSchema.describe("This device's seat token (a fresh one each time it is asked)"),
      opponent: z.string().describe('Name of the other seat (a bot names its level)'),
    }),
  ])
  .meta({ id: 'MatchStatus' });

/** Where a player stands in quick match. */
export type MatchStatus = z.infer<typeof MatchStatusSchema>;

/** `POST /api/games/:id/join` body: take the first free seat of a public table under a name. */
export const JoinTableBodySchema = z.object({ name: NameSchema }).strict();

/** `POST /api/games/:id/join` body. */
export type JoinTableBody = z.input<typeof JoinTableBodySchema>;

/** `POST /api/games/:id/join` answer: the seat taken and this device's token for it. */
export const JoinedTableSchema = z
  .object({ seat: z.number().int().min(0), token: TokenSchema, view: GameViewSchema })
  .meta({ id: 'JoinedTable' });

/** `POST /api/games/:id/join` answer. */
export type JoinedTable = z.infer<typeof JoinedTableSchema>;
