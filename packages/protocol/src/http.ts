// Bodies, queries, params and answers of every HTTP route (prefix /api). Refusals are ErrorBody.
import { PRESET_IDS, RuleSetSchema, type PresetId } from '@zilch/engine';
import { z } from 'zod';
import { BotIdSchema } from './bots.ts';
import { GameEventSchema, GameLogSchema, LogEntrySchema, RulesSchema } from './game-state.ts';
import { GameStatusSchema, GameViewSchema } from './game-view.ts';
import {
  ClientIdSchema,
  GameIdSchema,
  MoveSchema,
  NameSchema,
  SeedSchema,
  TokenSchema,
} from './moves.ts';

const int = z.number().int();
const epochMs = z.number().describe('Epoch milliseconds');
const seatIndex = int.min(0);
const kind = z.enum(['human', 'bot']);

// ---- requests ----

/** One seat at table creation. */
export const SeatSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('human'), name: NameSchema.optional() }).strict(),
  z.object({ kind: z.literal('bot'), bot: BotIdSchema }).strict(),
]);

/** One seat at table creation. */
export type SeatSpec = z.infer<typeof SeatSpecSchema>;

/** `POST /api/games` body. */
export const CreateGameBodySchema = z
  .object({
    rules: z
      .union([z.string().min(1).max(64), z.record(z.string(), z.unknown())])
      .describe('A preset id or a full RuleSet'),
    seats: z.array(SeatSpecSchema).min(2).max(8),
    turnTimerSeconds: RuleSetSchema.shape.turnTimerSeconds
      .optional()
      .describe(
        "Overrides the rule set's turnTimerSeconds: 5 s to 7 days per decision, null for no timer",
      ),
    absentBot: BotIdSchema.nullable()
      .optional()
      .describe('The bot that plays for a timed-out or disconnected human seat'),
    public: z
      .boolean()
      .optional()
      .describe('List the table in the public lobby (default false: only its links lead to it)'),
    rated: z
      .boolean()
      .optional()
      .describe(
        'Rated (Glicko-2, per preset): two human seats, a preset, no absent bot; only accounts may take its seats',
      ),
    chatFilter: z
      .boolean()
      .optional()
      .describe('Mask profanity in the table chat (default true; false keeps messages as typed)'),
  })
  .strict();

/** `POST /api/games` body. */
export type CreateGameBody = z.input<typeof CreateGameBodySchema>;

/** `:id` of every `/api/games/:id…` route. */
export const GameParamsSchema = z.object({ id: GameIdSchema });

/** `GET /api/games` query. */
export const ListGamesQuerySchema = z.object({
  status: z.enum(['finished', 'active']).optional(),
  player: NameSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional().describe('Default 100'),
});

/**
 * Headers carrying seat tokens. Tokens never travel in a URL (the server refuses `?token=`):
 * URLs end up in logs, history and `Referer`.
 */
export const TokenHeadersSchema = z.object({
  authorization: z
    .string()
    .regex(/^Bearer [^\s,]{1,128}$/, 'Bearer <token>')
    .optional()
    .describe('`Bearer <token>`: view `GET /api/games/:id` as that seat (else as a spectator)'),
  'x-zilch-tokens': z
    .string()
    .max(7000)
    .optional()
    .describe(
      '`GET /api/games`: comma-separated tokens; lists only the games they open (at most 50 used)',
    ),
});

/** Headers carrying seat tokens. */
export type TokenHeaders = z.infer<typeof TokenHeadersSchema>;

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = header ? /^Bearer ([^\s,]{1,128})$/.exec(header) : null;
  return m ? m[1] : undefined;
}

/** `POST /api/games/:id/claim` body. */
export const ClaimBodySchema = z
  .object({ token: TokenSchema, name: NameSchema, seed: SeedSchema.optional() })
  .strict();

/** `POST /api/games/:id/claim` body. */
export type ClaimBody = z.input<typeof ClaimBodySchema>;

/** `POST /api/games/:id/actions` body. */
export const ActionBodySchema = z
  .object({ token: TokenSchema, clientId: ClientIdSchema, action: MoveSchema })
  .strict();

/** `POST /api/games/:id/actions` body. */
export type ActionBody = z.infer<typeof ActionBodySchema>;

/** `POST /api/games/:id/rematch` body. */
export const RematchBodySchema = z.object({ token: TokenSchema }).strict();

/** `POST /api/test/games/:id/dice` body. */
export const TestDiceBodySchema = z
  .object({
    rolls: z
      .array(z.array(z.number().int().min(1).max(6)).min(1).max(10))
      .min(1)
      .max(100),
  })
  .strict();

/** `GET /api/players/:name/stats` params. */
export const PlayerParamsSchema = z.object({ name: NameSchema });

/** How the coach values options: win probability, expected points, or win when it can. */
export const AdviceModeSchema = z.enum(['auto', 'win', 'points']);

/** `POST /api/advice` body (the server reads the state itself and answers `BAD_STATE`). */
export const AdviceBodySchema = z.object({
  state: z.record(z.string(), z.unknown()).describe('A GameState'),
  mode: AdviceModeSchema.optional(),
});

// ---- answers ----

/** A seat of a new table; `token` (secret, per human seat) is what an invite link carries. */
export const CreatedSeatSchema = z.object({
  seat: seatIndex,
  kind,
  bot: BotIdSchema.optional(),
  token: z.string().optional(),
});

/** A seat of a new table. */
export type CreatedSeat = z.infer<typeof CreatedSeatSchema>;

/** `POST /api/games` answer (201). */
export const CreatedSchema = z
  .object({
    gameId: z.string(),
    seats: z.array(CreatedSeatSchema),
    spectatorToken: z.string(),
    commitment: z.string(),
  })
  .meta({ id: 'Created' });

/** `POST /api/games` answer. */
export type Created = z.infer<typeof CreatedSchema>;

/** A game in the lobby or history list. */
export const GameSummarySchema = z.object({
  id: z.string(),
  status: GameStatusSchema,
  rules: z.string().describe('The rule set name'),
  createdAt: epochMs,
  finishedAt: epochMs.nullable(),
  seats: z.array(
    z.object({
      seat: seatIndex,
      kind,
      bot: BotIdSchema.optional(),
      name: z.string(),
      claimed: z.boolean(),
    }),
  ),
  scores: z.array(z.number()).nullable().describe('Final scores once over'),
  rematchOf: z.string().optional(),
  rematchId: z.string().optional(),
});

/** A game in the lobby or history list. */
export type GameSummary = z.infer<typeof GameSummarySchema>;

/** `GET /api/games` answer, newest first. */
export const GameListSchema = z.object({ games: z.array(GameSummarySchema) });

/** `POST /api/games/:id/claim` answer. */
export const ClaimedSchema = z.object({ seat: seatIndex, view: GameViewSchema });

/** `POST /api/games/:id/claim` answer. */
export type Claimed = z.infer<typeof ClaimedSchema>;

/** `POST /api/games/:id/actions` answer. */
export const ActedSchema = z.object({
  seq: int.min(0),
  events: z.array(GameEventSchema),
  view: GameViewSchema,
});

/** `POST /api/games/:id/actions` answer. */
export type Acted = z.infer<typeof ActedSchema>;

/** `POST /api/games/:id/rematch` answer (201): the same seats; the tokens people hold stay valid. */
export const RematchedSchema = z.object({
  gameId: z.string(),
  seats: z.array(CreatedSeatSchema.omit({ token: true })),
  spectatorToken: z.string(),
  commitment: z
    .string()
    .describe(
      "The new game's commitment; it rolls once every human seat has claimed it again (with a fresh seed)",
    ),
});

/** `POST /api/games/:id/rematch` answer. */
export type Rematched = z.infer<typeof RematchedSchema>;

/** Who made a logged action: the seat's player, its bot, the absent-player bot, or the turn timer. */
export const ActorSchema = z.enum(['player', 'bot', 'absent', 'timer']);

/** Who made a logged action. */
export type Actor = z.infer<typeof ActorSchema>;

/** `GET /api/games/:id/log` answer: full replay data. */
export const LogAnswerSchema = z.object({
  log: GameLogSchema,
  seqs: z.array(int).describe('seq of each entry'),
  actors: z.array(ActorSchema).describe('Who made each entry'),
});

/** `GET /api/games/:id/log` answer. */
export type LogAnswer = z.infer<typeof LogAnswerSchema>;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits');
const exportSeats = z.array(
  z.object({ seat: seatIndex, kind, bot: BotIdSchema.optional(), name: z.string() }),
);

/** Format 1 (games created before format 2): the commitment is SHA-256 of the server seed alone. */
export const GameExportV1Schema = z.object({
  version: z.literal(1),
  id: z.string(),
  rules: RulesSchema,
  players: int.min(1),
  seats: exportSeats,
  commitment: z.string(),
  serverSeed: z.string().nullable().describe('Null until the game is over'),
  playerSeeds: z.array(z.string()).describe("In seat order, joined with ':' for the dice"),
  setupDice: z.array(z.array(int)),
  entries: z.array(LogEntrySchema),
});

/** The final result a format-2 export claims: what the replay of its log must end with. */
export const GameResultSchema = z.object({
  scores: z.array(int),
  winners: z.array(seatIndex),
});

/** One action of a format-2 export, with what the hash chain binds. */
export const ExportEntrySchema = LogEntrySchema.extend({
  seq: int.min(1),
  seat: seatIndex,
  actor: ActorSchema,
});

/**
 * Format 2: the commitment binds the game id, rules and seat count (`setupHash`) with the server
 * seed (`seedHash`); the player seeds are a JSON array; a hash chain binds every entry and the
 * final result to the commitment.
 */
export const GameExportV2Schema = z.object({
  version: z.literal(2),
  id: z.string(),
  rules: RulesSchema,
  players: int.min(1),
  seats: exportSeats,
  commitment: hex64.describe(
    'SHA-256 of "zilch/commit/2\\n" + setupHash + "\\n" + seedHash, shown before the first roll',
  ),
  setupHash: hex64.describe('SHA-256 of the canonical JSON {"game","players","rules"}'),
  seedHash: hex64.describe('SHA-256 of the server seed'),
  serverSeed: z.string().nullable().describe('Null until the game is over'),
  playerSeeds: z
    .array(z.string())
    .describe('In seat order; a seed the server made is HMAC(server seed, "seat:<n>")'),
  setupDice: z.array(z.array(int)),
  entries: z.array(ExportEntrySchema),
  result: GameResultSchema.nullable().describe('Null until the game is over'),
  chain: hex64
    .nullable()
    .describe('Head of the hash chain over seeds, entries and result; null until the game is over'),
});

/** `GET /api/games/:id/export` answer: what `zilch verify` checks. */
export const GameExportSchema = z
  .discriminatedUnion('version', [GameExportV1Schema, GameExportV2Schema])
  .meta({ id: 'GameExport' });

/** `GET /api/games/:id/export` answer. */
export type GameExport = z.infer<typeof GameExportSchema>;

/** `GET /api/games/:id/verify` query: the commitment the table page showed you. */
export const VerifyQuerySchema = z.object({
  commitment: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, '64 hex digits')
    .optional()
    .describe('The commitment you saw before the first roll (default: the stored one)'),
});

/** Why a check failed (absent when it passed). */
export const VerifyReasonSchema = z.enum([
  'NOT_AN_EXPORT',
  'NOT_OVER',
  'WRONG_COMMITMENT',
  'COMMITMENT_MISMATCH',
  'SEED_MISMATCH',
  'RULES_CHANGED',
  'BAD_SEEDS',
  'DICE_MISMATCH',
  'REPLAY_FAILED',
  'TRUNCATED',
  'RESULT_MISMATCH',
  'CHAIN_MISMATCH',
]);

/** Why a check failed. */
export type VerifyReason = z.infer<typeof VerifyReasonSchema>;

/** `GET /api/games/:id/verify` answer: the server's own check of every roll. */
export const VerificationSchema = z.object({
  ok: z.boolean(),
  reason: VerifyReasonSchema.optional().describe('Why the check failed'),
  rollsChecked: int.min(0),
  message: z.string(),
  seedSources: z
    .array(z.enum(['server', 'player']))
    .optional()
    .describe("Format 2, per seat: made by the server from its seed, or sent by the seat's player"),
});

/** `GET /api/games/:id/verify` answer. */
export type Verification = z.infer<typeof VerificationSchema>;

/** `GET /api/players/:name/stats` answer, over finished games. */
export const PlayerStatsSchema = z.object({
  name: z.string(),
  games: int.min(0),
  wins: int.min(0),
  averageTurn: z.number().describe('Banked points per turn'),
  zilchRate: z.number().describe('Zilch turns / turns'),
  faces: z.object({
    observed: z.array(int.min(0)).length(6).describe('Dice rolled by face (index 0 = face 1)'),
    expected: z.number().describe('The count each face should get on fair dice'),
  }),
});

/** `GET /api/players/:name/stats` answer. */
export type PlayerStats = z.infer<typeof PlayerStatsSchema>;

/** `POST /api/rules/card` body: the rule set to make a strategy card for. */
export const CardBodySchema = z.object({
  rules: z.record(z.string(), z.unknown()).describe('A RuleSet'),
});

/** `POST /api/rules/card` body. */
export type CardBody = z.infer<typeof CardBodySchema>;

/** A strategy card's win share measured by `npm run bench -- card`. */
const CardFigureSchema = z
  .object({
    against: z.enum(['optimal', 'expected']),
    games: int.min(1),
    winRate: z
      .number()
      .describe('Share of the win of the card against that bot, seats alternating'),
    ci95: z.array(z.number()).length(2).describe('95% interval of winRate'),
  })
  .nullable()
  .describe('Measured by `npm run bench -- card`; null when not measured for these rules');

/** `POST /api/rules/card` answer: a strategy a person can learn, and how well it plays. */
export const CardAnswerSchema = z.object({
  short: z
    .object({
      lines: z.array(z.string()).describe('The short card in plain words, one rule a line'),
      numbers: int.min(0).describe('How many numbers it asks a player to remember (at most 20)'),
      tuned: z.boolean().describe('Whether its numbers were fitted for this very rule set'),
      figure: CardFigureSchema,
    })
    .describe('The short card, shown first; the rest of the answer is the detailed card'),
  lines: z.array(z.string()).describe('The card in plain words, one rule a line (at most 8)'),
  grids: z
    .array(
      z.object({
        line: int.min(0).describe('Index in `lines` of the line these grids belong to'),
        lead: z.string().describe("The line's words up to its numbers"),
        grids: z.array(
          z.object({
            caption: z
              .string()
              .describe('When the grid applies ("before anyone has 8,000"), or empty'),
            rowsBy: z.string().describe('What the rows stand for ("the score")'),
            dice: z.array(int.min(1)).describe('Column heads: dice counts'),
            rows: z.array(
              z.object({
                label: z.string(),
                short: z.string().describe('The label in a few characters, for a column head'),
                cells: z.array(z.string()),
              }),
            ),
          }),
        ),
      }),
    )
    .describe(
      "Lines whose numbers form grids (band by dice), the same numbers as the line's words, for a table",
    ),
  tuned: z
    .boolean()
    .describe('Whether its numbers were tuned for this very rule set (a preset) by simulation'),
  figure: CardFigureSchema,
});

/** `POST /api/rules/card` answer. */
export type CardAnswer = z.infer<typeof CardAnswerSchema>;

/** `GET /api/rules` answer: every preset with its text, and the RuleSet JSON Schema. */
export const RulesAnswerSchema = z.object({
  presets: z.array(
    z.object({
      id: z.enum(PRESET_IDS as [PresetId, ...PresetId[]]),
      rules: RulesSchema,
      text: z.string(),
    }),
  ),
  schema: z.record(z.string(), z.unknown()).describe('JSON Schema of a RuleSet'),
});

/** `GET /api/rules` answer. */
export type RulesAnswer = z.infer<typeof RulesAnswerSchema>;

/** One valued option of the coach. */
export const AdviceOptionSchema = z.object({
  move: MoveSchema,
  label: z.string().describe('Plain words, e.g. "Keep 1 5 5 and roll 3 dice"'),
  value: z.number().describe("Win probability (kind 'win') or expected points (kind 'points')"),
  loss: z.number().describe('How much worse than the best option (0 for the best)'),
});

/** One valued option of the coach. */
export type AdviceOption = z.infer<typeof AdviceOptionSchema>;

/** `POST /api/advice` answer: every option of the position, best first. */
export const AdviceSchema = z.object({
  kind: z.enum(['win', 'points']),
  options: z.array(AdviceOptionSchema),
  note: z
    .string()
    .optional()
    .describe(
      'Why the advice is less than asked for (e.g. an exact win analysis would exceed the server memory budget)',
    ),
  winEtaSeconds: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      'With a points answer: the exact win analysis of these rules is being prepared and should be ready in about this many seconds',
    ),
});

/** `POST /api/advice` answer. */
export type Advice = z.infer<typeof AdviceSchema>;

/** `POST /api/test/games/:id/dice` answer: rolls now queued. */
export const TestDiceAnswerSchema = z.object({ queued: int.min(0) });

/** `GET /healthz` and `GET /readyz` answer. */
export const HealthSchema = z.object({ ok: z.literal(true) });
