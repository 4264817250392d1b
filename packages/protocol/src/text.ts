// Free text checks shared by names and chat, with no zod: the web app's first load imports the
// chat's normaliser and limits, and must not pull the schema library in with them.

/** Most combining marks one grapheme of a name may carry (more is "zalgo" text). */
export const NAME_MAX_MARKS = 3;

/**
 * Characters that would let a text disguise itself or hide text: control (Cc), format (Cf:
 * bidi marks and overrides, zero-width spaces and joiners, tag characters), private-use (Co),
 * unassigned (Cn), lone surrogates (Cs), line/paragraph separators, and fillers that render blank.
 */
export const UNSAFE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u2800\u3164\uFFA0]/u;
/** A zero-width joiner is kept only inside an emoji sequence (e.g. a family emoji). */
export const EMOJI_ZWJ =
  /(?<=\p{Extended_Pictographic}[\uFE0E\uFE0F\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})/gu;
/** A combining mark. */
export const MARK = /\p{M}/gu;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'gu');
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Most characters (graphemes) one chat message may have once normalised. */
export const CHAT_MAX_GRAPHEMES = 280;
/** Messages one sender may send at once before the rate limit applies. */
export const CHAT_BURST = 5;
/** Seconds per message a sender earns back after a burst. */
export const CHAT_REFILL_SECONDS = 3;
/** Messages of a table's history a client gets on join or refresh (newest last). */
export const CHAT_HISTORY = 100;

/** Removes the characters a name refuses (keeping joiners inside emoji), for free text such as chat. */
function stripUnsafe(text: string): string {
  return text
    .split(EMOJI_ZWJ)
    .map((part) => part.replace(UNSAFE_ALL, ''))
    .join('\u200D');
}

/**
 * Chat text as stored and shown: NFC, line breaks and tabs as spaces, control and invisible
 * characters removed (emoji joiners kept), more than 3 accents on one letter cut, spaces
 * collapsed and trimmed. `length` counts graphemes, what a player sees as characters.
 */
export function normaliseChat(raw: string): { text: string; length: number } {
  const spaced = raw.normalize('NFC').replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ');
  const clean = stripUnsafe(spaced)
    .replace(/\p{Zs}+/gu, ' ')
    .replace(/^ | $/g, '');
  let text = '';
  let length = 0;
  for (const { segment } of graphemes.segment(clean)) {
    let marks = 0;
    // A grapheme's base comes first; marks beyond the limit are "zalgo" noise and are dropped.
    text += segment.replace(MARK, (m) => (++marks > NAME_MAX_MARKS ? '' : m));
    length += 1;
  }
  return { text, length };
}
