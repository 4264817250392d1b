// Passkey ceremonies (WebAuthn) through @simplewebauthn/server: options for the browser, then the
// check of what the authenticator signed. Challenges live in the server-side session.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyRow, UserRow } from '../store/account-store.ts';

// The library and its ASN.1/X.509 stack take half a second or more to load: loaded on the first
// ceremony, not at every server start.
let loading: Promise<typeof import('@simplewebauthn/server')> | null = null;
const lib = () => (loading ??= import('@simplewebauthn/server'));

/** Who the passkeys belong to: the site's RP ID (a host name), its name, and the page origins allowed. */
export interface RelyingParty {
  readonly id: string;
  readonly name: string;
  readonly origins: string[];
}

/** What the configuration says about the relying party; unset parts come from the request. */
export interface RelyingPartyConfig {
  readonly id: string | null;
  readonly name: string;
  readonly origins: string[] | null;
}

/**
 * The relying party for a request: the configured one, else the host the browser asked for
 * (`localhost` in development), with the origin its page was served from.
 */
export function relyingParty(
  config: RelyingPartyConfig,
  req: { protocol: string; host: string; hostname: string },
): RelyingParty {
  const id = config.id ?? req.hostname;
  const origins = config.origins ?? [
    config.id ? `https://${config.id}` : `${req.protocol}://${req.host}`,
  ];
  return { id, name: config.name, origins };
}

/** A pending ceremony kept in the session: the challenge, what it is for, until when. */
export interface Challenge {
  readonly value: string;
  readonly purpose: 'register' | 'signin';
  readonly expiresAt: number;
}

/** How long a ceremony may take, ms (the browser's own timeout is the same). */
export const CHALLENGE_MS = 5 * 60_000;

/** Options to create a passkey for `user` (a discoverable credential, so sign-in needs no name). */
export async function registrationOptions(
  rp: RelyingParty,
  user: UserRow,
  existing: readonly PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await lib();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: Buffer.from(user.webauthn_id, 'base64url'),
    userName: user.name ?? 'Zilch player',
    userDisplayName: user.name ?? 'Zilch player',
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/** A verified new passkey, ready to store. */
export interface NewPasskey {
  readonly id: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: string[];
  readonly backedUp: boolean;
}

/** Checks a registration against the session's challenge; null when it does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<NewPasskey | null> {
  const { verifyRegistrationResponse } = await lib();
  try {
    const r = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!r.verified) return null;
    const c = r.registrationInfo.credential;
    return {
      id: c.id,
      publicKey: Buffer.from(c.publicKey).toString('base64url'),
      counter: c.counter,
      transports: c.transports ?? response.response.transports ?? [],
      backedUp: r.registrationInfo.credentialBackedUp,
    };
  } catch {
    // Malformed or forged input: the library throws; the caller answers PASSKEY_NOT_VERIFIED.
    return null;
  }
}

/** Options to sign in with any passkey of this site (the authenticator offers its own). */
export async function authenticationOptions(
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await lib();
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CHALLENGE_MS,
    userVerification: 'preferred',
  });
}

/** Checks a sign-in against the challenge and the stored passkey: its new counter, or null. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: PasskeyRow,
): Promise<number | null> {
  const { verifyAuthenticationResponse } = await lib();
  try {
    const r = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    return r.verified ? r.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
