import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody, ErrorCode } from '@zilch/protocol';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A refusal body; the code must be one of the protocol's. */
const body = (code: ErrorCode, message: string): ErrorBody => ({ code, message });

/** Every failure leaves as a 4xx/5xx `{ code, message }`: validation, bad JSON, size, rate limit, unknown route. */
export function installErrorHandling(app: FastifyInstance, spa: boolean): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const detail = err.validation
        .slice(0, 5)
        .map((v) => `${where}${v.instancePath.replaceAll('/', '.')}: ${v.message}`)
        .join('; ');
      return reply.code(400).send(body('BAD_REQUEST', `Invalid request: ${detail}`));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send(body('RATE_LIMITED', 'Too many requests; slow down.'));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(body('PAYLOAD_TOO_LARGE', 'The request body is too large.'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return reply.code(400).send(body('BAD_JSON', 'The request body is not valid JSON.'));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body('BAD_REQUEST', err.message || 'Bad request.'));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(body('INTERNAL', 'Something went wrong on the server.'));
  });
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes of the web app: every non-API GET that is no file gets the app shell.
    const api = req.url.startsWith('/api/') || req.url.startsWith('/socket.io');
    if (spa && req.method === 'GET' && !api) return reply.sendFile('index.html');
    return reply
      .code(404)
      .send(body('NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0]}.`));
  });
}
