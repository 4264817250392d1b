// Web Push on this device: the account's notification settings, and this browser's push
// subscription (made with the server's VAPID key, handed to the server, dropped on request).
import type { PushSettings, PushStatus } from '@zilch/protocol';
import { call } from './http.ts';
import { err, type Result } from './result.ts';

/** Whether this browser can receive Web Push at all (a service worker, PushManager, notifications). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The server's key, the account's settings and how many devices are subscribed. */
export const pushStatus = () => call<PushStatus>('GET', '/api/account/push');

/** Saves which notifications to send and the quiet hours. */
export const savePushSettings = (s: PushSettings) =>
  call<PushStatus>('POST', '/api/account/push/settings', s);

/** This browser's current push subscription, if any. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Asks for permission, subscribes this browser and tells the server. */
export async function enablePush(publicKey: string): Promise<Result<PushStatus>> {
  if (!pushSupported()) return err('UNSUPPORTED', 'This browser cannot receive notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    return err(
      'DENIED',
      'Notifications are blocked for this site: allow them in the browser’s site settings.',
    );
  // `ready` waits forever when no service worker is installed (private mode, a blocked script):
  // without a limit the button stayed busy and the player was told nothing (issue 22).
  const reg = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_MS)),
  ]);
  if (!reg)
    return err(
      'PUSH_FAILED',
      'Notifications could not be set up: this page’s background worker is not running. Reload the page and try again.',
    );
  let sub: PushSubscription;
  try {
    sub = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64url(publicKey),
    });
  } catch (_e) {
    return err('PUSH_FAILED', 'The browser’s push service could not be reached. Try again later.');
  }
  const r = await call<PushStatus>('POST', '/api/account/push/subscriptions', {
    subscription: sub.toJSON(),
  });
  // The server refused it: drop the browser's half too, so the switch and the truth agree.
  if (!r.ok) await sub.unsubscribe().catch(() => false);
  return r;
}

/** How long to wait for the service worker before saying notifications cannot be set up. */
const READY_MS = 8000;

/** Unsubscribes this browser and tells the server. */
export async function disablePush(): Promise<Result<PushStatus>> {
  const sub = await deviceSubscription();
  if (!sub) return pushStatus();
  const endpoint = sub.endpoint;
  await sub.unsubscribe().catch(() => false);
  return call<PushStatus>('POST', '/api/account/push/unsubscribe', { endpoint });
}

function fromBase64url(s: string): Uint8Array<ArrayBuffer> {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(new ArrayBuffer(b.length));
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}
