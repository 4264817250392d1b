// Web Push: the notifications an account may allow ("your move", an invitation, a game over),
// quiet hours, and this device's subscription. Routes live under /api/account/push (session cookie).
import { z } from 'zod';
import { GameIdSchema } from './moves.ts';

/** What a notification is about. */
export const PushKindSchema = z
  .enum(['your-move', 'invitation', 'game-over', 'challenge', 'tournament'])
  .describe(
    'your-move: a table waits for you; invitation: a rematch offered to you; game-over; challenge: someone challenges you; tournament: your next tournament game is ready',
  );

/** What a notification is about. */
export type PushKind = z.infer<typeof PushKindSchema>;

/** Whether the runtime knows a time zone name (IANA, e.g. Europe/Paris). */
function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const minuteOfDay = z.number().int().min(0).max(1439).describe('Minutes after local midnight');

/** What an account wants pushed, and when not. */
export const PushSettingsSchema = z
  .object({
    kinds: z.array(PushKindSchema).max(5),
    quietHours: z
      .object({ from: minuteOfDay, to: minuteOfDay })
      .nullable()
      .describe(
        'Notifications due in [from, to) local time are dropped (the in-app list keeps them)',
      ),
    timeZone: z.string().min(1).max(64).refine(isTimeZone, 'an IANA time zone, e.g. Europe/Paris'),
  })
  .strict()
  .meta({ id: 'PushSettings' });

/** What an account wants pushed. */
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/** `GET /api/account/push`: the server's VAPID public key, the settings, the devices subscribed. */
export const PushStatusSchema = z.object({
  publicKey: z.string().describe('VAPID application server key, base64url'),
  settings: PushSettingsSchema,
  devices: z.number().int().min(0).describe('Push subscriptions of this account'),
});

/** `GET /api/account/push` answer. */
export type PushStatus = z.infer<typeof PushStatusSchema>;

const b64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, 'base64url');

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: b64url.max(200), auth: b64url.max(64) }),
});

/** `POST /api/account/push/subscriptions` body. */
export const PushSubscribeBodySchema = z.object({ subscription: PushSubscriptionSchema }).strict();

/** `POST /api/account/push/subscriptions` body. */
export type PushSubscribeBody = z.infer<typeof PushSubscribeBodySchema>;

/** `POST /api/account/push/unsubscribe` body: the endpoint this device stops receiving on. */
export const PushUnsubscribeBodySchema = z.object({ endpoint: z.url().max(2048) }).strict();

/** The JSON a notification carries (encrypted, RFC 8291); the service worker shows it. */
export const PushPayloadSchema = z
  .object({
    kind: PushKindSchema,
    gameId: GameIdSchema,
    title: z.string(),
    body: z.string(),
    url: z.string().describe('Page to open on a click'),
  })
  .meta({ id: 'PushPayload' });

/** The JSON a notification carries. */
export type PushPayload = z.infer<typeof PushPayloadSchema>;
