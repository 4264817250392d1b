// Tournament routes under /api/account/tournaments (inside the account routes: session cookie
// and its same-origin check). Reading needs no account; creating, joining and leaving do.
import {
  TournamentBodySchema,
  TournamentEditSchema,
  TournamentHistorySchema,
  TournamentLobbySchema,
  TournamentParamsSchema,
  TournamentPlayerParamsSchema,
  TournamentSchema,
  TournamentSeatSchema,
  TournamentTablesSchema,
} from '@zilch/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOnly, type CurrentUser } from '../http/account-only.ts';
import { refusals, refused, type RouteConfig } from '../http/routes/games.ts';
import type { TournamentService } from './service.ts';

const WHAT = 'Tournaments';
const tags = ['tournaments'];

/** The tournament routes (docs/tournaments-module.md). */
export function tournamentRoutes(
  tournaments: TournamentService,
  current: CurrentUser,
  costly: RouteConfig,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/account/tournaments',
      {
        schema: {
          tags,
          summary: 'The lobby: open and running tournaments, then recently finished ones',
          response: { 200: TournamentLobbySchema, ...refusals },
        },
      },
      () => tournaments.lobby(),
    );

    app.post(
      '/api/account/tournaments',
      {
        config: costly,
        schema: {
          tags,
          summary: 'Create a tournament (you are its first entrant); a few a day',
          body: TournamentBodySchema,
          response: { 200: TournamentSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        const r = await tournaments.create(me, req.body);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.get(
      '/api/account/tournaments/tables',
      {
        schema: {
          tags,
          summary: 'Your tournament games in play now (the in-app notice of a game ready)',
          response: { 200: TournamentTablesSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        return tournaments.tables(me);
      },
    );

    app.get(
      '/api/account/tournaments/player/:userId',
      {
        schema: {
          tags,
          summary: "A player's tournaments, newest first, with the place in each finished one",
          params: TournamentPlayerParamsSchema,
          response: { 200: TournamentHistorySchema, ...refusals },
        },
      },
      (req) => tournaments.history(req.params.userId),
    );

    app.get(
      '/api/account/tournaments/:id',
      {
        schema: {
          tags,
          summary: 'One tournament: entrants, games (spectate), standings, and your part',
          params: TournamentParamsSchema,
          response: { 200: TournamentSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await tournaments.get(req.params.id, await current(req));
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    const acts = [
      ['join', 'Join an open tournament (a full one starts at once)'],
      ['leave', 'Leave a tournament before it starts'],
      ['start', 'The creator starts it now (bots fill empty seats if allowed)'],
      ['cancel', 'The creator cancels it before it starts (refused once it has started)'],
    ] as const;
    for (const [act, summary] of acts)
      app.post(
        `/api/account/tournaments/:id/${act}`,
        {
          config: costly,
          schema: {
            tags,
            summary,
            params: TournamentParamsSchema,
            response: { 200: TournamentSchema, ...refusals },
          },
        },
        async (req, reply) => {
          const me = await accountOnly(current, req, reply, WHAT);
          if (!me) return reply;
          const r = await tournaments[act](me, req.params.id);
          return r.ok ? r.value : refused(reply, r.error);
        },
      );

    app.post(
      '/api/account/tournaments/:id/edit',
      {
        schema: {
          tags,
          summary: 'The creator renames it or moves its start (refused once it starts)',
          params: TournamentParamsSchema,
          body: TournamentEditSchema,
          response: { 200: TournamentSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        const r = await tournaments.edit(me, req.params.id, req.body);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/account/tournaments/:id/seat',
      {
        schema: {
          tags,
          summary: 'Your seat at your table of the current round (a fresh token for this device)',
          params: TournamentParamsSchema,
          response: { 200: TournamentSeatSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        const r = await tournaments.seat(me, req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );
  };
}
