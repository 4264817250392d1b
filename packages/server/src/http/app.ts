import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
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
import type { Metrics } from '../metrics/metrics.ts';
import { installErrorHandling } from './errors.ts';
import { gameRoutes } from './routes/games.ts';
import { metaRoutes } from './routes/meta.ts';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
// Fastify's types spell the factories in Ajv's terms; at run time any compiler will do, as with
// setValidatorCompiler.
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the Fastify app: API, OpenAPI docs, limits, health, metrics and the web build. */
export async function buildApp(
  config: Config,
  logger: Logger,
  service: GameService,
  metrics: Metrics,
  ready: () => Promise<boolean>,
): Promise<FastifyInstance> {
  const web = config.webDir ?? fileURLToPath(new URL('../../../web/dist/', import.meta.url));
  const spa = existsSync(join(web, 'index.html'));
  const base = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimit,
    return503OnClosing: true,
    // Naming the zod compilers as the factories (not only setting them below) keeps Fastify from
    // loading Ajv and fast-json-stringify, some 300 modules, at startup only to replace them.
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  base.setValidatorCompiler(validatorCompiler);
  base.setSerializerCompiler(serializerCompiler);
  installErrorHandling(base, spa);
  const app = base.withTypeProvider<ZodTypeProvider>();

  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (req) => !req.url.startsWith('/api/'),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Zilch API',
        description:
          'Tables, actions, history and fairness. Real-time play is over socket.io: see docs/protocol.md.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (GameView, GameState, …) become components the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(gameRoutes(service, metrics, config.testDice));
  await app.register(metaRoutes(metrics, ready));

  if (spa) {
    await app.register(fastifyStatic, { root: web, wildcard: false });
  }
  return base;
}
