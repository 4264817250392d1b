import { createHash, createHmac } from 'node:crypto';
import { checkExport, type FairCrypto, type Verification } from '@zilch/protocol';

/** Everything needed to check a finished game's dice: the wire shape lives in @zilch/protocol. */
export type { GameExport } from '@zilch/protocol';

/** The outcome of checking an export (the `GET /api/games/:id/verify` answer). */
export type VerifyResult = Verification;

/** The checker's hashing on node:crypto. */
export const nodeFairCrypto: FairCrypto = {
  sha256: async (text) => createHash('sha256').update(text).digest('hex'),
  hmac: async (key, message) => createHmac('sha256', key).update(message).digest(),
};

/**
 * Checks an export against the commitment the player saw (`expected`): the seed, rules and seat
 * count it fixed, every roll, the replay to the end, the result and the hash chain.
 */
export function verifyExport(data: unknown, expected?: string): Promise<VerifyResult> {
  return checkExport(nodeFairCrypto, data, expected);
}
