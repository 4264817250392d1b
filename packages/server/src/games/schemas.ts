import { BOT_IDS } from '@zilch/strategy';
import { z } from 'zod';

// Control characters, line/paragraph separators and bidi overrides would let a name disguise itself.
const UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;

/** A display name: 1–24 characters of plain text, stored exactly as given (trimmed). */
export const NameSchema = z
  .string()
  .trim()
  .min(1, 'a name needs at least 1 character')
  .max(24, 'a name has at most 24 characters')
  .refine((s) => !UNSAFE.test(s), 'a name cannot contain control characters');

/** A bot level. */
export const BotIdSchema = z.enum(BOT_IDS);

/** One seat at table creation. */
export const SeatSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('human'), name: NameSchema.optional() }).strict(),
  z.object({ kind: z.literal('bot'), bot: BotIdSchema }).strict(),
]);

/** `POST /api/games` body. */
export const CreateGameSchema = z
  .object({
    rules: z.union([z.string().min(1).max(64), z.record(z.string(), z.unknown())]),
    seats: z.array(SeatSpecSchema).min(2).max(8),
    turnTimerSeconds: z.number().int().min(1).max(86_400).nullable().optional(),
    absentBot: BotIdSchema.nullable().optional(),
  })
  .strict();

/** A token: URL-safe text of sane length. */
export const TokenSchema = z.string().min(1).max(128);

/** A player-sent seed mixed into the dice. */
export const SeedSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/** `POST /api/games/:id/claim` body. */
export const ClaimSchema = z
  .object({ token: TokenSchema, name: NameSchema, seed: SeedSchema.optional() })
  .strict();

/** An intent: an engine action without its seat (the token decides the seat); `timeout` is server-only. */
export const MoveSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fresh') }).strict(),
  z.object({ type: z.literal('inherit') }).strict(),
  z.object({ type: z.literal('roll') }).strict(),
  z.object({ type: z.literal('bank') }).strict(),
  z
    .object({
      type: z.literal('keep'),
      dice: z.array(z.number().int().min(0).max(9)).min(1).max(10),
      then: z.enum(['bank', 'roll']).optional(),
    })
    .strict(),
]);

/** A move a player may send. */
export type Move = z.infer<typeof MoveSchema>;

/** A client-made action id. */
export const ClientIdSchema = z.string().min(1).max(64);

/** `POST /api/games/:id/actions` body. */
export const ActionBodySchema = z
  .object({ token: TokenSchema, clientId: ClientIdSchema, action: MoveSchema })
  .strict();

/** `POST /api/games/:id/rematch` body. */
export const RematchSchema = z.object({ token: TokenSchema }).strict();

/** `POST /api/test/games/:id/dice` body. */
export const TestDiceSchema = z
  .object({
    rolls: z
      .array(z.array(z.number().int().min(1).max(6)).min(1).max(10))
      .min(1)
      .max(100),
  })
  .strict();

/** The reactions a player may send. */
export const EMOJIS = ['👍', '😂', '😮', '😬', '🎉', '😢'] as const;
