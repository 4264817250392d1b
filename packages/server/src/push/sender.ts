// One notification out: encrypted for the browser (RFC 8291, aes128gcm) and signed for the push
// service (VAPID, RFC 8292) by `web-push`, then POSTed with node:https through agents whose
// `lookup` checks every address it hands the socket (endpoint.ts), with a deadline, so a slow
// push service holds one queue slot for at most `timeoutMs`. Redirects are never followed.
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import type { PushTarget } from '../store/push-store.ts';
import { checkBeforeConnect, guardedLookup, type EndpointPolicy } from './endpoint.ts';

/** The server's VAPID identity. */
export interface Vapid {
  /** mailto: or https: contact the push services may use. */
  readonly subject: string;
  readonly publicKey: string;
  readonly privateKey: string;
}

/** What became of one notification: delivered, the subscription is gone (404/410), or failed. */
export type SendResult = 'sent' | 'gone' | 'failed';

/** Makes a new VAPID key pair (base64url P-256 keys). */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

/**
 * Connections to push services under one policy: keep-alive agents (one TLS handshake serves
 * many pushes) whose every new socket goes only to an address the policy allows.
 */
export class PushTransport {
  readonly https: HttpsAgent;
  readonly http: HttpAgent;

  constructor(readonly policy: EndpointPolicy) {
    this.https = new HttpsAgent({
      keepAlive: true,
      lookup: guardedLookup(policy.resolve, 'public'),
    });
    this.http = new HttpAgent({
      keepAlive: true,
      lookup: guardedLookup(policy.resolve, 'loopback'),
    });
  }

  /** Closes idle connections. */
  close(): void {
    this.https.destroy();
    this.http.destroy();
  }
}

/**
 * Encrypts, signs and sends one payload to one subscription within `timeoutMs`. Rejects with
 * EndpointRefused when the endpoint or an address its name resolves to is not allowed; nothing
 * is sent then.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: Vapid,
  o: { timeoutMs: number; ttlSeconds: number; transport: PushTransport },
): Promise<SendResult> {
  const { url } = checkBeforeConnect(target.endpoint, o.transport.policy);
  const d = webpush.generateRequestDetails(
    { endpoint: url.href, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    { vapidDetails: vapid, TTL: o.ttlSeconds, urgency: 'high', contentEncoding: 'aes128gcm' },
  );
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.headers)) headers[k] = String(v);
  const https = url.protocol === 'https:';
  const status = await new Promise<number>((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)(
      url,
      {
        method: d.method,
        headers,
        agent: https ? o.transport.https : o.transport.http,
        signal: AbortSignal.timeout(o.timeoutMs),
      },
      (res) => {
        // The answer's body says nothing we use; read it away so the socket can be reused.
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(d.body ?? undefined);
  });
  if (status === 404 || status === 410) return 'gone';
  return status >= 200 && status < 300 ? 'sent' : 'failed';
}
