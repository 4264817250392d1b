import { describe, expect, it } from 'vitest';
import { CHAT_MAX_GRAPHEMES, ChatSendMessageSchema, normaliseChat } from '../src/index.ts';

describe('normaliseChat', () => {
  it('keeps plain text and emoji sequences, counting what people see as characters', () => {
    const family = '👨\u200D👩\u200D👧';
    expect(normaliseChat(`gg ${family} 🇫🇷`)).toEqual({ text: `gg ${family} 🇫🇷`, length: 6 });
  });

  it('removes control, bidi and zero-width characters, and joiners outside emoji', () => {
    expect(normaliseChat('a\u0000b\u202Ec\u200Bd\u200De\u2066f').text).toBe('abcdef');
  });

  it('turns line breaks and tabs into spaces, collapses and trims spaces', () => {
    expect(normaliseChat(' \tone\n\ntwo\u00A0\u2003three \r\n').text).toBe('one two three');
  });

  it('composes to NFC and cuts accents beyond three on one letter', () => {
    expect(normaliseChat('cafe\u0301').text).toBe('café');
    const zalgo = normaliseChat(`x${'\u0316\u0317\u0318\u0319\u031C\u031D'}`);
    expect(zalgo.length).toBe(1);
    expect(zalgo.text.match(/\p{M}/gu)).toHaveLength(3);
  });

  it('leaves markup as text and drops lone surrogates', () => {
    expect(normaliseChat('<script>x</script>').text).toBe('<script>x</script>');
    expect(normaliseChat('a\uD800b').text).toBe('ab');
  });

  it('gives an empty text for invisible-only input', () => {
    expect(normaliseChat(' \u200B\u0007 \u2028')).toEqual({ text: '', length: 0 });
  });
});

describe('ChatSendMessageSchema', () => {
  it('refuses unknown fields and raw text far over the limit before any Unicode work', () => {
    expect(ChatSendMessageSchema.safeParse({ gameId: 'g', text: 'hi' }).success).toBe(true);
    expect(ChatSendMessageSchema.safeParse({ gameId: 'g', text: 'hi', seat: 0 }).success).toBe(
      false,
    );
    const raw = 'x'.repeat(4 * CHAT_MAX_GRAPHEMES + 1);
    expect(ChatSendMessageSchema.safeParse({ gameId: 'g', text: raw }).success).toBe(false);
  });
});
