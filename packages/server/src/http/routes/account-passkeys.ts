import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeyParamsSchema,
  RecoveryCodesSchema,
  RecoverySignInBodySchema,
  RegisterPasskeyBodySchema,
  RegisteredSchema,
  SignInBodySchema,
  SignedInSchema,
  type PasskeyOptions,
} from '@zilch/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyGuests } from '../../accounts/guest-limit.ts';
import type { AccountService } from '../../accounts/service.ts';
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
import { refuse, type AccountSession } from './account-session.ts';
import { refusals, refused, type RouteConfig } from './games.ts';

/** WebAuthn options as the wire schema types them (an open JSON object). */
function wire(options: { challenge: string }): PasskeyOptions['options'] {
  return options as PasskeyOptions['options'];
}

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

/** Passkeys (made, listed, removed), recovery codes, and signing in with either. */
export function passkeyRoutes(
  accounts: AccountService,
  session: AccountSession,
  auth: RouteConfig,
  relyingPartyConfig: RelyingPartyConfig,
): FastifyPluginAsyncZod {
  const { current, ensure, noSession, signIn } = session;
  const rp = (req: FastifyRequest) => relyingParty(relyingPartyConfig, req);
  return async (app) => {
    app.post(
      '/api/account/passkeys/options',
      {
        config: auth,
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
        config: auth,
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
        config: auth,
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
        config: auth,
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
        config: auth,
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
        config: auth,
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
        config: auth,
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
  };
}
