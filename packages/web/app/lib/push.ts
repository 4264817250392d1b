// Web Push on this device: the account's notification settings, and this browser's push
// subscription (made with the server's VAPID key, handed to the server, dropped on request).
import type { PushSettings, PushStatus } from '@zilch/protocol';
import { call } from './api.ts';
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
  try {
    const reg = await navigator.serviceWorker.ready;
    const sub = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64url(publicKey),
    });
    return call<PushStatus>('POST', '/api/account/push/subscriptions', {
      subscription: sub.toJSON(),
    });
  } catch (_e) {
    return err('PUSH_FAILED', 'The browser’s push service could not be reached. Try again later.');
  }
}

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
