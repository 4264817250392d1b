import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
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
import { lazyDocs } from './lazy-docs.ts';
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
  // Naming the zod compilers as the factories (not only setting them below) keeps Fastify from
  // loading Ajv and fast-json-stringify, some 300 modules, at startup only to replace them.
  const options = { schemaController: { compilersFactory: ZOD_COMPILERS } };
  const base = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimit,
    return503OnClosing: true,
    ...options,
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
  // The docs are built on their first request, not at startup (lazy-docs.ts).
  lazyDocs(base, ['/api/openapi.json', '/api/docs', '/api/docs/'], options, async (docs) => {
    const { default: swagger } = await import('@fastify/swagger');
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await docs.register(swagger, {
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
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
    docs.get('/api/openapi.json', { schema: { hide: true } }, async () => docs.swagger());
  });

  await app.register(gameRoutes(service, metrics, config.testDice));
  await app.register(metaRoutes(metrics, ready));

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
