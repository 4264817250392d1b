// Practice games (docs/server.md, "Practice"): you against a chosen bot, never rated, with hints —
// the coach for one decision — counted by the server per seat and kept with the game.
import { z } from 'zod';
import { BotIdSchema } from './bots.ts';
import { AdviceSchema, CreatedSchema } from './http.ts';
import { NameSchema, TokenSchema } from './moves.ts';

const int = z.number().int();

/** `POST /api/practice` body: the bot to play and the rules, your name at the table. */
export const PracticeBodySchema = z
  .object({
    bot: BotIdSchema,
    rules: z
      .union([z.string().min(1).max(64), z.record(z.string(), z.unknown())])
      .describe('A preset id or a full RuleSet'),
    name: NameSchema.optional().describe('Your name at the table (default "You")'),
  })
  .strict();

/** `POST /api/practice` body. */
export type PracticeBody = z.input<typeof PracticeBodySchema>;

/** `POST /api/practice` answer: the table (as `POST /api/games`) and the seat that practises. */
export const PracticeCreatedSchema = z
  .object({
    created: CreatedSchema,
    seat: int.min(0).describe('The practising seat: claim it with its token'),
  })
  .meta({ id: 'PracticeCreated' });

/** `POST /api/practice` answer. */
export type PracticeCreated = z.infer<typeof PracticeCreatedSchema>;

/** `GET /api/games/:id/practice` answer: a practice game's seat, bot and hints used so far. */
export const PracticeSchema = z
  .object({
    gameId: z.string(),
    seat: int.min(0).describe('The practising seat'),
    bot: BotIdSchema,
    hints: int.min(0).describe('Decisions the practising seat asked a hint for'),
  })
  .meta({ id: 'Practice' });

/** `GET /api/games/:id/practice` answer. */
export type Practice = z.infer<typeof PracticeSchema>;

/** `POST /api/games/:id/hint` body: the practising seat's token. */
export const HintBodySchema = z.object({ token: TokenSchema }).strict();

/** `POST /api/games/:id/hint` answer: the coach for the decision now, and the hints used. */
export const HintSchema = z
  .object({
    seq: int.min(0).describe('The decision hinted: actions accepted before it'),
    hints: int
      .min(0)
      .describe(
        'Hints used in this game, this one included (asking again for the same decision counts once)',
      ),
    advice: AdviceSchema,
  })
  .meta({ id: 'Hint' });

/** `POST /api/games/:id/hint` answer. */
export type Hint = z.infer<typeof HintSchema>;
