import {
  ProfileBodySchema,
  SessionAnswerSchema,
  SignedInSchema,
  SignedOutSchema,
} from '@zilch/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from '../../accounts/service.ts';
import type { AccountSession } from './account-session.ts';
import { refusals, type RouteConfig } from './games.ts';

/** Who this device is, its profile, signing out and deleting the user. */
export function profileRoutes(
  accounts: AccountService,
  session: AccountSession,
  auth: RouteConfig,
): FastifyPluginAsyncZod {
  const { current, noSession, end } = session;
  return async (app) => {
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
      '/api/account/signout',
      {
        schema: {
          tags: ['account'],
          summary: 'Sign out on this device',
          response: { 200: SignedOutSchema, ...refusals },
        },
      },
      async (req, reply) => {
        await end(req, reply);
        return { ok: true as const };
      },
    );

    app.delete(
      '/api/account',
      {
        config: auth,
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
        await end(req, reply);
        return { ok: true as const };
      },
    );
  };
}
