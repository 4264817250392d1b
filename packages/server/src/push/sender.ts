// One notification out: encrypted for the browser (RFC 8291, aes128gcm) and signed for the push
// service (VAPID, RFC 8292) by `web-push`, then POSTed here with a deadline, so a slow push
// service holds one queue slot for at most `timeoutMs`.
import webpush from 'web-push';
import type { PushTarget } from '../store/push-store.ts';

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

/** Encrypts, signs and sends one payload to one subscription within `timeoutMs`. */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: Vapid,
  o: { timeoutMs: number; ttlSeconds: number },
): Promise<SendResult> {
  const d = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    { vapidDetails: vapid, TTL: o.ttlSeconds, urgency: 'high', contentEncoding: 'aes128gcm' },
  );
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.headers)) headers[k] = String(v);
  const res = await fetch(d.endpoint, {
    method: d.method,
    headers,
    body: d.body ?? undefined,
    signal: AbortSignal.timeout(o.timeoutMs),
    redirect: 'manual',
  });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return 'gone';
  return res.ok ? 'sent' : 'failed';
}
