import {
  AccountClaimBodySchema,
  AccountGamesSchema,
  AccountStatsSchema,
  ClaimedSchema,
  GameParamsSchema,
  LinkSeatsBodySchema,
  LinkedSeatsSchema,
  SeatTokensSchema,
} from '@zilch/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from '../../accounts/service.ts';
import { tooManyGuests } from '../../accounts/guest-limit.ts';
import type { AccountSession } from './account-session.ts';
import { refusals, refused, type RouteConfig } from './games.ts';

/** The user's games and seats: linking, tokens for this device, claiming a rated seat, statistics. */
export function accountGameRoutes(
  accounts: AccountService,
  session: AccountSession,
  auth: RouteConfig,
): FastifyPluginAsyncZod {
  const { current, ensure, noSession } = session;
  return async (app) => {
    app.post(
      '/api/account/seats',
      {
        config: auth,
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
        config: auth,
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
        config: auth,
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
  };
}
