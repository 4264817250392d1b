// Puzzles (docs/puzzles.md): positions cut from games where one option beats the others by a
// clear margin, rated with Glicko-2 like their solvers; a daily puzzle the same for everyone.
import { z } from 'zod';
import { GameStateSchema } from './game-state.ts';

const int = z.number().int();

/** What a puzzle is about (a puzzle may have several themes, or none). */
export const PuzzleThemeSchema = z
  .enum(['offers', 'final-round', 'hot-dice', 'few-dice', 'opening'])
  .describe(
    "'offers': take or leave the offer; 'final-round': the last turns; 'hot-dice': every die scored; 'few-dice': bank, or roll one or two dice; 'opening': nobody has scored yet",
  );

/** What a puzzle is about. */
export type PuzzleTheme = z.infer<typeof PuzzleThemeSchema>;

/** A Glicko-2 rating as puzzles send it (a guest's device rating too). */
export const PuzzleGlickoSchema = z
  .object({
    rating: z.number().min(0).max(5000),
    deviation: z.number().min(10).max(350),
    volatility: z.number().min(0.001).max(0.5),
  })
  .meta({ id: 'PuzzleGlicko' });

/** A Glicko-2 rating. */
export type PuzzleGlicko = z.infer<typeof PuzzleGlickoSchema>;

/** Where a puzzle comes from: self-play, or a game (never a player's name). */
export const PuzzleSourceSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('self-play') }),
    z.object({
      kind: z.literal('game'),
      playedAt: int.describe('When the game ended (epoch ms)'),
      gameId: z
        .string()
        .nullable()
        .describe(
          "The game, whose review is at /t/<id>/review: only for a table listed in the public lobby (an unlisted table's id is the key to it)",
        ),
    }),
  ])
  .meta({ id: 'PuzzleSource' });

/** Where a puzzle comes from. */
export type PuzzleSource = z.infer<typeof PuzzleSourceSchema>;

/** A puzzle as asked: the position, its options in a neutral order (by their words), no values. */
export const PuzzleSchema = z
  .object({
    id: z.string(),
    preset: z.string().describe('The preset whose bank holds it'),
    state: GameStateSchema.describe('The position, as the engine holds it'),
    options: z
      .array(z.object({ id: int.min(0), label: z.string() }))
      .describe('Every option, ordered by its words so the order gives nothing away'),
    themes: z.array(PuzzleThemeSchema),
    rating: PuzzleGlickoSchema.describe("The puzzle's own rating"),
    plays: int.min(0).describe('Rated attempts so far'),
    daily: z.string().nullable().describe("The UTC day ('YYYY-MM-DD') it is the daily puzzle of"),
    source: PuzzleSourceSchema,
  })
  .meta({ id: 'Puzzle' });

/** A puzzle as asked. */
export type Puzzle = z.infer<typeof PuzzleSchema>;

/** `:id` of `/api/puzzles/:id`. */
export const PuzzleParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, 'A puzzle id is 16 hex digits'),
});

/** `GET /api/account/puzzles/next` query. */
export const PuzzleNextQuerySchema = z.object({
  preset: z.string().min(1).max(64).optional().describe('Default: the default preset'),
  theme: PuzzleThemeSchema.optional(),
  rating: z.coerce
    .number()
    .min(0)
    .max(5000)
    .optional()
    .describe("A guest's device rating, to pick a puzzle near it (accounts use their own)"),
  after: z.string().max(16).optional().describe('The puzzle just played, not to be given again'),
});

/** `GET /api/puzzles/daily` query. */
export const PuzzleDailyQuerySchema = z.object({
  preset: z.string().min(1).max(64).optional().describe('Default: the default preset'),
});

/** `POST /api/account/puzzles/:id/attempt` body: the option chosen, and a guest's device rating. */
export const PuzzleAttemptBodySchema = z
  .strictObject({
    choice: int.min(0).max(99).describe('The `id` of the chosen option'),
    guest: PuzzleGlickoSchema.optional().describe(
      "A guest's device rating: the answer carries the new one to keep (accounts: ignored)",
    ),
  })
  .meta({ id: 'PuzzleAttempt' });

/** `POST /api/account/puzzles/:id/attempt` body. */
export type PuzzleAttempt = z.infer<typeof PuzzleAttemptBodySchema>;

/** `POST /api/account/puzzles/:id/attempt` answer: right or wrong, every option valued, ratings moved. */
export const PuzzleVerdictSchema = z
  .object({
    puzzleId: z.string(),
    correct: z.boolean(),
    chosen: int.min(0),
    best: int.min(0).describe('The `id` of the best option'),
    options: z
      .array(
        z.object({
          id: int.min(0),
          label: z.string(),
          win: z.number().min(0).max(1).describe('Win probability after this option (exact)'),
          loss: z.number().min(0).describe('Win probability below the best option'),
        }),
      )
      .describe('Every option, best first'),
    themes: z.array(PuzzleThemeSchema),
    player: z
      .object({
        before: PuzzleGlickoSchema,
        after: PuzzleGlickoSchema,
        rated: z
          .boolean()
          .describe("False on an account's second try at a puzzle: only the first counts"),
        where: z.enum(['account', 'device']).describe("'device': a guest keeps it in the browser"),
      })
      .describe("The solver's puzzle rating"),
    puzzle: PuzzleGlickoSchema.extend({ plays: int.min(0) }).describe(
      "The puzzle's rating after this attempt (only accounts' first tries move it)",
    ),
  })
  .meta({ id: 'PuzzleVerdict' });

/** `POST /api/account/puzzles/:id/attempt` answer. */
export type PuzzleVerdict = z.infer<typeof PuzzleVerdictSchema>;

/** `GET /api/account/puzzles/me` answer: the signed-in account's puzzle rating (null for a guest). */
export const PuzzleMeSchema = z
  .object({
    account: z.boolean(),
    rating: PuzzleGlickoSchema.nullable(),
    attempts: int.min(0),
    solved: int.min(0),
  })
  .meta({ id: 'PuzzleMe' });

/** `GET /api/account/puzzles/me` answer. */
export type PuzzleMe = z.infer<typeof PuzzleMeSchema>;

/** `GET /api/puzzles/stats` answer: each preset's bank size. */
export const PuzzleBanksSchema = z
  .object({
    banks: z.array(z.object({ preset: z.string(), puzzles: int.min(0) })),
  })
  .meta({ id: 'PuzzleBanks' });

/** `GET /api/puzzles/stats` answer. */
export type PuzzleBanks = z.infer<typeof PuzzleBanksSchema>;
