// An independent re-implementation of the dice derivation of docs/protocol.md, to check the
// server's published rolls without using its code.
import { createHash, createHmac } from 'node:crypto';

/** SHA-256 of the seed's text, hex: the commitment published when the game is created. */
export function commitment(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** The first `count` dice of the stream HMAC-SHA256(serverSeed, seeds.join(':') + ':' + counter). */
export function diceStream(
  serverSeed: string,
  playerSeeds: readonly string[],
  count: number,
): number[] {
  const out: number[] = [];
  for (let counter = 0; out.length < count; counter++) {
    const block = createHmac('sha256', Buffer.from(serverSeed, 'utf8'))
      .update(`${playerSeeds.join(':')}:${counter}`, 'utf8')
      .digest();
    for (const b of block) if (b < 252 && out.length < count) out.push((b % 6) + 1);
  }
  return out;
}
