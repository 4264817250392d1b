import {
  GameParamsSchema,
  GameRatingSchema,
  LeaderboardQuerySchema,
  LeaderboardSchema,
  PlayerIdParamsSchema,
  PlayerRatingsSchema,
} from '@zilch/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RatingService } from '../../ratings/service.ts';
import { refusals } from './games.ts';

/** The public rating routes (docs/protocol.md): leaderboard, a player's ratings, a game's rating. */
export function ratingRoutes(ratings: RatingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/leaderboard',
      {
        schema: {
          tags: ['ratings'],
          summary: 'Leaderboard of a preset: settled ratings, and provisional ones apart',
          querystring: LeaderboardQuerySchema,
          response: { 200: LeaderboardSchema, ...refusals },
        },
      },
      async (req) => ratings.leaderboard(req.query.preset, req.query.limit),
    );

    app.get(
      '/api/players/:id/ratings',
      {
        schema: {
          tags: ['ratings'],
          summary: "An account's ratings per preset and its rating history",
          params: PlayerIdParamsSchema,
          response: { 200: PlayerRatingsSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await ratings.player(req.params.id);
        return (
          r ?? reply.code(404).send({ code: 'NOT_FOUND', message: 'There is no such player.' })
        );
      },
    );

    app.get(
      '/api/games/:id/rating',
      {
        schema: {
          tags: ['ratings'],
          summary: 'Whether a table is rated, and the rating changes its end made',
          params: GameParamsSchema,
          response: { 200: GameRatingSchema, ...refusals },
        },
      },
      async (req) => ratings.game(req.params.id),
    );
  };
}
