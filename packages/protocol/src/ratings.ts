// Ratings and leaderboards: Glicko-2 per preset for rated two-player games between accounts
// (docs/server.md, "Ratings").
import { z } from 'zod';
import { AvatarColourSchema } from './account.ts';
import { SeedSchema, TokenSchema } from './moves.ts';

const int = z.number().int();
const epochMs = z.number().describe('Epoch milliseconds');

/** A preset id (`GET /api/rules/presets` lists them); ratings are kept per preset. */
const PresetIdSchema = z.string().min(1).max(64).describe('Preset id (ratings are per preset)');

/** One player's Glicko-2 rating in one preset. */
export const RatingSchema = z
  .object({
    preset: PresetIdSchema,
    rating: z.number().describe('Glicko-2 rating on the Glicko scale (new players start at 1500)'),
    deviation: z
      .number()
      .describe('Rating deviation (RD): the rating is ± 2 RD with 95 % confidence'),
    volatility: z.number().describe('Glicko-2 volatility σ'),
    games: int.min(0).describe('Rated games played in this preset'),
    wins: int.min(0),
    provisional: z.boolean().describe('RD above the provisional threshold: not yet settled'),
  })
  .meta({ id: 'Rating' });

/** One player's rating in one preset. */
export type Rating = z.infer<typeof RatingSchema>;

/** A rating after one rated game (a point of the profile's chart). */
export const RatingPointSchema = z.object({
  gameId: z.string(),
  preset: PresetIdSchema,
  at: epochMs,
  rating: z.number(),
  deviation: z.number(),
  change: z.number().describe('Rating after minus rating before'),
  result: z.enum(['win', 'loss', 'draw']),
  opponent: z.string().describe('The opponent’s display name'),
  opponentBotAccount: z
    .string()
    .optional()
    .describe('The opponent is a bot: its account id (its page is /bots/:id)'),
});

/** A rating after one rated game. */
export type RatingPoint = z.infer<typeof RatingPointSchema>;

/** `:id` of `/api/players/:id/ratings` (a user id). */
export const PlayerIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** `GET /api/players/:id/ratings` answer: a player's public rating profile. */
export const PlayerRatingsSchema = z
  .object({
    player: z.object({
      id: z.string(),
      name: z.string(),
      colour: AvatarColourSchema,
      bot: z.boolean().optional().describe('A bot account (its page is /bots/:id)'),
    }),
    ratings: z.array(RatingSchema).describe('One per preset played, most games first'),
    history: z.array(RatingPointSchema).describe('Rated games, oldest first (at most 500)'),
  })
  .meta({ id: 'PlayerRatings' });

/** `GET /api/players/:id/ratings` answer. */
export type PlayerRatings = z.infer<typeof PlayerRatingsSchema>;

/** `GET /api/leaderboard` query. */
export const LeaderboardQuerySchema = z.object({
  preset: PresetIdSchema.optional().describe('Default: the preset with most rated games'),
  limit: z.coerce.number().int().min(1).max(200).optional().describe('Default 100'),
});

/** A row of the leaderboard. */
export const LeaderboardRowSchema = z.object({
  rank: int.min(1),
  playerId: z.string(),
  name: z.string(),
  colour: AvatarColourSchema,
  rating: z.number(),
  deviation: z.number(),
  games: int.min(0),
  wins: int.min(0),
});

/** A row of the leaderboard. */
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;

/** `GET /api/leaderboard` answer. */
export const LeaderboardSchema = z
  .object({
    preset: PresetIdSchema.nullable().describe('The preset shown; null when nobody is rated yet'),
    presets: z.array(PresetIdSchema).describe('Presets with at least one rated player'),
    minGames: int.min(1).describe('Rated games a player needs to be listed'),
    provisionalDeviation: z.number().describe('RD above which a rating is provisional'),
    players: z.array(LeaderboardRowSchema).describe('Settled ratings, best first'),
    provisional: z
      .array(LeaderboardRowSchema)
      .describe('Listed apart: enough games, but RD still above the threshold'),
  })
  .meta({ id: 'Leaderboard' });

/** `GET /api/leaderboard` answer. */
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

/** `GET /api/games/:id/rating` answer: whether a table is rated, and what its end changed. */
export const GameRatingSchema = z
  .object({
    rated: z.boolean(),
    preset: PresetIdSchema.nullable(),
    status: z
      .enum(['unrated', 'pending', 'applied', 'void'])
      .describe(
        'pending: not over yet (or being applied); void: over, but not between two accounts',
      ),
    changes: z
      .array(
        z.object({
          seat: int.min(0),
          before: z.number(),
          after: z.number(),
          deviation: z.number(),
        }),
      )
      .describe('Per seat, once applied'),
    stakes: z
      .array(
        z.object({
          seat: int.min(0),
          rating: z.number().describe('The rating now (1500 before a first rated game)'),
          deviation: z.number(),
          win: z.number().describe('Rating change if this seat wins'),
          draw: z.number().describe('Rating change if the win is shared'),
          loss: z.number().describe('Rating change if this seat loses'),
        }),
      )
      .default([])
      .describe('Per seat, while the game is in play between two accounts: what it puts at stake'),
  })
  .meta({ id: 'GameRating' });

/** `GET /api/games/:id/rating` answer. */
export type GameRating = z.infer<typeof GameRatingSchema>;

/** `POST /api/account/games/:id/claim` body: a seat of a rated table, taken by the signed-in account. */
export const AccountClaimBodySchema = z
  .object({ token: TokenSchema, seed: SeedSchema.optional() })
  .strict();

/** `POST /api/account/games/:id/claim` body. */
export type AccountClaimBody = z.input<typeof AccountClaimBodySchema>;
