// http_ece ships no types: the one call the test push endpoint makes.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  /** Decrypts an RFC 8188 body; for aes128gcm the sender's key comes from the header (RFC 8291). */
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
}
