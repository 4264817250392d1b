// Tournaments (docs/tournaments-module.md): Swiss (Buchholz tie-break), single elimination seeded
// by rating, round-robin; 4–64 players, rated or not, live or correspondence, starting at a time
// or when full, bots as fillers or not. Routes live under /api/account/tournaments (the session
// cookie): reading needs no account, creating and joining do. The socket's `watchTournament`
// puts a client in a tournament's room; `tournament` tells it something changed there.
import { RuleSetSchema } from '@zilch/engine';
import { z } from 'zod';
import { GameIdSchema, TokenSchema } from './moves.ts';

const epochMs = z.number().describe('Epoch milliseconds');

/** Tournaments one account may create per UTC day. */
export const TOURNAMENTS_PER_DAY = 5;
/** Fewest and most players of a tournament. */
export const TOURNAMENT_MIN_PLAYERS = 4;
export const TOURNAMENT_MAX_PLAYERS = 64;

/** How pairings are made. */
export const TournamentFormatSchema = z
  .enum(['swiss', 'elimination', 'round-robin'])
  .describe('swiss: Buchholz tie-break; elimination: single, seeded by rating; round-robin');

/** How pairings are made. */
export type TournamentFormat = z.infer<typeof TournamentFormatSchema>;

/** Where a tournament stands. */
export const TournamentStatusSchema = z.enum(['open', 'running', 'over', 'cancelled']);

/** `:id` of the routes acting on one tournament. */
export const TournamentParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** `:userId` of a player's tournament history. */
export const TournamentPlayerParamsSchema = z.object({ userId: z.string().min(1).max(64) });

/** `POST /api/account/tournaments` body. */
export const TournamentBodySchema = z
  .object({
    name: z.string().trim().min(3).max(60).describe('Shown in the lobby'),
    rules: z
      .union([z.string().min(1).max(64), z.record(z.string(), z.unknown())])
      .describe('A preset id or a full RuleSet (house rules)'),
    format: TournamentFormatSchema,
    players: z
      .number()
      .int()
      .min(TOURNAMENT_MIN_PLAYERS)
      .max(TOURNAMENT_MAX_PLAYERS)
      .describe('Seats in the tournament (4–64)'),
    rated: z
      .boolean()
      .default(false)
      .describe('Games between two people are rated (a preset only)'),
    mode: z.enum(['live', 'correspondence']).default('live'),
    turnTimerSeconds: RuleSetSchema.shape.turnTimerSeconds
      .optional()
      .describe('Per-decision timer (default: 60 s live, 1 day correspondence)'),
    startAt: epochMs
      .nullable()
      .default(null)
      .describe('When it starts (bots fill empty seats if allowed); null: when full'),
    bots: z.boolean().default(true).describe('Built-in bots may fill empty seats'),
  })
  .strict();

/** `POST /api/account/tournaments` body. */
export type TournamentBody = z.input<typeof TournamentBodySchema>;

/** `POST /api/account/tournaments/:id/edit` body: what a creator may change before the start. */
export const TournamentEditSchema = z
  .object({
    name: TournamentBodySchema.shape.name.optional(),
    startAt: epochMs.nullable().optional(),
  })
  .strict();

/** One entrant: an account or a filler bot. */
export const TournamentEntrantSchema = z.object({
  id: z.string().describe('Account id, or "bot:N" for a filler bot'),
  name: z.string(),
  bot: z.boolean().describe('A filler bot or a bot account'),
  rating: z.number(),
  seed: z.number().int().min(1),
});

/** One game (or bye) of a tournament. */
export const TournamentGameSchema = z.object({
  round: z.number().int().min(1),
  board: z.number().int().min(0),
  a: z.string(),
  b: z.string().nullable().describe('null: a bye'),
  gameId: GameIdSchema.nullable().describe(
    'The table (spectate with its id); null: a bye or not made yet',
  ),
  winner: z.string().nullable(),
  over: z.boolean(),
});

/** One line of the standings. */
export const TournamentStandingSchema = z.object({
  id: z.string(),
  name: z.string(),
  bot: z.boolean().optional().describe('A filler bot or a bot account: shown as a bot'),
  rank: z.number().int().min(1),
  points: z.number(),
  buchholz: z.number(),
  wins: z.number().int(),
  games: z.number().int(),
});

/** A tournament as the lobby lists it. */
export const TournamentSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    creator: z.object({ id: z.string(), name: z.string() }),
    rules: z.string().describe('Preset id, or "custom" for house rules'),
    format: TournamentFormatSchema,
    players: z.number().int(),
    entrants: z.number().int(),
    rated: z.boolean(),
    mode: z.enum(['live', 'correspondence']),
    turnTimerSeconds: z.number().int().nullable(),
    startAt: epochMs.nullable(),
    bots: z.boolean(),
    status: TournamentStatusSchema,
    round: z.number().int().min(0),
    rounds: z.number().int().min(0).describe('Rounds it will last (for the entrants it has now)'),
    createdAt: epochMs,
    finishedAt: epochMs.nullable(),
  })
  .meta({ id: 'TournamentSummary' });

/** A tournament as the lobby lists it. */
export type TournamentSummary = z.infer<typeof TournamentSummarySchema>;

/** `GET /api/account/tournaments/:id` answer: entrants, games, standings and your part. */
export const TournamentSchema = TournamentSummarySchema.extend({
  entrants: z.number().int(),
  people: z.array(TournamentEntrantSchema),
  games: z.array(TournamentGameSchema),
  standings: z.array(TournamentStandingSchema),
  you: z
    .object({
      joined: z.boolean(),
      creator: z.boolean(),
      gameId: GameIdSchema.nullable().describe('Your game in play now, if any'),
    })
    .nullable()
    .describe('null: not signed in'),
}).meta({ id: 'Tournament' });

/** One tournament in full. */
export type Tournament = z.infer<typeof TournamentSchema>;

/** `GET /api/account/tournaments` answer: open, running and recently finished tournaments. */
export const TournamentLobbySchema = z
  .object({ tournaments: z.array(TournamentSummarySchema) })
  .meta({ id: 'TournamentLobby' });

/** The lobby. */
export type TournamentLobby = z.infer<typeof TournamentLobbySchema>;

/** `GET /api/account/tournaments/player/:userId` answer: a player's tournaments and places. */
export const TournamentHistorySchema = z
  .object({
    tournaments: z.array(
      TournamentSummarySchema.extend({ rank: z.number().int().min(1).nullable() }),
    ),
  })
  .meta({ id: 'TournamentHistory' });

/** A player's tournament history. */
export type TournamentHistory = z.infer<typeof TournamentHistorySchema>;

/** `POST /api/account/tournaments/:id/seat` answer: your seat at your current game. */
export const TournamentSeatSchema = z
  .object({ gameId: GameIdSchema, seat: z.number().int().min(0), token: TokenSchema })
  .meta({ id: 'TournamentSeat' });

/** Your seat at your tournament game. */
export type TournamentSeat = z.infer<typeof TournamentSeatSchema>;

/**
 * `GET /api/account/tournaments/tables` answer: the in-app notice of your tournament games in
 * play (the push of kind `tournament` is its fast path when the app is closed).
 */
export const TournamentTablesSchema = z
  .object({
    tables: z.array(
      z.object({
        kind: z.literal('tournament'),
        tournamentId: z.string(),
        name: z.string(),
        round: z.number().int().min(1),
        gameId: GameIdSchema,
      }),
    ),
  })
  .meta({ id: 'TournamentTables' });

/** Your tournament games in play. */
export type TournamentTables = z.infer<typeof TournamentTablesSchema>;

/** Socket `watchTournament` message: follow one tournament's changes. */
export const WatchTournamentMessageSchema = z.object({ id: z.string().min(1).max(64) }).strict();

/** Socket `watchTournament` message. */
export type WatchTournamentMessage = z.infer<typeof WatchTournamentMessageSchema>;

/** Socket `tournament` message: a tournament changed (a round paired, a game over, the end); fetch it again. */
export const TournamentNoticeSchema = z.object({
  id: z.string(),
  status: TournamentStatusSchema,
  round: z.number().int().min(0),
});

/** Socket `tournament` message. */
export type TournamentNotice = z.infer<typeof TournamentNoticeSchema>;
