import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** Every failure leaves as a 4xx/5xx `{ code, message }`: validation, bad JSON, size, rate limit, unknown route. */
export function installErrorHandling(app: FastifyInstance, spa: boolean): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const detail = err.validation
        .slice(0, 5)
        .map((v) => `${where}${v.instancePath.replaceAll('/', '.')}: ${v.message}`)
        .join('; ');
      return reply.code(400).send({ code: 'BAD_REQUEST', message: `Invalid request: ${detail}` });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .code(429)
        .send({ code: 'RATE_LIMITED', message: 'Too many requests; slow down.' });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .send({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return reply
        .code(400)
        .send({ code: 'BAD_JSON', message: 'The request body is not valid JSON.' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: 'BAD_REQUEST', message: err.message });
    }
    req.log.error({ err }, 'request failed');
    return reply
      .code(500)
      .send({ code: 'INTERNAL', message: 'Something went wrong on the server.' });
  });
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes of the web app: every non-API GET that is no file gets the app shell.
    const api = req.url.startsWith('/api/') || req.url.startsWith('/socket.io');
    if (spa && req.method === 'GET' && !api) return reply.sendFile('index.html');
    return reply
      .code(404)
      .send({ code: 'NOT_FOUND', message: `No route ${req.method} ${req.url.split('?')[0]}.` });
  });
}
