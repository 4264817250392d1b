import cookie, { Signer } from '@fastify/cookie';
import { GuestLimit, tooManyGuests } from '../../accounts/guest-limit.ts';
import session from '@fastify/session';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  AccountClaimBodySchema,
  AccountGamesSchema,
  AccountStatsSchema,
  ClaimedSchema,
  GameParamsSchema,
  LinkSeatsBodySchema,
  LinkedSeatsSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeyParamsSchema,
  ProfileBodySchema,
  RecoveryCodesSchema,
  RecoverySignInBodySchema,
  RegisterPasskeyBodySchema,
  RegisteredSchema,
  SeatTokensSchema,
  SessionAnswerSchema,
  SignedInSchema,
  SignedOutSchema,
  SignInBodySchema,
  type ErrorCode,
  type PasskeyOptions,
} from '@zilch/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from '../../accounts/service.ts';
import type { DbSessionStore } from '../../accounts/session-store.ts';
import {
  authenticationOptions,
  CHALLENGE_MS,
  registrationOptions,
  relyingParty,
  verifyAuthentication,
  verifyRegistration,
  type Challenge,
  type RelyingPartyConfig,
} from '../../accounts/webauthn.ts';
import type { UserRow } from '../../store/account-store.ts';
import type { PushService } from '../../push/service.ts';
import { sameOrigin } from '../same-origin.ts';
import { matchRoutes, type MatchRouteDeps } from './match.ts';
import { refusals, refused, type RouteConfig } from './games.ts';
import { pushRoutes } from './push.ts';
import { socialRoutes, type SocialRoutes } from '../social-routes.ts';

/** The session cookie's name; it is sent to /api/account only. */
const SESSION_COOKIE = 'zilch_session';
const COOKIE_PATH = '/api/account';
/** A device's identity lasts this long without a new sign-in (a guest's too). */
const SESSION_MS = 180 * 86_400_000;

/** What the account routes need. */
export interface AccountRouteOptions {
  readonly accounts: AccountService;
  readonly sessions: DbSessionStore;
  readonly secret: string;
  readonly relyingParty: RelyingPartyConfig;
  /** Page origins besides the server's own that may send state-changing requests. */
  readonly allowedOrigins: readonly string[];
  /** The tighter rate limit of sign-in, passkey and recovery routes. */
  readonly auth: RouteConfig;
  /** Web Push (routes/push.ts), when the server sends notifications. */
  readonly push?: PushService;
  /** Quick match, whose routes share the session (absent: no quick match). */
  readonly match?: MatchRouteDeps;
  /** The budget of routes that make tables. */
  readonly costly?: RouteConfig;
  /** Guests one client address may make per hour (default 30). */
  readonly guestsPerIpHour?: number;
  /** Friends and challenges (friends/, challenges/), whose routes share the session. */
  readonly social?: SocialRoutes;
}

function refuse(reply: FastifyReply, status: number, code: ErrorCode, message: string) {
  return refused(reply, { code, message, status });
}

/** WebAuthn options as the wire schema types them (an open JSON object). */
function wire(options: { challenge: string }): PasskeyOptions['options'] {
  return options as PasskeyOptions['options'];
}

/** The identity routes under /api/account (docs/server.md): sessions, passkeys, recovery, profile. */
export function accountRoutes(o: AccountRouteOptions): FastifyPluginAsyncZod {
  const { accounts } = o;
  const guests = new GuestLimit(o.guestsPerIpHour ?? 30);
  return async (app) => {
    // Before the session is read: a cross-site request is refused without touching the store.
    app.addHook('onRequest', sameOrigin(o.allowedOrigins));
    await app.register(cookie);
    await app.register(session, {
      // A signer made here: @fastify/session would otherwise require @fastify/cookie from its own
      // folder, where npm need not have put it.
      secret: new Signer(o.secret, 'sha256'),
      cookieName: SESSION_COOKIE,
      store: o.sessions,
      // A session row is written only when it changes (a guest made, a sign-in, a challenge).
      saveUninitialized: false,
      rolling: false,
      cookie: {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        // Secure over https (also as a trusted proxy reports it); plain-http localhost would
        // lose a Secure cookie. On plain http @fastify/session sends SameSite=Lax.
        secure: 'auto',
        maxAge: SESSION_MS,
      },
    });

    /** The session's user, or null (a stale id of a deleted user is forgotten). */
    async function current(req: FastifyRequest): Promise<UserRow | null> {
      const id = req.session.get('userId');
      if (!id) return null;
      const row = await accounts.store.user(id);
      if (!row) req.session.set('userId', undefined);
      return row;
    }

    /**
     * The session's user, made a guest first if this device has none; null when the client's
     * address made its hour's guests already (answer `tooManyGuests`).
     */
    async function ensure(req: FastifyRequest): Promise<UserRow | null> {
      const row = await current(req);
      if (row) return row;
      // req.ip believes the same proxies as the sockets' address (client-ip.ts).
      if (guests.take(req.ip) > 0) return null;
      const guest = await accounts.newGuest();
      req.session.set('userId', guest.id);
      return guest;
    }

    const noSession = (reply: FastifyReply) =>
      refuse(reply, 401, 'NO_SESSION', 'You are not signed in on this device.');

    /** Takes the pending challenge out of the session (each is usable once). */
    function takeChallenge(req: FastifyRequest, purpose: Challenge['purpose']): string | null {
      const c = req.session.get('challenge');
      req.session.set('challenge', undefined);
      if (!c || c.purpose !== purpose || c.expiresAt < Date.now()) return null;
      return c.value;
    }

    const expired = (reply: FastifyReply) =>
      refuse(
        reply,
        400,
        'CHALLENGE_EXPIRED',
        'The passkey request timed out or was already used; please try again.',
      );

    /** The session becomes `userId`: a new session id (no fixation), a guest's seats carried over. */
    async function signIn(req: FastifyRequest, userId: string) {
      await accounts.signedIn(req.session.get('userId'), userId);
      await req.session.regenerate();
      req.session.set('userId', userId);
      const user = await accounts.user(userId);
      if (!user) throw new Error(`user ${userId} vanished while signing in`);
      return { user };
    }

    const rp = (req: FastifyRequest) => relyingParty(o.relyingParty, req);

    app.get(
      '/api/account',
      {
        schema: {
          tags: ['account'],
          summary: 'Who this device is: a guest, an account, or nobody yet',
          response: { 200: SessionAnswerSchema, ...refusals },
        },
      },
      async (req) => {
        const row = await current(req);
        return { user: row ? await accounts.toUser(row) : null };
      },
    );

    app.post(
      '/api/account/profile',
      {
        schema: {
          tags: ['account'],
          summary: 'Change the display name or avatar colour',
          body: ProfileBodySchema,
          response: { 200: SignedInSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await current(req);
        if (!row) return noSession(reply);
        await accounts.updateProfile(row.id, req.body);
        const user = await accounts.user(row.id);
        return user ? { user } : noSession(reply);
      },
    );

    app.post(
      '/api/account/seats',
      {
        config: o.auth,
        schema: {
          tags: ['account'],
          summary: 'Link seats this device holds tokens for (a guest is made if there is no user)',
          body: LinkSeatsBodySchema,
          response: { 200: LinkedSeatsSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await ensure(req);
        if (!row) return refused(reply, tooManyGuests);
        const linked = await accounts.linkSeats(row.id, req.body.seats);
        const user = await accounts.user(row.id);
        return { linked, user: user ?? (await accounts.toUser(row)) };
      },
    );

    app.get(
      '/api/account/games',
      {
        schema: {
          tags: ['account'],
          summary: "The user's games, newest first",
          response: { 200: AccountGamesSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await current(req);
        if (!row) return noSession(reply);
        return { games: await accounts.gamesOf(row.id) };
      },
    );

    app.post(
      '/api/account/games/:id/tokens',
      {
        config: o.auth,
        schema: {
          tags: ['account'],
          summary: "Seat tokens for this device, for the user's seats of a game",
          params: GameParamsSchema,
          response: { 200: SeatTokensSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await current(req);
        if (!row) return noSession(reply);
        const r = await accounts.mintTokens(row.id, req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/account/games/:id/claim',
      {
        config: o.auth,
        schema: {
          tags: ['account', 'ratings'],
          summary: 'Take a seat as this account (the only way to sit at a rated table)',
          params: GameParamsSchema,
          body: AccountClaimBodySchema,
          response: { 200: ClaimedSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await current(req);
        if (!row) return noSession(reply);
        const r = await accounts.claimSeat(row, req.params.id, req.body.token, req.body.seed);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.get(
      '/api/account/stats',
      {
        schema: {
          tags: ['account'],
          summary: "Statistics over the user's finished games, per rule set",
          response: { 200: AccountStatsSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await current(req);
        if (!row) return noSession(reply);
        return { byRules: await accounts.stats(row.id) };
      },
    );

    app.post(
      '/api/account/passkeys/options',
      {
        config: o.auth,
        schema: {
          tags: ['account'],
          summary: 'Start making a passkey (a guest becomes an account with its first)',
          response: { 200: PasskeyOptionsSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await ensure(req);
        if (!row) return refused(reply, tooManyGuests);
        const options = await registrationOptions(
          rp(req),
          row,
          await accounts.store.passkeys(row.id),
        );
        req.session.set('challenge', {
          value: options.challenge,
          purpose: 'register',
          expiresAt: Date.now() + CHALLENGE_MS,
        });
        return { options: wire(options) };
      },
    );

    app.post(
      '/api/account/passkeys',
      {
        config: o.auth,
        schema: {
          tags: ['account'],
          summary: 'Finish making a passkey; the first one answers recovery codes (shown once)',
          body: RegisterPasskeyBodySchema,
          response: { 201: RegisteredSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await current(req);
        if (!row) return noSession(reply);
        const challenge = takeChallenge(req, 'register');
        if (!challenge) return expired(reply);
        const credential = req.body.credential as unknown as RegistrationResponseJSON;
        const made = await verifyRegistration(rp(req), credential, challenge);
        if (!made || (await accounts.store.passkey(made.id)))
          return refuse(
            reply,
            400,
            'PASSKEY_NOT_VERIFIED',
            'The passkey could not be verified; please try again.',
          );
        const { recoveryCodes } = await accounts.addPasskey(row.id, made, req.body.label);
        // Becoming an account raises what the session is worth: a new id for it.
        if (recoveryCodes) await req.session.regenerate(['userId']);
        const user = await accounts.user(row.id);
        if (!user) return noSession(reply);
        return reply.code(201).send({ user, ...(recoveryCodes ? { recoveryCodes } : {}) });
      },
    );

    app.get(
      '/api/account/passkeys',
      {
        schema: {
          tags: ['account'],
          summary: "The account's passkeys",
          response: { 200: PasskeyListSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await current(req);
        if (!row) return noSession(reply);
        return { passkeys: await accounts.passkeys(row.id) };
      },
    );

    app.delete(
      '/api/account/passkeys/:id',
      {
        config: o.auth,
        schema: {
          tags: ['account'],
          summary: 'Remove a passkey (not the last one)',
          params: PasskeyParamsSchema,
          response: { 200: PasskeyListSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await current(req);
        if (!row) return noSession(reply);
        const r = await accounts.removePasskey(row.id, req.params.id);
        if (!r.ok) return refused(reply, r.error);
        return { passkeys: await accounts.passkeys(row.id) };
      },
    );

    app.post(
      '/api/account/recovery-codes',
      {
        config: o.auth,
        schema: {
          tags: ['account'],
          summary: 'New recovery codes (the old ones stop working), shown once',
          response: { 200: RecoveryCodesSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await current(req);
        if (!row) return noSession(reply);
        if (row.kind !== 'account')
          return refuse(
            reply,
            403,
            'NOT_AN_ACCOUNT',
            'Add a passkey first: guests have no recovery codes.',
          );
        return { codes: await accounts.newCodes(row.id) };
      },
    );

    app.post(
      '/api/account/signin/options',
      {
        config: o.auth,
        schema: {
          tags: ['account'],
          summary: 'Start signing in with a passkey',
          response: { 200: PasskeyOptionsSchema, ...refusals },
        },
      },
      async (req) => {
        const options = await authenticationOptions(rp(req));
        req.session.set('challenge', {
          value: options.challenge,
          purpose: 'signin',
          expiresAt: Date.now() + CHALLENGE_MS,
        });
        return { options: wire(options) };
      },
    );

    app.post(
      '/api/account/signin',
      {
        config: o.auth,
        schema: {
          tags: ['account'],
          summary:
            "Finish signing in with a passkey; this device's guest seats move to the account",
          body: SignInBodySchema,
          response: { 200: SignedInSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const challenge = takeChallenge(req, 'signin');
        if (!challenge) return expired(reply);
        const credential = req.body.credential as unknown as AuthenticationResponseJSON;
        const passkey = await accounts.store.passkey(credential.id);
        const owner = passkey ? await accounts.store.user(passkey.userId) : null;
        if (!passkey || !owner)
          return refuse(
            reply,
            401,
            'UNKNOWN_PASSKEY',
            'This passkey is not registered here (it may have been removed).',
          );
        const handle = credential.response.userHandle;
        const counter =
          handle === undefined || handle === owner.webauthn_id
            ? await verifyAuthentication(rp(req), credential, challenge, passkey)
            : null;
        if (counter === null)
          return refuse(
            reply,
            401,
            'PASSKEY_NOT_VERIFIED',
            'The passkey could not be verified; please try again.',
          );
        await accounts.store.passkeyUsed(passkey.id, counter, Date.now());
        return signIn(req, owner.id);
      },
    );

    app.post(
      '/api/account/signin/recovery',
      {
        config: o.auth,
        schema: {
          tags: ['account'],
          summary: 'Sign in with a one-time recovery code (it is used up)',
          body: RecoverySignInBodySchema,
          response: { 200: SignedInSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await accounts.useRecoveryCode(req.body.code);
        if (!r.ok) return refused(reply, r.error);
        return signIn(req, r.value);
      },
    );

    app.post(
      '/api/account/signout',
      {
        schema: {
          tags: ['account'],
          summary: 'Sign out on this device',
          response: { 200: SignedOutSchema, ...refusals },
        },
      },
      async (req, reply) => {
        await req.session.destroy();
        reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
        return { ok: true as const };
      },
    );

    app.delete(
      '/api/account',
      {
        config: o.auth,
        schema: {
          tags: ['account'],
          summary: 'Delete this user: games stay, with its seats renamed "Deleted player"',
          response: { 200: SignedOutSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const row = await current(req);
        if (!row) return noSession(reply);
        await accounts.deleteUser(row.id);
        await req.session.destroy();
        reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
        return { ok: true as const };
      },
    );

    if (o.push) await app.register(pushRoutes(o.push, current));
    if (o.social) await app.register(socialRoutes(o.social, current, o.costly ?? o.auth));
    if (o.match)
      await app.register(matchRoutes(o.match, { current, ensure, costly: o.costly ?? o.auth }));
  };
}
