import Fastify, {
  type FastifyInstance,
  type InjectOptions,
  type FastifyServerOptions,
  type HTTPMethods,
  type RouteOptions,
} from 'fastify';

/** What a route looks like to the API docs: where it is and its schema, not what it does. */
type RouteShape = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

/**
 * Serves the API docs (OpenAPI document and Swagger UI) from a second Fastify instance built on
 * the first request under one of `prefixes`, not at startup: @fastify/swagger, its UI and their
 * YAML writer are hundreds of modules that readiness does not need.
 *
 * The app's routes are recorded as they are added and replayed, without their handlers, into
 * the docs instance, where `setup` registers the docs plugins exactly as it would on the app.
 * Call it on the root instance before any route is added.
 */
export function lazyDocs(
  app: FastifyInstance,
  prefixes: readonly string[],
  options: Pick<FastifyServerOptions, 'schemaController'>,
  setup: (docs: FastifyInstance) => Promise<void>,
): void {
  const ours = (url: string) => prefixes.some((p) => url.startsWith(p));
  const routes: RouteShape[] = [];
  app.addHook('onRoute', (r) => {
    // HEAD twins are made again by the docs instance itself.
    if (ours(r.url) || r.method === 'HEAD') return;
    routes.push({ method: r.method, url: r.url, schema: r.schema, config: r.config });
  });

  let built: Promise<FastifyInstance> | null = null;
  const build = async (): Promise<FastifyInstance> => {
    const docs = Fastify({ ...options, logger: false });
    await setup(docs);
    for (const r of routes) docs.route({ ...r, handler: async () => null });
    await docs.ready();
    return docs;
  };

  for (const prefix of prefixes) {
    app.route({
      method: ['GET', 'HEAD'] satisfies HTTPMethods[],
      url: prefix.endsWith('/') ? `${prefix}*` : prefix,
      exposeHeadRoute: false,
      schema: { hide: true },
      handler: async (req, reply) => {
        // A failed build is not kept: the next request tries again.
        built ??= build().catch((e: unknown) => {
          built = null;
          throw e;
        });
        const docs = await built;
        const res = await docs.inject({
          method: req.method as InjectOptions['method'],
          url: req.url,
          headers: req.headers,
        });
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
        }
        return reply.code(res.statusCode).send(res.rawPayload);
      },
    });
  }
}

/** Headers that describe one connection, not the answer; the outer reply sets its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
]);
