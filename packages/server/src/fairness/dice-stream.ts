import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { DiceSource } from '@zilch/engine';

/** A fresh secret server seed: 32 random bytes, hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A server-made player seed for seats whose player sent none: 16 random bytes, hex. */
export function newPlayerSeed(): string {
  return randomBytes(16).toString('hex');
}

/** The public commitment to a server seed: SHA-256 of its hex text, hex. */
export function commitmentOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

/** A dice source that also says how many dice it has produced. */
export interface FairDice extends DiceSource {
  readonly produced: number;
}

/**
 * Dice derived from HMAC-SHA256(serverSeed, playerSeeds.join(':') + ':' + counter), block after
 * block; each byte below 252 gives the die (byte % 6) + 1, bytes 252..255 are skipped so every
 * face is exactly equally likely.
 */
export function fairDice(serverSeed: string, playerSeeds: readonly string[]): FairDice {
  const prefix = `${playerSeeds.join(':')}:`;
  let counter = 0;
  let block: Buffer = Buffer.alloc(0);
  let at = 0;
  let produced = 0;
  const nextDie = (): number => {
    for (;;) {
      if (at >= block.length) {
        block = createHmac('sha256', serverSeed).update(`${prefix}${counter}`).digest();
        counter += 1;
        at = 0;
      }
      const b = block[at++] as number;
      if (b < 252) return (b % 6) + 1;
    }
  };
  return {
    roll(count) {
      const out = new Array<number>(count);
      for (let i = 0; i < count; i++) out[i] = nextDie();
      produced += count;
      return out;
    },
    get produced() {
      return produced;
    },
  };
}
