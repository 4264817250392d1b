// A subscription's keys (RFC 8291 §3.2): the browser's ECDH public key, an uncompressed P-256
// point, and a 16-byte auth secret. A point off the curve cannot be encrypted to, and would
// only make every send to it fail.
import { createECDH } from 'node:crypto';

// A throwaway key: computing a shared secret with it is how OpenSSL is asked whether a point
// lies on P-256 (it refuses one that does not).
const probe = createECDH('prime256v1');
probe.generateKeys();

/** Whether `p256dh` (base64url) is an uncompressed point on P-256. */
export function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    probe.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

/**
 * The keys in one spelling (unpadded base64url), or null when malformed; stored so, they can be
 * compared byte for byte when another account presents the same endpoint.
 */
export function subscriptionKeys(keys: {
  p256dh: string;
  auth: string;
}): { p256dh: string; auth: string } | null {
  const auth = Buffer.from(keys.auth, 'base64url');
  if (auth.length !== 16 || !isP256Point(keys.p256dh)) return null;
  return {
    p256dh: Buffer.from(keys.p256dh, 'base64url').toString('base64url'),
    auth: auth.toString('base64url'),
  };
}
