import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { DiceSource } from '@zilch/engine';
import {
  commitMessage,
  diceMessage,
  diceOfBlock,
  seatSeedOf,
  serverSeatSeedMessage,
  setupMessage,
  type FairFormat,
} from '@zilch/protocol';

/** A fresh secret server seed: 32 random bytes, hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The seed of a seat whose player sent none: HMAC(server seed, "seat:<n>"). It follows from the
 * committed server seed, so the server cannot pick it after seeing the other players' seeds.
 */
export function serverSeatSeed(serverSeed: string, seat: number): string {
  return seatSeedOf(createHmac('sha256', serverSeed).update(serverSeatSeedMessage(seat)).digest());
}

/** SHA-256 of UTF-8 text, hex. */
function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The format-1 commitment (older games): SHA-256 of the server seed's hex text. */
export function commitmentOf(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** The format-2 commitment: binds the game id, rules and seat count with the server seed. */
export function commitmentV2(
  gameId: string,
  rules: unknown,
  players: number,
  serverSeed: string,
): { commitment: string; setupHash: string; seedHash: string } {
  const setupHash = sha256Hex(setupMessage(gameId, rules, players));
  const seedHash = sha256Hex(serverSeed);
  return { commitment: sha256Hex(commitMessage(setupHash, seedHash)), setupHash, seedHash };
}

/** A dice source that also says how many dice it has produced. */
export interface FairDice extends DiceSource {
  readonly produced: number;
}

/**
 * Dice derived from HMAC-SHA256(serverSeed, diceMessage(format, playerSeeds, counter)), block
 * after block; each byte below 252 gives the die (byte % 6) + 1, bytes 252..255 are skipped so
 * every face is exactly equally likely. Format 2 encodes the seeds as a JSON array (format 1
 * joined them with ':', which was ambiguous).
 */
export function fairDice(
  serverSeed: string,
  playerSeeds: readonly string[],
  format: FairFormat = 2,
): FairDice {
  let counter = 0;
  let buffered: number[] = [];
  let produced = 0;
  return {
    roll(count) {
      while (buffered.length < count) {
        const block = createHmac('sha256', serverSeed)
          .update(diceMessage(format, playerSeeds, counter))
          .digest();
        counter += 1;
        diceOfBlock(block, buffered);
      }
      const out = buffered.slice(0, count);
      buffered = buffered.slice(count);
      produced += count;
      return out;
    },
    get produced() {
      return produced;
    },
  };
}
