import {
  MatchBotBodySchema,
  MatchJoinBodySchema,
  MatchStatusSchema,
  type MatchStatus,
} from '@zilch/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Result } from '../../games/errors.ts';
import type { MatchService } from '../../match/service.ts';
import type { UserRow } from '../../store/account-store.ts';
import { tooManyGuests } from '../../accounts/guest-limit.ts';
import { refusals, refused, type RouteConfig } from './games.ts';

/** Quick match as the routes see it: the service and this process's pairing passes. */
export interface MatchRouteDeps {
  readonly service: MatchService;
  /** Asks this process for a pairing pass now (a player just joined). */
  readonly kick: () => void;
}

/** The session helpers of the account routes, which these routes share. */
interface Session {
  current(req: FastifyRequest): Promise<UserRow | null>;
  /** The session's user, made a guest if needed; null: the address's guest budget is spent. */
  ensure(req: FastifyRequest): Promise<UserRow | null>;
  /** The tighter budget of routes that make tables. */
  costly: RouteConfig;
  /** Bot accounts (botapi/): they never join the queue of people. */
  bots?: { isBot(userId: string): Promise<boolean> } | undefined;
}

/** Quick-match routes under /api/account/match (the session cookie names the player). */
export function matchRoutes(m: MatchRouteDeps, s: Session): FastifyPluginAsyncZod {
  const answer = (reply: FastifyReply, r: Result<MatchStatus>) =>
    r.ok ? r.value : refused(reply, r.error);
  return async (app) => {
    const tags = ['match'];
    const response = { 200: MatchStatusSchema, ...refusals };

    app.get(
      '/api/account/match',
      {
        schema: {
          tags,
          summary: 'Quick-match status; polling it (every second or so) keeps you in the queue',
          response,
        },
      },
      async (req, reply) => {
        const row = await s.current(req);
        return row ? answer(reply, await m.service.status(row.id)) : { state: 'idle' as const };
      },
    );

    app.post(
      '/api/account/match',
      {
        schema: {
          tags,
          summary:
            'Join quick match for a preset (rated: accounts only); a guest is made if needed',
          body: MatchJoinBodySchema,
          response,
        },
      },
      async (req, reply) => {
        const row = await s.ensure(req);
        if (!row) return refused(reply, tooManyGuests);
        if (row.kind === 'account' && (await s.bots?.isBot(row.id)))
          return refused(reply, {
            code: 'BOT_ACCOUNT',
            message:
              'Bot accounts do not join quick match: they play challenges (docs/bot-api.md).',
            status: 403,
          });
        const r = await m.service.join(row, req.body.preset, req.body.rated);
        if (r.ok) m.kick();
        return answer(reply, r);
      },
    );

    app.delete(
      '/api/account/match',
      {
        schema: {
          tags,
          summary: 'Leave the queue (answers the table instead if you were paired already)',
          response,
        },
      },
      async (req, reply) => {
        const row = await s.current(req);
        if (!row) return refused(reply, notQueued);
        return answer(reply, await m.service.leave(row.id));
      },
    );

    app.post(
      '/api/account/match/bot',
      {
        config: s.costly,
        schema: {
          tags,
          summary: 'Take the bot offered after the wait: a new table against it (default expected)',
          body: MatchBotBodySchema,
          response,
        },
      },
      async (req, reply) => {
        const row = await s.current(req);
        if (!row) return refused(reply, notQueued);
        return answer(reply, await m.service.acceptBot(row, req.body.bot));
      },
    );
  };
}

const notQueued = {
  code: 'NOT_QUEUED' as const,
  message: 'You are not waiting for a match.',
  status: 409,
};
