// The client's address as HTTP routes and sockets see it, believing only the configured proxies.
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Which forwarding hops to trust, as Fastify's `trustProxy` reads it. */
export type TrustProxy = boolean | number | string[];

/** The trust function Fastify builds from the same setting, so sockets and routes agree. */
export function trustFunction(tp: TrustProxy): (addr: string, hop: number) => boolean {
  if (tp === true) return () => true;
  if (tp === false) return () => false;
  if (typeof tp === 'number') return (_addr, hop) => hop < tp;
  return proxyAddr.compile(tp);
}

/** The address a raw request came from: the socket's peer unless a trusted proxy forwarded it. */
export function clientIp(
  req: IncomingMessage,
  trust: (addr: string, hop: number) => boolean,
): string {
  try {
    return proxyAddr(req, trust);
  } catch {
    // A destroyed socket has no address: one shared bucket is the safe side.
    return req.socket.remoteAddress ?? 'unknown';
  }
}
