// Friends routes under /api/account/friends (registered inside the account routes: they ride on
// the session cookie and its same-origin check). Accounts only.
import {
  FriendRequestBodySchema,
  FriendSearchQuerySchema,
  FriendSearchSchema,
  FriendsSchema,
  PersonParamsSchema,
  RelationAnswerSchema,
  type Relation,
} from '@zilch/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Result } from '../games/errors.ts';
import { accountOnly, type CurrentUser } from '../http/account-only.ts';
import { refusals, refused } from '../http/routes/games.ts';
import type { FriendService } from './service.ts';

const WHAT = 'Friends';

/** The friends routes (docs/server.md "Friends and challenges"). */
export function friendRoutes(
  friends: FriendService,
  current: CurrentUser,
  onBlock: (me: string, other: string) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const relation = { 200: RelationAnswerSchema, ...refusals };
    const answer = async (r: Result<Relation>, reply: Parameters<typeof refused>[0]) =>
      r.ok ? { relation: r.value } : refused(reply, r.error);

    app.get(
      '/api/account/friends',
      {
        schema: {
          tags: ['friends'],
          summary: 'Friends (online, playing, whose move), requests, blocks',
          response: { 200: FriendsSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        return me ? friends.list(me) : reply;
      },
    );

    app.get(
      '/api/account/friends/search',
      {
        schema: {
          tags: ['friends'],
          summary: 'Accounts by part of their name (those who blocked you are left out)',
          querystring: FriendSearchQuerySchema,
          response: { 200: FriendSearchSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        return me ? friends.search(me, req.query.q) : reply;
      },
    );

    app.post(
      '/api/account/friends',
      {
        schema: {
          tags: ['friends'],
          summary:
            'Ask to be friends (by account id or a seat of a finished game), or accept their request',
          body: FriendRequestBodySchema,
          response: relation,
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        return me ? answer(await friends.request(me, req.body.to), reply) : reply;
      },
    );

    app.get(
      '/api/account/friends/:userId',
      {
        schema: {
          tags: ['friends'],
          summary: 'How an account stands to you',
          params: PersonParamsSchema,
          response: relation,
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        return me ? { relation: await friends.relation(me, req.params.userId) } : reply;
      },
    );

    app.post(
      '/api/account/friends/:userId/accept',
      {
        schema: {
          tags: ['friends'],
          summary: 'Accept a friend request',
          params: PersonParamsSchema,
          response: relation,
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        return me ? answer(await friends.accept(me, req.params.userId), reply) : reply;
      },
    );

    app.post(
      '/api/account/friends/:userId/remove',
      {
        schema: {
          tags: ['friends'],
          summary: 'Decline a request, take yours back, or end a friendship',
          params: PersonParamsSchema,
          response: relation,
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        return me ? answer(await friends.remove(me, req.params.userId), reply) : reply;
      },
    );

    app.post(
      '/api/account/friends/:userId/block',
      {
        schema: {
          tags: ['friends'],
          summary: 'Block: they cannot challenge you, find you, or be seen in your chat',
          params: PersonParamsSchema,
          response: relation,
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        const r = await friends.block(me, req.params.userId);
        if (r.ok) await onBlock(me.id, req.params.userId);
        return answer(r, reply);
      },
    );

    app.post(
      '/api/account/friends/:userId/unblock',
      {
        schema: {
          tags: ['friends'],
          summary: 'Lift a block',
          params: PersonParamsSchema,
          response: relation,
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        return me ? answer(await friends.unblock(me, req.params.userId), reply) : reply;
      },
    );
  };
}
