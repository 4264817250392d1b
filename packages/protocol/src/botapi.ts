// The bot API (docs/bot-api.md): bot accounts, scoped API tokens, and plain-HTTP play for programs
// in any language, after lichess's Bot API. Tokens travel as `Authorization: Bearer <token>`;
// streams are NDJSON (one JSON object a line; an empty line is a keep-alive), or server-sent events
// when asked for with `Accept: text/event-stream` (each object one event's `data:`, its sequence
// number the event's `id:`, a comment line as keep-alive).
import { z } from 'zod';
import { BotIdSchema } from './bots.ts';
import { ChallengeSchema } from './social.ts';
import { GameEventSchema, ActionSchema } from './game-state.ts';
import { GameViewSchema } from './game-view.ts';
import { ClientIdSchema, GameIdSchema, MoveSchema } from './moves.ts';

const epochMs = z.number().describe('Epoch milliseconds');

/** What a token may do: play as a bot, send and answer challenges, read streams. */
export const BOT_SCOPES = ['bot:play', 'challenge:write', 'read'] as const;

/** A token scope. */
export const BotScopeSchema = z.enum(BOT_SCOPES);

/** A token scope. */
export type BotScope = z.infer<typeof BotScopeSchema>;

/** API tokens one account may hold at once (revoked ones not counted). */
export const TOKENS_PER_ACCOUNT = 20;

/** `POST /api/account/bot/tokens` body: a label and the scopes wanted. */
export const NewBotTokenBodySchema = z
  .object({
    label: z.string().trim().min(1).max(40).describe('What the token is for (shown in the list)'),
    scopes: z.array(BotScopeSchema).min(1).max(3),
  })
  .strict();

/** `POST /api/account/bot/tokens` body. */
export type NewBotTokenBody = z.input<typeof NewBotTokenBodySchema>;

/** A token as listed on the profile (never its secret: only a hash is stored). */
export const BotTokenInfoSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    scopes: z.array(BotScopeSchema),
    createdAt: epochMs,
    lastUsedAt: epochMs.nullable(),
    revokedAt: epochMs.nullable(),
  })
  .meta({ id: 'BotTokenInfo' });

/** A token as listed on the profile. */
export type BotTokenInfo = z.infer<typeof BotTokenInfoSchema>;

/** `POST /api/account/bot/tokens` answer: the secret, shown this once. */
export const NewBotTokenSchema = BotTokenInfoSchema.extend({
  token: z.string().describe('The secret: shown once, stored only as its SHA-256'),
});

/** `POST /api/account/bot/tokens` answer. */
export type NewBotToken = z.infer<typeof NewBotTokenSchema>;

/** `GET /api/account/bot` answer: whether this is a bot account, and its tokens. */
export const BotAccountSchema = z.object({
  bot: z.boolean().describe('A bot account (set once, for good)'),
  tokens: z.array(BotTokenInfoSchema),
});

/** `GET /api/account/bot` answer. */
export type BotAccount = z.infer<typeof BotAccountSchema>;

/** `POST /api/account/bot` body: the explicit, permanent step of making this a bot account. */
export const MakeBotBodySchema = z
  .object({ confirm: z.literal(true).describe('A bot account cannot become a person again') })
  .strict();

/** `:id` of the token routes. */
export const BotTokenParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** `GET /api/bot/account` answer: who the token speaks for. */
export const BotMeSchema = z.object({
  id: z.string(),
  name: z.string(),
  bot: z.boolean(),
  scopes: z.array(BotScopeSchema),
  limits: z.object({
    actionsPerSecond: z.number().describe('Calls per second per token (a burst of twice that)'),
    games: z.number().int().describe('Games in play at once'),
  }),
});

/** `GET /api/bot/account` answer. */
export type BotMe = z.infer<typeof BotMeSchema>;

/** `:id` of the per-game routes. */
export const BotGameParamsSchema = z.object({ id: GameIdSchema });

/** `GET /api/bot/game/stream/:id` query: resume after a sequence number. */
export const BotStreamQuerySchema = z.object({
  since: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Resume: send every change after this sequence number instead of the full state'),
});

/** Headers of `GET /api/bot/stream/event`: the token, and NDJSON or server-sent events. */
export const BotStreamHeadersSchema = z.looseObject({
  authorization: z.string().optional().describe('`Bearer <API token>`'),
  accept: z
    .string()
    .optional()
    .describe(
      '`text/event-stream` for server-sent events; NDJSON (`application/x-ndjson`) otherwise',
    ),
});

/** Headers of `GET /api/bot/game/stream/:id`: those of the event stream, and the SSE resume point. */
export const BotGameStreamHeadersSchema = BotStreamHeadersSchema.extend({
  'last-event-id': z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      'Server-sent events: the `id:` (sequence number) of the last event seen; resumes as `?since=` does (the query wins when both are given)',
    ),
});

/** `POST /api/bot/game/:id/move` body: a move and the client id that makes it idempotent. */
export const BotMoveBodySchema = z
  .object({
    clientId: ClientIdSchema.describe('Your id for this move: a retry with it is applied once'),
    move: MoveSchema,
  })
  .strict();

/** `POST /api/bot/game/:id/move` body. */
export type BotMoveBody = z.input<typeof BotMoveBodySchema>;

/** `POST /api/bot/game/:id/move` answer. */
export const BotMovedSchema = z.object({
  seq: z.number().int(),
  repeated: z.boolean().describe('This client id was used before: the first answer again'),
  events: z.array(GameEventSchema),
});

/** `POST /api/bot/game/:id/move` answer. */
export type BotMoved = z.infer<typeof BotMovedSchema>;

/** A move the bot on turn may make now, with where it leaves the turn. */
export const BotChoiceSchema = z.object({
  move: MoveSchema,
  total: z.number().describe('Running turn total after this move (keeps add their points)'),
  diceLeft: z.number().int().describe('Dice left to roll after this move'),
});

/** A move the bot on turn may make now. */
export type BotChoice = z.infer<typeof BotChoiceSchema>;

/** `POST /api/bot/challenge/ai` body: a game against one of the server's bots, at once. */
export const BotAiBodySchema = z
  .object({
    bot: BotIdSchema,
    rules: z
      .union([z.string().min(1).max(64), z.record(z.string(), z.unknown())])
      .default('classic')
      .describe('A preset id or a full RuleSet'),
    turnTimerSeconds: z.number().int().min(5).max(86_400).default(60),
  })
  .strict();

/** `POST /api/bot/challenge/ai` body. */
export type BotAiBody = z.input<typeof BotAiBodySchema>;

/** `POST /api/bot/challenge/ai` and `…/accept` answer: the new game and your seat. */
export const BotGameStartSchema = z.object({ gameId: GameIdSchema, seat: z.number().int() });

/** The new game and your seat. */
export type BotGameStart = z.infer<typeof BotGameStartSchema>;

/** One line of `GET /api/bot/stream/event`. */
export const BotEventSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('challenge'), challenge: ChallengeSchema }),
    z.object({
      type: z.literal('challengeGone'),
      id: z.string().describe('Answered, taken back or expired'),
    }),
    z.object({ type: z.literal('gameStart'), gameId: GameIdSchema, seat: z.number().int() }),
    z.object({ type: z.literal('gameFinish'), gameId: GameIdSchema, seat: z.number().int() }),
    z.object({
      type: z.literal('closed'),
      reason: z.enum(['revoked', 'shutdown']).describe('Why the server ends the stream'),
    }),
  ])
  .meta({ id: 'BotEvent' });

/** One line of the event stream. */
export type BotEvent = z.infer<typeof BotEventSchema>;

/** One line of `GET /api/bot/game/stream/:id`. */
export const BotGameLineSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('gameFull'),
      seq: z.number().int(),
      view: GameViewSchema,
      choices: z.array(BotChoiceSchema).describe('Your legal moves now (empty: not your move)'),
    }),
    z.object({
      type: z.literal('gameState'),
      seq: z.number().int().describe('This change’s sequence number (resume with ?since=)'),
      action: ActionSchema,
      events: z.array(GameEventSchema),
      view: GameViewSchema.optional().describe(
        'The game after this change (on the newest line of a burst)',
      ),
      choices: z.array(BotChoiceSchema).optional(),
    }),
    z.object({
      type: z.literal('closed'),
      reason: z.enum(['over', 'revoked', 'shutdown']),
    }),
  ])
  .meta({ id: 'BotGameLine' });

/** One line of the game stream. */
export type BotGameLine = z.infer<typeof BotGameLineSchema>;

/** `GET /api/bot/leaderboard` query: one preset's ladder of bot accounts. */
export const BotLeaderboardQuerySchema = z.object({
  preset: z
    .string()
    .min(1)
    .max(64)
    .default('classic')
    .describe('Preset id (ratings are per preset)'),
});

/** `GET /api/bot/leaderboard` answer: bot accounts by rating in rated games of the preset. */
export const BotLeaderboardSchema = z.object({
  preset: z.string(),
  rows: z.array(
    z.object({
      rank: z.number().int().min(1),
      botId: z.string().describe('The bot account (its page is /bots/:id)'),
      name: z.string(),
      bot: z.literal(true).describe('Every row is a bot: marked as one wherever it is shown'),
      house: BotIdSchema.optional().describe(
        'One of our built-in bots, taking challenges as an account',
      ),
      rating: z.number(),
      deviation: z.number().describe('Glicko-2 rating deviation'),
      games: z.number().int(),
      wins: z.number().int(),
    }),
  ),
});

/** `GET /api/bot/leaderboard` answer. */
export type BotLeaderboard = z.infer<typeof BotLeaderboardSchema>;

/** `:id` of `GET /api/bot/players/:id`: a bot account id (a built-in bot's is `zilch-<level>`). */
export const BotProfileParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** One game on a bot's page. */
export const BotProfileGameSchema = z.object({
  gameId: GameIdSchema,
  seat: z.number().int(),
  status: z.enum(['waiting', 'playing', 'over']),
  preset: z.string().nullable().describe('The preset of a rated game; null: unrated'),
  opponent: z.object({
    name: z.string(),
    bot: z.boolean().describe('The opponent is a bot too (built-in or an account)'),
  }),
  result: z.enum(['win', 'loss', 'draw']).nullable().describe('null: not over, or called off'),
  at: epochMs.describe('When the bot took its seat'),
});

/** One game on a bot's page. */
export type BotProfileGame = z.infer<typeof BotProfileGameSchema>;

/** `GET /api/bot/players/:id` answer: a bot's ratings on the bot ladder and its recent games. */
export const BotProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bot: z.literal(true),
    house: BotIdSchema.nullable().describe('The built-in bot level; null: a bot account'),
    ratings: z
      .array(
        z.object({
          preset: z.string(),
          rating: z.number(),
          deviation: z.number(),
          games: z.number().int(),
          wins: z.number().int(),
        }),
      )
      .describe('One per preset with rated games, most games first'),
    games: z.array(BotProfileGameSchema).describe('Newest first (at most 50)'),
  })
  .meta({ id: 'BotProfile' });

/** `GET /api/bot/players/:id` answer. */
export type BotProfile = z.infer<typeof BotProfileSchema>;
