import {
  ActedSchema,
  ActionBodySchema,
  ClaimBodySchema,
  ClaimedSchema,
  CreatedSchema,
  CreateGameBodySchema,
  ErrorBodySchema,
  GameExportSchema,
  GameListSchema,
  GameParamsSchema,
  GameViewSchema,
  JoinedTableSchema,
  JoinTableBodySchema,
  ListGamesQuerySchema,
  LogAnswerSchema,
  PlayerParamsSchema,
  PlayerStatsSchema,
  RematchBodySchema,
  RematchedSchema,
  TestDiceAnswerSchema,
  TestDiceBodySchema,
  TokenHeadersSchema,
  VerificationSchema,
  VerifyQuerySchema,
  bearerToken,
  type ErrorBody,
} from '@zilch/protocol';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChatService } from '../../chat/service.ts';
import type { ServiceError } from '../../games/errors.ts';
import type { GameService } from '../../games/service.ts';
import type { Metrics } from '../../metrics/metrics.ts';

/** Route options of the costly routes (their own, tighter rate limit; `shed` under memory pressure). */
export type RouteConfig = { rateLimit: { max: number; timeWindow: number }; shed?: boolean };

/** Every refusal leaves as `{ code, message }`; declared per status class so OpenAPI shows it. */
export const refusals = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema } as const;

/** Sends a service refusal with its mapped status. */
export function refused(reply: FastifyReply, e: ServiceError) {
  const body: ErrorBody = { code: e.code, message: e.message };
  return reply.code(e.status).send(body);
}

/** The game routes of docs/protocol.md. */
export function gameRoutes(
  service: GameService,
  chat: ChatService,
  metrics: Metrics,
  testDice: boolean,
  costly: RouteConfig,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/games',
      {
        config: costly,
        schema: {
          tags: ['games'],
          summary: 'Create a table',
          body: CreateGameBodySchema,
          response: { 201: CreatedSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await service.create(req.body);
        if (!r.ok) return refused(reply, r.error);
        if (req.body.chatFilter === false) await chat.configure(r.value.gameId, false);
        metrics.gamesCreated.inc();
        return reply.code(201).send(r.value);
      },
    );

    app.get(
      '/api/games',
      {
        schema: {
          tags: ['games'],
          summary: 'List games (lobby, history)',
          querystring: ListGamesQuerySchema,
          headers: TokenHeadersSchema,
          response: { 200: GameListSchema, ...refusals },
        },
      },
      async (req) => {
        const q = req.query;
        const tokens = req.headers['x-zilch-tokens'];
        const games = await service.list({
          ...(q.status ? { status: q.status === 'finished' ? 'over' : 'active' } : {}),
          ...(q.player ? { player: q.player } : {}),
          // Without tokens only tables that chose the public lobby are listed.
          ...(tokens !== undefined
            ? {
                tokens: tokens
                  .split(',')
                  .map((t) => t.trim())
                  .filter(Boolean)
                  .slice(0, 50),
              }
            : { publicOnly: true }),
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
          params: GameParamsSchema,
          headers: TokenHeadersSchema,
          response: { 200: GameViewSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await service.viewFor(req.params.id, bearerToken(req.headers.authorization));
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/games/:id/claim',
      {
        schema: {
          tags: ['games'],
          summary: 'Take a seat under a display name',
          params: GameParamsSchema,
          body: ClaimBodySchema,
          response: { 200: ClaimedSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const b = req.body;
        const r = await service.claim(req.params.id, b.token, b.name, b.seed);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/games/:id/join',
      {
        // Its budget, but never shed under memory pressure: taking a seat makes nothing big.
        config: { rateLimit: costly.rateLimit },
        schema: {
          tags: ['games'],
          summary: 'Take the first free seat of a public table (the lobby); answers its new token',
          params: GameParamsSchema,
          body: JoinTableBodySchema,
          response: { 200: JoinedTableSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await service.takeOpenSeat(req.params.id, req.body.name);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/games/:id/actions',
      {
        schema: {
          tags: ['games'],
          summary: 'Play an action (same as the socket `action`)',
          params: GameParamsSchema,
          body: ActionBodySchema,
          response: { 200: ActedSchema, ...refusals },
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
        if (!r.ok) return refused(reply, r.error);
        return { seq: r.value.seq, events: r.value.events, view: r.value.view };
      },
    );

    app.post(
      '/api/games/:id/rematch',
      {
        config: costly,
        schema: {
          tags: ['games'],
          summary: 'Start a new game with the same rules and seats',
          params: GameParamsSchema,
          body: RematchBodySchema,
          response: { 201: RematchedSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await service.rematch(req.params.id, req.body.token);
        return r.ok ? reply.code(201).send(r.value) : refused(reply, r.error);
      },
    );

    app.get(
      '/api/games/:id/log',
      {
        schema: {
          tags: ['history'],
          summary: 'Full replay data of a game',
          params: GameParamsSchema,
          response: { 200: LogAnswerSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await service.log(req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.get(
      '/api/games/:id/export',
      {
        schema: {
          tags: ['fairness'],
          summary: 'Fairness export for `zilch verify`',
          params: GameParamsSchema,
          response: { 200: GameExportSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await service.export(req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.get(
      '/api/games/:id/verify',
      {
        schema: {
          tags: ['fairness'],
          summary:
            'Check a finished game against the commitment you saw: seed, rules, every roll, the replay to the end, the result and the hash chain',
          params: GameParamsSchema,
          querystring: VerifyQuerySchema,
          response: { 200: VerificationSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await service.verify(req.params.id, req.query.commitment);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.get(
      '/api/players/:name/stats',
      {
        schema: {
          tags: ['history'],
          summary: "A player's statistics over finished games",
          params: PlayerParamsSchema,
          response: { 200: PlayerStatsSchema, ...refusals },
        },
      },
      async (req) => service.stats(req.params.name),
    );

    if (testDice) {
      app.post(
        '/api/test/games/:id/dice',
        {
          schema: {
            hide: true,
            params: GameParamsSchema,
            body: TestDiceBodySchema,
            response: { 200: TestDiceAnswerSchema, ...refusals },
          },
        },
        async (req, reply) => {
          const r = await service.queueTestDice(req.params.id, req.body.rolls);
          return r.ok ? r.value : refused(reply, r.error);
        },
      );
    }
  };
}
