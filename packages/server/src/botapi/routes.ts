// Bot API routes (docs/bot-api.md). Under /api/account/bot, on the session cookie: make this a
// bot account, and make, list and revoke API tokens (the profile page). Under /api/bot, on
// `Authorization: Bearer <token>`: the event and game streams, moves, and challenges. The /api/bot
// routes are limited per token (service.ts), not by the per-address budget of the other routes.
import {
  BotAccountSchema,
  BotAiBodySchema,
  BotEventSchema,
  BotGameLineSchema,
  BotGameParamsSchema,
  BotGameStreamHeadersSchema,
  BotGameStartSchema,
  BotLeaderboardQuerySchema,
  BotLeaderboardSchema,
  BotMeSchema,
  BotMoveBodySchema,
  BotProfileParamsSchema,
  BotProfileSchema,
  BotMovedSchema,
  BotStreamHeadersSchema,
  BotStreamQuerySchema,
  BotTokenParamsSchema,
  ChallengeBodySchema,
  ChallengeParamsSchema,
  ChallengeSchema,
  MakeBotBodySchema,
  NewBotTokenBodySchema,
  NewBotTokenSchema,
  bearerToken,
  type BotScope,
} from '@zilch/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChallengeService } from '../challenges/service.ts';
import type { GameService } from '../games/service.ts';
import { accountOnly, type CurrentUser } from '../http/account-only.ts';
import { refusals, refused } from '../http/routes/games.ts';
import { houseBotOf } from './house.ts';
import type { BotApiService, BotCaller } from './service.ts';
import { eventStream, gameStream, type GameWatch } from './streams.ts';
import { streamFormat } from './wire.ts';

/** A stream's 200 answer in the OpenAPI document: the same lines as NDJSON or server-sent events. */
function streamed<S>(schema: S, description: string) {
  return {
    description,
    content: {
      'application/x-ndjson': { schema },
      'text/event-stream': { schema },
    },
  };
}

const WHAT = 'API tokens';

/** The profile's bot routes under /api/account/bot (session cookie; accounts only). */
export function botAccountRoutes(api: BotApiService, current: CurrentUser): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['bot accounts'];
    app.get(
      '/api/account/bot',
      {
        schema: {
          tags,
          summary: 'Whether this is a bot account, and its API tokens (never their secrets)',
          response: { 200: BotAccountSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        return me ? api.account(me) : reply;
      },
    );

    app.post(
      '/api/account/bot',
      {
        schema: {
          tags,
          summary: 'Make this a bot account, for good (it then plays only through the bot API)',
          body: MakeBotBodySchema,
          response: { 200: BotAccountSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        return me ? api.makeBot(me) : reply;
      },
    );

    app.post(
      '/api/account/bot/tokens',
      {
        schema: {
          tags,
          summary: 'Make an API token with scopes; its secret is in this answer only',
          body: NewBotTokenBodySchema,
          response: { 200: NewBotTokenSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        const r = await api.newToken(me, req.body);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.delete(
      '/api/account/bot/tokens/:id',
      {
        schema: {
          tags,
          summary: 'Revoke an API token: its calls are refused and its streams end at once',
          params: BotTokenParamsSchema,
          response: { 200: BotAccountSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const me = await accountOnly(current, req, reply, WHAT);
        if (!me) return reply;
        const r = await api.revoke(me, req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );
  };
}

/** What the /api/bot routes need. */
export interface BotApiRouteDeps {
  readonly api: BotApiService;
  readonly games: GameService;
  readonly challenges: ChallengeService;
  readonly watch: GameWatch;
}

const PLAY: BotScope = 'bot:play';
const CHALLENGE: BotScope = 'challenge:write';
const ANY: readonly BotScope[] = ['bot:play', 'challenge:write', 'read'];

/** The bearer-token routes under /api/bot. */
export function botApiRoutes(d: BotApiRouteDeps): FastifyPluginAsyncZod {
  const { api } = d;
  /** The caller, or null once a refusal is sent. */
  const caller = async (
    req: FastifyRequest,
    reply: FastifyReply,
    scope: BotScope | readonly BotScope[],
  ): Promise<BotCaller | null> => {
    const r = await api.authorize(bearerToken(req.headers.authorization), scope);
    if (r.ok) return r.value;
    if (r.error.code === 'RATE_LIMITED') void reply.header('retry-after', '1');
    await refused(reply, r.error);
    return null;
  };
  // Streams answer on the raw response (hijacked); so does their refusal past the cap.
  const tooManyStreams = (reply: FastifyReply) => {
    reply.raw.writeHead(429, { 'content-type': 'application/json; charset=utf-8' });
    reply.raw.end(
      JSON.stringify({
        code: 'TOO_MANY_STREAMS',
        message: `At most ${api.limits.streams} streams open at once per token.`,
      }),
    );
  };
  // Limited per token by the service instead of per address: many bots may share one address.
  const config = { rateLimit: false as const };
  const security = [{ bearer: [] }];

  return async (app) => {
    const tags = ['bot api'];
    app.get(
      '/api/bot/account',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Who the token speaks for, its scopes and limits',
          response: { 200: BotMeSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const c = await caller(req, reply, ANY);
        if (!c) return reply;
        return {
          id: c.user.id,
          name: c.user.name ?? 'Bot',
          bot: c.bot,
          scopes: [...c.scopes],
          limits: { actionsPerSecond: api.limits.actionsPerSecond, games: api.limits.games },
        };
      },
    );

    app.get(
      '/api/bot/leaderboard',
      {
        schema: {
          tags,
          summary:
            'The bot ladder of a preset: bot accounts by rating in rated games (no token needed)',
          querystring: BotLeaderboardQuerySchema,
          response: { 200: BotLeaderboardSchema, ...refusals },
        },
      },
      async (req) => api.leaderboard(req.query.preset),
    );

    app.get(
      '/api/bot/players/:id',
      {
        schema: {
          tags,
          summary:
            "A bot's page: its ratings on the bot ladder per preset and its newest games (no token needed)",
          params: BotProfileParamsSchema,
          response: { 200: BotProfileSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const r = await api.profile(req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.get(
      '/api/bot/stream/event',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            'Stream of challenges to you and your games starting and ending (one BotEvent a line; server-sent events with Accept: text/event-stream)',
          headers: BotStreamHeadersSchema,
          response: {
            200: streamed(
              BotEventSchema,
              'One BotEvent a line (NDJSON), or one an event (text/event-stream, no ids)',
            ),
            ...refusals,
          },
        },
      },
      async (req, reply) => {
        const c = await caller(req, reply, ANY);
        if (!c) return reply;
        reply.hijack();
        if (!eventStream(d, c, reply.raw, streamFormat(req.headers.accept))) tooManyStreams(reply);
        return reply;
      },
    );

    app.get(
      '/api/bot/game/stream/:id',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            'Stream of one of your games: the full state first (or every change after ?since=N or Last-Event-ID: N), then each change with its sequence number (NDJSON, or server-sent events with Accept: text/event-stream)',
          params: BotGameParamsSchema,
          querystring: BotStreamQuerySchema,
          headers: BotGameStreamHeadersSchema,
          response: {
            200: streamed(
              BotGameLineSchema,
              'One BotGameLine a line (NDJSON), or one an event whose id is its seq (text/event-stream)',
            ),
            204: z
              .null()
              .describe(
                'Server-sent events resumed past the end of a finished game: nothing more (EventSource stops)',
              ),
            ...refusals,
          },
        },
      },
      async (req, reply) => {
        const c = await caller(req, reply, [PLAY, 'read']);
        if (!c) return reply;
        const seat = await api.seatOf(c.user, req.params.id);
        if (!seat.ok) return refused(reply, seat.error);
        const since = req.query.since ?? req.headers['last-event-id'];
        const format = streamFormat(req.headers.accept);
        // An EventSource reconnects by itself whenever a stream ends; 204 is what stops it, so a
        // resume past the end of a finished game gets that instead of the last line again.
        if (format === 'sse' && since !== undefined) {
          const snap = await d.games.snapshot(req.params.id);
          if (snap?.record.status === 'over' && since >= snap.record.seq)
            return reply.code(204).send(null);
        }
        reply.hijack();
        if (!gameStream(d, c, req.params.id, seat.value, since, reply.raw, format))
          tooManyStreams(reply);
        return reply;
      },
    );

    app.post(
      '/api/bot/game/:id/move',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            'Play a move (roll, keep, bank, inherit, fresh); a retry with the same clientId is applied once',
          params: BotGameParamsSchema,
          body: BotMoveBodySchema,
          response: { 200: BotMovedSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const c = await caller(req, reply, PLAY);
        if (!c) return reply;
        const r = await api.move(c.user, req.params.id, req.body);
        if (r.ok) return r.value;
        if (r.error.status === 409) d.watch.resync(req.params.id);
        return refused(reply, r.error);
      },
    );

    app.post(
      '/api/bot/challenge/ai',
      {
        config,
        schema: {
          tags,
          security,
          summary: "Play one of the server's bots now: the game starts at once, you take seat 0",
          body: BotAiBodySchema,
          response: { 200: BotGameStartSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const c = await caller(req, reply, PLAY);
        if (!c) return reply;
        const r = await api.playAi(c.user, req.body);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/bot/challenge',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            'Challenge an account (a person or a bot) to a rule set; a built-in bot (`zilch-<level>`) accepts at once',
          body: ChallengeBodySchema,
          response: { 200: ChallengeSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const c = await caller(req, reply, CHALLENGE);
        if (!c) return reply;
        // A built-in bot accepts at once: the game starts now, so the bot's cap on games counts.
        if (c.bot && 'userId' in req.body.to && houseBotOf(req.body.to.userId)) {
          const room = await api.roomForGame(c.user);
          if (!room.ok) return refused(reply, room.error);
        }
        const r = await d.challenges.create(c.user, req.body);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );

    app.post(
      '/api/bot/challenge/:id/accept',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Accept a challenge to you: the game starts, with your seat',
          params: ChallengeParamsSchema,
          response: { 200: BotGameStartSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const c = await caller(req, reply, [CHALLENGE, PLAY]);
        if (!c) return reply;
        if (c.bot) {
          const room = await api.roomForGame(c.user);
          if (!room.ok) return refused(reply, room.error);
        }
        const r = await d.challenges.accept(c.user, req.params.id);
        return r.ok ? { gameId: r.value.gameId, seat: r.value.seat } : refused(reply, r.error);
      },
    );

    app.post(
      '/api/bot/challenge/:id/decline',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Decline a challenge to you, or take back one you sent',
          params: ChallengeParamsSchema,
          response: { 200: ChallengeSchema, ...refusals },
        },
      },
      async (req, reply) => {
        const c = await caller(req, reply, [CHALLENGE, PLAY]);
        if (!c) return reply;
        const r = await d.challenges.decline(c.user, req.params.id);
        return r.ok ? r.value : refused(reply, r.error);
      },
    );
  };
}
