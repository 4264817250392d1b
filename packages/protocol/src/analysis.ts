// Game analysis: accuracy per seat, graded decisions with every option valued (for "learn from
// your mistakes"), and a player's accuracy trend per rule set (docs/server.md, "Accuracy").
import { z } from 'zod';
import { AdviceOptionSchema } from './http.ts';

const int = z.number().int();
const kind = z
  .enum(['win', 'points'])
  .describe(
    "'win': losses in percentage points of win probability (exact solver); 'points': in expected points of the turn (no exact win analysis for these rules: approximate)",
  );
const judgement = z.enum(['inaccuracy', 'mistake', 'blunder']);

/** One seat's accuracy over a game. */
export const SeatAccuracySchema = z
  .object({
    seat: int.min(0),
    accuracy: z
      .number()
      .min(0)
      .max(100)
      .nullable()
      .describe('100 × mean of exp(-loss / scale) over the decisions; null with none'),
    kind,
    decisions: int.min(0).describe('Decisions with something at stake'),
    meanLoss: z.number().min(0).describe('Mean loss per decision, in the unit of kind'),
    inaccuracies: int.min(0),
    mistakes: int.min(0),
    blunders: int.min(0),
  })
  .meta({ id: 'SeatAccuracy' });

/** One seat's accuracy over a game. */
export type SeatAccuracy = z.infer<typeof SeatAccuracySchema>;

/** A graded decision: where in the log, who, how much it lost, and every option valued. */
export const GradedDecisionSchema = z
  .object({
    index: int.min(0).describe('Index of the action in the game log'),
    seat: int.min(0),
    kind,
    loss: z.number().min(0),
    judgement,
    options: z.array(AdviceOptionSchema).describe("The coach's ranking, best first"),
  })
  .meta({ id: 'GradedDecision' });

/** A graded decision. */
export type GradedDecision = z.infer<typeof GradedDecisionSchema>;

/** `GET /api/games/:id/accuracy` answer. */
export const GameAccuracySchema = z
  .object({
    gameId: z.string(),
    preset: z.string().describe("The preset these rules are, or 'custom'"),
    seats: z.array(SeatAccuracySchema),
    graded: z.array(GradedDecisionSchema).describe('Every inaccuracy, mistake and blunder'),
    thresholds: z
      .object({
        win: z.object({ inaccuracy: z.number(), mistake: z.number(), blunder: z.number() }),
        points: z.object({ inaccuracy: z.number(), mistake: z.number(), blunder: z.number() }),
      })
      .describe('Loss at or above which a decision is graded, per unit'),
    provisional: z
      .boolean()
      .describe(
        'True when some positions had only expected points because the exact analysis was still being prepared: ask again later',
      ),
  })
  .meta({ id: 'GameAccuracy' });

/** `GET /api/games/:id/accuracy` answer. */
export type GameAccuracy = z.infer<typeof GameAccuracySchema>;

/** One game in a player's accuracy trend. */
export const AccuracyPointSchema = z.object({
  gameId: z.string(),
  at: z.number().describe('Epoch milliseconds the analysis was stored'),
  seat: int.min(0),
  accuracy: z.number().min(0).max(100),
  kind,
});

/** `GET /api/players/:id/accuracy` answer: analysed games per preset, newest first. */
export const AccuracyTrendSchema = z
  .object({
    presets: z.array(
      z.object({
        preset: z.string(),
        mean: z.number().min(0).max(100).describe('Mean accuracy over the listed games'),
        games: z.array(AccuracyPointSchema),
      }),
    ),
  })
  .meta({ id: 'AccuracyTrend' });

/** `GET /api/players/:id/accuracy` answer. */
export type AccuracyTrend = z.infer<typeof AccuracyTrendSchema>;
