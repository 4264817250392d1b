// Practice routes: start a practice table, read its hint count, ask for a hint (seat token in the body).
import {
  GameParamsSchema,
  HintBodySchema,
  HintSchema,
  PracticeBodySchema,
  PracticeCreatedSchema,
  PracticeSchema,
} from '@zilch/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refusals, refused, type RouteConfig } from '../http/routes/games.ts';
import type { PracticeService } from './service.ts';

/** The practice routes (docs/server.md, "Practice"). */
export function practiceRoutes(
  practice: PracticeService,
  costly: RouteConfig,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/practice',
      {
        // A new table with a bot: the budget of routes that make work.
        config: costly,
        schema: {
          tags: ['practice'],
          summary: 'Start a practice game against a bot (never rated; hints allowed)',
          body: PracticeBodySchema,
          response: { 201: PracticeCreatedSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await practice.create(req.body);
        return r.ok ? reply.code(201).send(r.value) : refused(reply, r.error);
      },
    );

    app.get(
      '/api/games/:id/practice',
      {
        schema: {
          tags: ['practice'],
          summary: "A practice game's seat, bot and hints used (409 NOT_PRACTICE for other tables)",
          params: GameParamsSchema,
          response: { 200: PracticeSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await practice.get(req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/games/:id/hint',
      {
        // A hint asks the coach: the budget of the advice route.
        config: costly,
        schema: {
          tags: ['practice'],
          summary: "The coach for the practising seat's decision now; counted once per decision",
          params: GameParamsSchema,
          body: HintBodySchema,
          response: { 200: HintSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await practice.hint(req.params.id, req.body.token);
        if (r.ok) return r.value;
        if (r.error.code === 'BUSY') void reply.header('retry-after', '5');
        return refused(reply, r.error);
      },
    );
  };
}
