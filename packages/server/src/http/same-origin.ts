// CSRF defence of the cookie-carrying routes: a state-changing request must come from a page of
// this site, as the browser's Origin header says (browsers send it on every cross-site request
// and on same-origin POST/DELETE; no page can forge it). SameSite=Strict on the cookie is the
// second wall.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@zilch/protocol';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An onRequest hook refusing (403 CSRF) unsafe requests whose Origin is not this site's (or one of `extra`). */
export function sameOrigin(extra: readonly string[]) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (SAFE.has(req.method)) return;
    const origin = req.headers.origin;
    // req.protocol and req.host follow X-Forwarded-* only from a trusted proxy (ZILCH_TRUST_PROXY).
    if (
      origin !== undefined &&
      (origin === `${req.protocol}://${req.host}` || extra.includes(origin))
    )
      return;
    const body: ErrorBody = {
      code: 'CSRF',
      message:
        'This request did not come from a page of this site (its Origin header is missing or foreign); reload the page and try again.',
    };
    return reply.code(403).send(body);
  };
}
