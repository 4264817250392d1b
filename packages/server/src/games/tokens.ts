import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A secret seat or spectator token: 24 random bytes (192 bits), URL-safe. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** How a token is stored and looked up: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new game id (random UUID). */
export function newGameId(): string {
  return randomUUID();
}

/** A 31-bit seed derived from text (bots get a stable seed per game and seat). */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) >>> 1;
}
