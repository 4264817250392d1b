import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GameService } from '../../games/service.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import {
  ActionBodySchema,
  ClaimSchema,
  CreateGameSchema,
  NameSchema,
  RematchSchema,
  TestDiceSchema,
  TokenSchema,
} from '../../games/schemas.ts';
import type { Result } from '../../games/errors.ts';
import type { FastifyReply } from 'fastify';

const Id = z.object({ id: z.string().min(1).max(64) });

/** Sends a service result: the value, or its `{code,message}` with the mapped status. */
function send<T>(reply: FastifyReply, r: Result<T>, status = 200) {
  if (r.ok) return reply.code(status).send(r.value);
  return reply.code(r.error.status).send({ code: r.error.code, message: r.error.message });
}

/** The game routes of docs/protocol.md. */
export function gameRoutes(
  service: GameService,
  metrics: Metrics,
  testDice: boolean,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/games',
      { schema: { tags: ['games'], summary: 'Create a table', body: CreateGameSchema } },
      async (req, reply) => {
        const r = await service.create(req.body);
        if (r.ok) metrics.gamesCreated.inc();
        return send(reply, r, 201);
      },
    );

    app.get(
      '/api/games',
      {
        schema: {
          tags: ['games'],
          summary: 'List games (lobby, history)',
          querystring: z.object({
            status: z.enum(['finished', 'active']).optional(),
            player: NameSchema.optional(),
            tokens: z.string().max(2000).optional(),
            limit: z.coerce.number().int().min(1).max(500).optional(),
          }),
        },
      },
      async (req) => {
        const q = req.query;
        const games = await service.list({
          ...(q.status ? { status: q.status === 'finished' ? 'over' : 'active' } : {}),
          ...(q.player ? { player: q.player } : {}),
          ...(q.tokens ? { tokens: q.tokens.split(',').filter(Boolean).slice(0, 50) } : {}),
          ...(q.limit ? { limit: q.limit } : {}),
        });
        return { games };
      },
    );

    app.get(
      '/api/games/:id',
      {
        schema: {
          tags: ['games'],
          summary: 'The view of a game (for a seat with its token, else as a spectator)',
          params: Id,
          querystring: z.object({ token: TokenSchema.optional() }),
        },
      },
      async (req, reply) => send(reply, await service.viewFor(req.params.id, req.query.token)),
    );

    app.post(
      '/api/games/:id/claim',
      {
        schema: {
          tags: ['games'],
          summary: 'Take a seat under a display name',
          params: Id,
          body: ClaimSchema,
        },
      },
      async (req, reply) => {
        const b = req.body;
        return send(reply, await service.claim(req.params.id, b.token, b.name, b.seed));
      },
    );

    app.post(
      '/api/games/:id/actions',
      {
        schema: {
          tags: ['games'],
          summary: 'Play an action (same as the socket `action`)',
          params: Id,
          body: ActionBodySchema,
        },
      },
      async (req, reply) => {
        const b = req.body;
        const seat = await service.seatOf(req.params.id, b.token);
        if (seat === null || seat === 'spectator') {
          const exists = await service.snapshot(req.params.id);
          if (!exists)
            return reply.code(404).send({ code: 'NOT_FOUND', message: 'There is no such game.' });
          return reply.code(403).send({
            code: 'UNAUTHORIZED',
            message: 'This link does not open a seat of this game.',
          });
        }
        const started = performance.now();
        const r = await service.act(req.params.id, seat, b.clientId, b.action, 'player');
        metrics.actions.inc({
          result: r.ok ? (r.value.repeated ? 'repeated' : 'accepted') : 'refused',
          actor: 'player',
        });
        if (r.ok) metrics.actionSeconds.observe((performance.now() - started) / 1000);
        if (!r.ok) return send(reply, r);
        return { seq: r.value.seq, events: r.value.events, view: r.value.view };
      },
    );

    app.post(
      '/api/games/:id/rematch',
      {
        schema: {
          tags: ['games'],
          summary: 'Start a new game with the same rules and seats',
          params: Id,
          body: RematchSchema,
        },
      },
      async (req, reply) => send(reply, await service.rematch(req.params.id, req.body.token), 201),
    );

    app.get(
      '/api/games/:id/log',
      { schema: { tags: ['history'], summary: 'Full replay data of a game', params: Id } },
      async (req, reply) => send(reply, await service.log(req.params.id)),
    );

    app.get(
      '/api/games/:id/export',
      { schema: { tags: ['fairness'], summary: 'Fairness export for `zilch verify`', params: Id } },
      async (req, reply) => send(reply, await service.export(req.params.id)),
    );

    app.get(
      '/api/games/:id/verify',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Recompute every roll from the revealed seeds',
          params: Id,
        },
      },
      async (req, reply) => send(reply, await service.verify(req.params.id)),
    );

    app.get(
      '/api/players/:name/stats',
      {
        schema: {
          tags: ['history'],
          summary: "A player's statistics over finished games",
          params: z.object({ name: NameSchema }),
        },
      },
      async (req) => service.stats(req.params.name),
    );

    if (testDice) {
      app.post(
        '/api/test/games/:id/dice',
        { schema: { hide: true, params: Id, body: TestDiceSchema } },
        async (req, reply) =>
          send(reply, await service.queueTestDice(req.params.id, req.body.rolls)),
      );
    }
  };
}
