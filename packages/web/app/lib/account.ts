// This device's identity: a guest made silently when it first holds a seat, or an account signed
// in with a passkey. Seat tokens stay in storage.ts; the server links them to the user, so an
// account finds its games on any device. The session is an http-only cookie the page never sees.
import { useSyncExternalStore } from 'react';
import type {
  AccountGames,
  AccountStats,
  AvatarColour,
  Looks,
  LinkedSeats,
  PasskeyList,
  PasskeyOptions,
  RecoveryCodes,
  Registered,
  SeatTokens,
  SessionAnswer,
  SignedIn,
  User,
} from '@zilch/protocol';
import { call } from './http.ts';
import type { Result } from './result.ts';
import { forgetGame, heldGame, heldGames, holdSeat } from './storage.ts';

/** undefined: not asked yet; null: no identity on this device. */
let current: User | null | undefined;
const listeners = new Set<() => void>();

function setUser(u: User | null): void {
  current = u;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The device's user as the app knows it (undefined until the first answer). */
export function useUser(): User | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
}

/** Asks the server who this device is. */
async function refreshUser(): Promise<User | null> {
  const r = await call<SessionAnswer>('GET', '/api/account');
  if (r.ok) setUser(r.value.user);
  return r.ok ? r.value.user : (current ?? null);
}

const LINKED = 'zilch.linked';

function linkedTokens(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(LINKED) ?? '[]') as string[]);
  } catch (_e) {
    return new Set();
  }
}

function rememberLinked(tokens: string[]): void {
  try {
    const all = linkedTokens();
    for (const t of tokens) all.add(t);
    localStorage.setItem(LINKED, JSON.stringify([...all].slice(-500)));
  } catch (_e) {
    // Not kept: the seats are sent again next time, which is harmless.
  }
}

/** Links in flight, one after another: two at once from a device with no cookie yet would make two guests. */
let linking: Promise<void> = Promise.resolve();

/** Links seats this device holds to its user (the server makes a guest if there is none). */
export function linkSeats(seats: { gameId: string; token: string }[]): Promise<void> {
  if (seats.length === 0) return linking;
  linking = linking.then(async () => {
    const r = await call<LinkedSeats>('POST', '/api/account/seats', {
      seats: seats.slice(0, 100),
    });
    if (!r.ok) return;
    rememberLinked(seats.map((s) => s.token));
    setUser(r.value.user);
  });
  return linking;
}

/**
 * Brings the device and its identity together: seats held here but not yet linked are linked;
 * an account's games in play that this device holds no token for get one, so they show in
 * "My games" here too. Answers how many games were added on this device.
 */
export async function syncDevice(): Promise<number> {
  const done = linkedTokens();
  const unlinked = heldGames().flatMap((g) =>
    Object.values(g.tokens)
      .filter((t) => !done.has(t))
      .map((token) => ({ gameId: g.id, token })),
  );
  if (unlinked.length > 0) await linkSeats(unlinked);
  else await refreshUser();
  if (current?.kind !== 'account') return 0;
  const games = await call<AccountGames>('GET', '/api/account/games');
  if (!games.ok) return 0;
  let added = 0;
  for (const g of games.value.games) {
    if (g.status === 'over' || heldGame(g.id)) continue;
    const t = await call<SeatTokens>(
      'POST',
      `/api/account/games/${encodeURIComponent(g.id)}/tokens`,
    );
    if (!t.ok) continue;
    for (const s of t.value.seats) holdSeat(g.id, s.seat, s.token);
    rememberLinked(t.value.seats.map((s) => s.token));
    added += 1;
  }
  if (added > 0) setUser(current);
  return added;
}

/** The account's games, newest first. */
export const accountGames = () => call<AccountGames>('GET', '/api/account/games');

/** Statistics per rule set. */
export const accountStats = () => call<AccountStats>('GET', '/api/account/stats');

/** The account's passkeys. */
export const listPasskeys = () => call<PasskeyList>('GET', '/api/account/passkeys');

/** Removes a passkey. */
export const removePasskey = (id: string) =>
  call<PasskeyList>('DELETE', `/api/account/passkeys/${encodeURIComponent(id)}`);

/** New recovery codes (the old ones stop working). */
export const newRecoveryCodes = () => call<RecoveryCodes>('POST', '/api/account/recovery-codes');

/** Changes the display name or avatar colour. */
export async function updateProfile(set: { name?: string; colour?: AvatarColour; looks?: Looks }) {
  const r = await call<SignedIn>('POST', '/api/account/profile', set);
  if (r.ok) setUser(r.value.user);
  return r;
}

/** The sentence for a passkey prompt the browser refused or the person closed. */
function ceremonyError<T>(e: unknown): Result<T> {
  const name = e instanceof Error ? e.name : '';
  const message =
    name === 'NotAllowedError' || name === 'AbortError'
      ? 'The passkey request was cancelled or timed out.'
      : name === 'InvalidStateError'
        ? 'This device already holds a passkey for your account.'
        : 'This browser could not use a passkey here.';
  return { ok: false, error: { code: 'PASSKEY_CANCELLED', message } };
}

/**
 * One passkey ceremony: the server's options, the browser's prompt, the server's check. The
 * WebAuthn helpers are loaded only when a passkey is made or used.
 */
async function ceremony<T extends { user: User }>(
  kind: 'register' | 'signin',
  finish: string,
  body: Record<string, unknown> = {},
): Promise<Result<T>> {
  const start =
    kind === 'register' ? '/api/account/passkeys/options' : '/api/account/signin/options';
  const o = await call<PasskeyOptions>('POST', start);
  if (!o.ok) return o;
  const browser = await import('@simplewebauthn/browser');
  const optionsJSON = o.value.options as never;
  let credential: unknown;
  try {
    credential =
      kind === 'register'
        ? await browser.startRegistration({ optionsJSON })
        : await browser.startAuthentication({ optionsJSON });
  } catch (e) {
    return ceremonyError(e);
  }
  const r = await call<T>('POST', finish, { credential, ...body });
  if (r.ok) setUser(r.value.user);
  return r;
}

/** Makes a passkey on this device: the first one turns the guest into an account. */
export const registerPasskey = (label?: string) =>
  ceremony<Registered>('register', '/api/account/passkeys', label ? { label } : {});

/** Signs in with a passkey; this device's guest seats move to the account. */
export const signInWithPasskey = () => ceremony<SignedIn>('signin', '/api/account/signin');

/** Signs in with a one-time recovery code. */
export async function signInWithCode(code: string): Promise<Result<SignedIn>> {
  const r = await call<SignedIn>('POST', '/api/account/signin/recovery', { code });
  if (r.ok) setUser(r.value.user);
  return r;
}

/**
 * Signs out here, and forgets this device's tokens of the account's games (a shared computer
 * should not keep them); the account finds them again after the next sign-in.
 */
export async function signOut(): Promise<Result<unknown>> {
  const games = await accountGames();
  const r = await call<{ ok: true }>('POST', '/api/account/signout');
  if (!r.ok) return r;
  if (games.ok) for (const g of games.value.games) forgetGame(g.id);
  try {
    localStorage.removeItem(LINKED);
  } catch (_e) {
    // nothing kept to remove
  }
  setUser(null);
  return r;
}

/** Deletes the user: its games stay on the server, its seats renamed "Deleted player". */
export async function deleteAccount(): Promise<Result<unknown>> {
  const r = await call<{ ok: true }>('DELETE', '/api/account');
  // The tokens held here stay marked as linked, so they are not linked to a new guest.
  if (r.ok) setUser(null);
  return r;
}
