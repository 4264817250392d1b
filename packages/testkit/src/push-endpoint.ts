// A push service for tests, on this machine: it hands out browser-like subscriptions (an ECDH
// key pair and auth secret per subscription, made here), checks each request's VAPID JWT
// (RFC 8292, ES256 against the key the request names) and decrypts its body (RFC 8291,
// aes128gcm) with http_ece, as a browser would. No outside service.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- http_ece ships no types; the one call made here is typed below.
import * as ece from 'http_ece';

/** Decrypts an RFC 8188 body; for aes128gcm the sender's key comes from its header (RFC 8291). */
const decrypt = (ece as { decrypt: (b: Buffer, p: EceParams) => Buffer }).decrypt;

interface EceParams {
  version: 'aes128gcm';
  privateKey: ECDH;
  authSecret: string;
}

/** A subscription as a browser's `PushSubscription.toJSON()` gives it. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push the endpoint accepted: its decrypted payload and the VAPID claims it carried. */
export interface ReceivedPush {
  readonly endpoint: string;
  readonly payload: unknown;
  /** The VAPID public key (`k=`) the JWT was checked against. */
  readonly vapidKey: string;
  readonly claims: { aud: string; exp: number; sub: string };
  readonly ttl: number;
}

/** A request the endpoint refused, and why. */
export interface RefusedPush {
  readonly endpoint: string;
  readonly reason: string;
}

/** The JWT's claims if its ES256 signature verifies against the raw P-256 point `k`, else a reason. */
function checkVapid(authorization: string | undefined): ReceivedPush['claims'] & { k: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${authorization ?? '(none)'}`);
  const [jwt, k] = [m[1] as string, m[2] as string];
  const [head, body, sig] = jwt.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg ${String(header.alg)}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${head}.${body}`);
  const ok = verify(
    'sha256',
    signed,
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  if (!ok) throw new Error('JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  const now = Date.now() / 1000;
  // RFC 8292 §2: exp at most 24 hours ahead.
  if (!(claims.exp > now && claims.exp <= now + 86_400)) throw new Error(`bad exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`bad sub ${claims.sub}`);
  return { ...claims, k };
}

/** A local push service that decrypts what it is sent. */
export class PushEndpoint {
  readonly received: ReceivedPush[] = [];
  readonly refused: RefusedPush[] = [];
  /** Endpoints that answer 410 Gone (an expired subscription). */
  readonly gone = new Set<string>();
  private readonly keys = new Map<string, { ecdh: ECDH; auth: string }>();
  private count = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** Starts an endpoint on 127.0.0.1 (a free port); `delayMs` holds every answer (a slow service). */
  static async start(delayMs = 0): Promise<PushEndpoint> {
    let self: PushEndpoint | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = (status: number) => {
          const end = () => res.writeHead(status).end();
          if (delayMs > 0) setTimeout(end, delayMs);
          else end();
        };
        answer(self ? self.take(req.url ?? '', req.headers, Buffer.concat(chunks)) : 500);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    self = new PushEndpoint(server, `http://127.0.0.1:${port}`);
    return self;
  }

  /** A new subscription on this endpoint, with its own receiver key pair and auth secret. */
  subscription(): TestSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    this.count += 1;
    const endpoint = `${this.url}/push/${this.count}-${randomBytes(6).toString('hex')}`;
    this.keys.set(new URL(endpoint).pathname, { ecdh, auth });
    return {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    };
  }

  /** Pushes received for one subscription. */
  for(endpoint: string): ReceivedPush[] {
    return this.received.filter((r) => r.endpoint === endpoint);
  }

  /** Stops the endpoint. */
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  /** Checks and decrypts one request; answers the status to send. */
  private take(path: string, headers: Record<string, unknown>, body: Buffer): number {
    const endpoint = `${this.url}${path}`;
    if (this.gone.has(endpoint)) return 410;
    const keys = this.keys.get(path);
    if (!keys) return 404;
    try {
      if (headers['content-encoding'] !== 'aes128gcm')
        throw new Error(`content-encoding ${String(headers['content-encoding'])}`);
      const { k, ...claims } = checkVapid(headers.authorization as string | undefined);
      if (claims.aud !== this.url) throw new Error(`aud ${claims.aud} is not ${this.url}`);
      const plain = decrypt(body, {
        version: 'aes128gcm',
        privateKey: keys.ecdh,
        authSecret: keys.auth,
      });
      this.received.push({
        endpoint,
        payload: JSON.parse(plain.toString('utf8')) as unknown,
        vapidKey: k,
        claims,
        ttl: Number(headers.ttl),
      });
      return 201;
    } catch (e) {
      this.refused.push({ endpoint, reason: e instanceof Error ? e.message : String(e) });
      return 400;
    }
  }
}
