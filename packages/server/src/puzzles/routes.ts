// Puzzle routes (docs/puzzles.md), registered with the account routes: those that depend on who
// asks (next, an attempt, my rating) live under /api/account/puzzles, where the session cookie
// is read (an account's rating is kept here, a guest's on its device); the daily puzzle, a
// puzzle by id and the bank sizes are the same for everyone, under /api/puzzles. Attempts have
// their own per-address budget.
import {
  ErrorBodySchema,
  PuzzleAttemptBodySchema,
  PuzzleBanksSchema,
  PuzzleDailyQuerySchema,
  PuzzleMeSchema,
  PuzzleNextQuerySchema,
  PuzzleParamsSchema,
  PuzzleSchema,
  PuzzleVerdictSchema,
} from '@zilch/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CurrentUser } from '../http/account-only.ts';
import { refused, type RouteConfig } from '../http/routes/games.ts';
import { glickoFromWire, type PuzzleService } from './service.ts';

const refusals = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;

/** The puzzle routes: next, daily, one by id, an attempt, the solver's rating, bank sizes. */
export function puzzleRoutes(
  puzzles: PuzzleService,
  current: CurrentUser,
  attempts: RouteConfig,
): FastifyPluginAsyncZod {
  return async (app) => {
    const accountOf = async (req: Parameters<CurrentUser>[0]) => {
      const row = await current(req);
      return row?.kind === 'account' ? row.id : null;
    };

    app.get(
      '/api/account/puzzles/next',
      {
        schema: {
          tags: ['puzzles'],
          summary:
            "A puzzle near the solver's rating (an account's own, or a guest's device rating)",
          querystring: PuzzleNextQuerySchema,
          response: { 200: PuzzleSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOf(req);
        const { rating, ...o } = req.query;
        const r = await puzzles.next(o, me ? { account: me } : { rating });
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.get(
      '/api/puzzles/daily',
      {
        schema: {
          tags: ['puzzles'],
          summary: "Today's puzzle (UTC), the same for everyone",
          querystring: PuzzleDailyQuerySchema,
          response: { 200: PuzzleSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await puzzles.daily(req.query.preset);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.get(
      '/api/account/puzzles/me',
      {
        schema: {
          tags: ['puzzles'],
          summary: "The signed-in account's puzzle rating (a guest's is kept on its device)",
          response: { 200: PuzzleMeSchema, ...refusals },
        },
      },
      async (req) => puzzles.me(await accountOf(req)),
    );

    app.get(
      '/api/puzzles/banks',
      {
        schema: {
          tags: ['puzzles'],
          summary: "Each preset's number of puzzles",
          response: { 200: PuzzleBanksSchema, ...refusals },
        },
      },
      async () => ({ banks: await puzzles.banks() }),
    );

    app.get(
      '/api/puzzles/:id',
      {
        schema: {
          tags: ['puzzles'],
          summary: 'A puzzle by id (its options without their values)',
          params: PuzzleParamsSchema,
          response: { 200: PuzzleSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await puzzles.byId(req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/account/puzzles/:id/attempt',
      {
        config: attempts,
        schema: {
          tags: ['puzzles'],
          summary:
            'Answer a puzzle: right or wrong, every option with its win chance, and the ratings moved',
          params: PuzzleParamsSchema,
          body: PuzzleAttemptBodySchema,
          response: { 200: PuzzleVerdictSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOf(req);
        const { choice, guest } = req.body;
        const r = await puzzles.attempt(
          req.params.id,
          choice,
          me ? { account: me } : { guest: guest ? glickoFromWire(guest) : null },
        );
        return r.ok ? r.value : refused(reply, r.error);
      },
    );
  };
}
