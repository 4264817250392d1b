import { z } from 'zod';
import { EMOJI_ZWJ, MARK, NAME_MAX_MARKS, UNSAFE } from './text.ts';

/** Most user-perceived characters (graphemes) a display name may have. */
export const NAME_MAX_GRAPHEMES = 24;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Normalises a display name (NFC, every kind of space as one plain space, trimmed) or says why
 * it is refused; shared by every entry point through NameSchema.
 */
export function checkName(
  raw: string,
): { ok: true; name: string } | { ok: false; message: string } {
  if (/\p{Cs}/u.test(raw)) return { ok: false, message: 'a name cannot contain lone surrogates' };
  // Checked before any trimming: trim() would silently drop a leading BOM (U+FEFF).
  const nfc = raw.normalize('NFC');
  if (UNSAFE.test(nfc.replace(EMOJI_ZWJ, ''))) {
    return {
      ok: false,
      message:
        'a name cannot contain control, invisible, direction-changing, private-use or unassigned characters',
    };
  }
  const name = nfc.replace(/\p{Zs}+/gu, ' ').replace(/^ | $/g, '');
  let count = 0;
  for (const { segment } of graphemes.segment(name)) {
    count += 1;
    if ((segment.match(MARK)?.length ?? 0) > NAME_MAX_MARKS) {
      return {
        ok: false,
        message: `a name's letters can carry at most ${NAME_MAX_MARKS} accents each`,
      };
    }
  }
  if (count < 1) return { ok: false, message: 'a name needs at least 1 character' };
  if (count > NAME_MAX_GRAPHEMES) {
    return { ok: false, message: `a name has at most ${NAME_MAX_GRAPHEMES} characters` };
  }
  return { ok: true, name };
}

/**
 * A display name: 1–24 characters (graphemes) of visible text, normalised to NFC with spaces
 * collapsed; control, format (bidi, zero-width, tags), private-use and unassigned characters,
 * lone surrogates and stacks of more than 3 accents are refused.
 */
export const NameSchema = z
  .string()
  // A cheap bound before the Unicode work: 24 graphemes of up to 4 code points and a few marks.
  .max(200, 'a name has at most 24 characters')
  .transform((raw, ctx) => {
    const r = checkName(raw);
    if (r.ok) return r.name;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  })
  .describe(
    'Display name: 1–24 characters (graphemes) of visible text, stored NFC-normalised; control, format (bidi, zero-width, tag), private-use and unassigned characters, lone surrogates and more than 3 combining marks on one character are refused',
  );

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

/** Prefixes of the ids the server gives its own moves (bots, timers, the absent-player bot). */
export const RESERVED_CLIENT_ID = /^(bot|timer|absent|server):/;

/** A client-made action id: a retry with the same id (from the same seat) is applied once. */
export const ClientIdSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((id) => !RESERVED_CLIENT_ID.test(id), {
    message:
      'client ids starting with bot:, timer:, absent: or server: are reserved for the server',
  });

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
