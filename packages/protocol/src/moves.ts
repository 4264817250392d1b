import { z } from 'zod';

// Control characters, line/paragraph separators and bidi overrides would let a name disguise itself.
const UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;

/** A display name: 1–24 characters of plain text, stored exactly as given (trimmed). */
export const NameSchema = z
  .string()
  .trim()
  .min(1, 'a name needs at least 1 character')
  .max(24, 'a name has at most 24 characters')
  .refine((s) => !UNSAFE.test(s), 'a name cannot contain control characters')
  .describe('Display name: 1–24 characters of plain text');

/** A game id. */
export const GameIdSchema = z.string().min(1).max(64);

/** A seat or spectator token: the secret an invite link carries. */
export const TokenSchema = z.string().min(1).max(128);

/** A player-sent seed mixed into the dice. */
export const SeedSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/** A client-made action id: a retry with the same id is applied once. */
export const ClientIdSchema = z.string().min(1).max(64);

/** An intent: an engine action without its seat (the token decides the seat); `timeout` is server-only. */
export const MoveSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('fresh') }).strict(),
    z.object({ type: z.literal('inherit') }).strict(),
    z.object({ type: z.literal('roll') }).strict(),
    z.object({ type: z.literal('bank') }).strict(),
    z
      .object({
        type: z.literal('keep'),
        dice: z
          .array(z.number().int().min(0).max(9))
          .min(1)
          .max(10)
          .describe('Positions in the roll of the dice to keep'),
        then: z.enum(['bank', 'roll']).optional(),
      })
      .strict(),
  ])
  .meta({ id: 'Move' });

/** A move a player may send. */
export type Move = z.infer<typeof MoveSchema>;
