// Challenge routes under /api/account/challenges (inside the account routes: session cookie and
// its same-origin check). Accounts only.
import {
  ChallengeBodySchema,
  ChallengeParamsSchema,
  ChallengeSchema,
  ChallengeSeatSchema,
  ChallengesSchema,
} from '@zilch/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOnly, type CurrentUser } from '../http/account-only.ts';
import { refusals, refused, type RouteConfig } from '../http/routes/games.ts';
import type { ChallengeService } from './service.ts';

const WHAT = 'Challenges';

/** The challenge routes (docs/server.md "Friends and challenges"). */
export function challengeRoutes(
  challenges: ChallengeService,
  current: CurrentUser,
  costly: RouteConfig,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/account/challenges',
      {
        schema: {
          tags: ['challenges'],
          summary: 'Open challenges to you, and those you sent this week',
          response: { 200: ChallengesSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        return me ? challenges.list(me) : reply;
      },
    );

    app.post(
      '/api/account/challenges',
      {
        schema: {
          tags: ['challenges'],
          summary: 'Challenge an account (by id or a seat of a finished game) to a rule set',
          body: ChallengeBodySchema,
          response: { 200: ChallengeSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        const r = await challenges.create(me, req.body);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/account/challenges/:id/accept',
      {
        // Accepting makes a table: the budget of routes that make work.
        config: costly,
        schema: {
          tags: ['challenges'],
          summary: 'Accept: a new table, both seated; answers your seat',
          params: ChallengeParamsSchema,
          response: { 200: ChallengeSeatSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        const r = await challenges.accept(me, req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/account/challenges/:id/decline',
      {
        schema: {
          tags: ['challenges'],
          summary: 'Decline a challenge to you, or take back one you sent',
          params: ChallengeParamsSchema,
          response: { 200: ChallengeSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        const r = await challenges.decline(me, req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/account/challenges/:id/seat',
      {
        schema: {
          tags: ['challenges'],
          summary: "Your seat at an accepted challenge's table (a fresh token for this device)",
          params: ChallengeParamsSchema,
          response: { 200: ChallengeSeatSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        const r = await challenges.seat(me, req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );
  };
}
