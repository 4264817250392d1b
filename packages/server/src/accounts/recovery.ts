// One-time recovery codes: shown once, stored as SHA-256, each usable once.
import { createHash, randomBytes } from 'node:crypto';

/** Codes made at a time. */
const COUNT = 10;
// Crockford's base32 without the letters people misread (I, L, O, U).
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A fresh set of codes, e.g. `k3f9-8q2m-x7d1` (60 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: COUNT }, () => {
    const bytes = randomBytes(12);
    // 12 symbols of 5 bits: each byte's low 5 bits (256 is a multiple of 32, so no bias).
    const chars = [...bytes].map((b) => ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/**
 * How a code is stored and looked up: SHA-256 of its symbols, case and dashes aside. A fast hash
 * is enough: 60 random bits cannot be guessed offline the way a password can.
 */
export function hashRecoveryCode(code: string): string {
  const clean = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`zilch-recovery:${clean}`).digest('hex');
}
