import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { GameService } from '../games/service.ts';
import type { RatingService } from '../ratings/service.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { trustFunction } from './client-ip.ts';
import { installErrorHandling } from './errors.ts';
import { redactUrl, TOKEN_REDACT_PATHS, tokenInQuery } from './redact.ts';
import { lazyDocs } from './lazy-docs.ts';
import { accountRoutes, type AccountRouteOptions } from './routes/account.ts';
import type { ChatService } from '../chat/service.ts';
import { gameRoutes, type RouteConfig } from './routes/games.ts';
import { shedRefusal } from '../memory-guard.ts';
import { metaRoutes } from './routes/meta.ts';
import { ratingRoutes } from './routes/ratings.ts';
import { analysisRoutes } from '../analysis/routes.ts';
import type { AnalysisService } from '../analysis/service.ts';
import { practiceRoutes } from '../practice/routes.ts';
import type { PracticeService } from '../practice/service.ts';
import { botApiRoutes, type BotApiRouteDeps } from '../botapi/routes.ts';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
// Fastify's types spell the factories in Ajv's terms; at run time any compiler will do, as with
// setValidatorCompiler.
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** The Swagger UI's policy: as the app's, plus inline styles. */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; object-src 'none'; base-uri 'self'";

/** The request as logged: Fastify's fields, with token query values blanked. */
function requestForLog(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Whether a request is a health check (/healthz or /readyz, any query). */
function isHealthCheck(req: { url: string }): boolean {
  const path = req.url.split('?', 1)[0];
  return path === '/healthz' || path === '/readyz';
}

/**
 * Fastify's request lines, except for health checks: a load balancer or monitor asks every few
 * seconds, so each check is one line at debug (not two at info) and a failing one still shows.
 */
class QuietHealthChecks extends LogController {
  override incomingRequest(req: FastifyRequest, reply: FastifyReply): void {
    if (!isHealthCheck(req)) super.incomingRequest(req, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!isHealthCheck(req) || error) return super.requestCompleted(error, req, reply);
    const line = { res: reply, responseTime: reply.elapsedTime };
    if (reply.statusCode < 500) reply.log.debug(line, 'health check');
    else reply.log.info(line, 'health check failed');
  }
}

/** Builds the Fastify app: API, OpenAPI docs, limits, health, metrics and the web build. */
export async function buildApp(
  config: Config,
  logger: Logger,
  service: GameService,
  metrics: Metrics,
  ready: () => Promise<boolean>,
  identity: Pick<
    AccountRouteOptions,
    'accounts' | 'sessions' | 'secret' | 'push' | 'match' | 'social' | 'puzzles' | 'bots'
  >,
  ratings: RatingService,
  chat: ChatService,
  /** Whether memory is short (memory-guard.ts): the costly routes then answer BUSY. */
  pressed: () => boolean = () => false,
  analysis?: AnalysisService,
  practice?: PracticeService,
  /** The bearer-token bot API (botapi/). */
  botApi?: BotApiRouteDeps,
): Promise<FastifyInstance> {
  const web = config.webDir ?? fileURLToPath(new URL('../../../web/dist/', import.meta.url));
  const spa = existsSync(join(web, 'index.html'));
  // Naming the zod compilers as the factories (not only setting them below) keeps Fastify from
  // loading Ajv and fast-json-stringify, some 300 modules, at startup only to replace them.
  const options = { schemaController: { compilersFactory: ZOD_COMPILERS } };
  // Fastify keeps the serializers of the logger it is given: this `req` one writes URLs with any
  // token query value blanked, and headers that carry tokens are redacted wherever they are logged.
  const httpLog = logger.child(
    {},
    {
      serializers: { req: requestForLog },
      redact: { paths: [...TOKEN_REDACT_PATHS], censor: '[redacted]' },
    },
  );
  const base = Fastify({
    loggerInstance: httpLog as FastifyBaseLogger,
    trustProxy: trustFunction(config.trustProxy),
    bodyLimit: config.bodyLimit,
    return503OnClosing: true,
    logController: new QuietHealthChecks(),
    ...options,
  });
  base.setValidatorCompiler(validatorCompiler);
  base.setSerializerCompiler(serializerCompiler);
  installErrorHandling(base, spa);
  const app = base.withTypeProvider<ZodTypeProvider>();

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // The app has no inline script or stylesheet; React's `style` props go through the CSSOM,
        // which style-src does not govern. The favicon is a data: URL.
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        // Servers on a LAN address over plain HTTP are a supported setup: no forced upgrade.
        'upgrade-insecure-requests': null,
      },
    },
    frameguard: { action: 'deny' },
    // An invite link's secret sits in the fragment, never sent; no referrer leaks even the path.
    referrerPolicy: { policy: 'no-referrer' },
  });
  // Limits are decided on the matched route, never on the raw URL: `/%61pi/games` matches
  // `/api/games` and is counted like it. The key is the client address Fastify derives under
  // `trustProxy`.
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (req) => !(req.routeOptions.url ?? '').startsWith('/api/'),
  });
  // Every refusal is counted by its code (zilch_refusals_total); error bodies are small JSON.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      const code = /^\{"code":"([A-Z_]+)"/.exec(payload)?.[1];
      if (code) metrics.refusals.inc({ code });
    }
    return payload;
  });
  // Under memory pressure the costly routes (advice, new tables, rematches, bot matches) are
  // refused before any work: cheap, and what grows memory stops growing.
  app.addHook('onRequest', async (req, reply) => {
    const c = req.routeOptions.config as Partial<RouteConfig> | undefined;
    if (c?.shed && pressed()) return reply.code(503).header('retry-after', '30').send(shedRefusal);
  });
  // Seat tokens travel in headers or bodies: one in an API URL is refused, not silently used.
  app.addHook('onRequest', async (req, reply) => {
    if ((req.routeOptions.url ?? '').startsWith('/api/') && tokenInQuery(req.url)) {
      return reply.code(400).send({
        code: 'BAD_REQUEST',
        message:
          'Tokens never go in a URL: send `Authorization: Bearer <token>` (or `X-Zilch-Tokens` to list games).',
      });
    }
  });
  // The docs are built on their first request, not at startup (lazy-docs.ts).
  lazyDocs(base, ['/api/openapi.json', '/api/docs', '/api/docs/'], options, async (docs) => {
    const { default: swagger } = await import('@fastify/swagger');
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await docs.register(swagger, {
      openapi: {
        info: {
          title: 'Zilch API',
          description:
            'Tables, actions, history, fairness and accounts (passkeys, session cookie). Real-time play is over socket.io: see docs/protocol.md. Bots play over plain HTTP with an API token (`Authorization: Bearer`): see docs/bot-api.md.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'A bot API token' },
          },
        },
      },
      transform: jsonSchemaTransform,
      // Schemas with an id (GameView, GameState, …) become components the routes refer to.
      transformObject: jsonSchemaTransformObject,
    });
    // Swagger UI styles its widgets with inline <style> text: its pages get their own policy.
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });
    docs.get('/api/openapi.json', { schema: { hide: true } }, async () => docs.swagger());
  });

  // Routes that make the server work (a new table, bots, a solve) get a tighter budget of their own.
  const costly = { rateLimit: { max: config.costlyPerMinute, timeWindow: 60_000 }, shed: true };
  await app.register(gameRoutes(service, chat, metrics, config.testDice, costly));
  await app.register(metaRoutes(metrics, ready, config.metrics, costly));
  await app.register(ratingRoutes(ratings));
  if (analysis) await app.register(analysisRoutes(analysis, costly));
  if (practice) await app.register(practiceRoutes(practice, costly));
  if (botApi) await app.register(botApiRoutes(botApi));
  await app.register(
    accountRoutes({
      ...identity,
      relyingParty: config.relyingParty,
      allowedOrigins: [...(config.allowedOrigins ?? []), ...(config.relyingParty.origins ?? [])],
      auth: { rateLimit: { max: config.authPerMinute, timeWindow: 60_000 } },
      costly,
      guestsPerIpHour: config.guestsPerIpHour,
    }),
  );

  if (spa) {
    await app.register(fastifyStatic, {
      root: web,
      wildcard: false,
      // scripts/build-web.mjs writes .br and .gz beside each text file: served as is, no CPU spent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite names every file under assets/ by its content hash, so a browser may keep it for
        // good; index.html and the rest must be checked again to pick up a new build.
        res.setHeader(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  return base;
}
