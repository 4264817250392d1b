import {
  AccuracyTrendSchema,
  ErrorBodySchema,
  GameAccuracySchema,
  GameParamsSchema,
  PlayerIdParamsSchema,
} from '@zilch/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnalysisService } from './service.ts';

const refusals = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;

/** The analysis routes (docs/server.md, "Accuracy"): a game's accuracy, a player's trend. */
export function analysisRoutes(
  analysis: AnalysisService,
  costly: { rateLimit: { max: number; timeWindow: number } },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/games/:id/accuracy',
      {
        // A first analysis asks the coach about every decision: it shares the costly budget.
        config: costly,
        schema: {
          tags: ['analysis'],
          summary: "A finished game's accuracy per seat and its graded decisions",
          params: GameParamsSchema,
          response: { 200: GameAccuracySchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await analysis.game(req.params.id);
        if (r.ok) return r.value;
        if (r.error.code === 'BUSY') void reply.header('retry-after', '5');
        return reply.code(r.error.status).send({ code: r.error.code, message: r.error.message });
      },
    );

    app.get(
      '/api/players/:id/accuracy',
      {
        schema: {
          tags: ['analysis'],
          summary: "An account's accuracy per preset over its analysed games, newest first",
          params: PlayerIdParamsSchema,
          response: { 200: AccuracyTrendSchema, ...refusals },
        },
      },
      async (req) => analysis.trend(req.params.id),
    );
  };
}
