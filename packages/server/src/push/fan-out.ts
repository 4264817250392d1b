// One payload to many subscriptions on the push queue: what a broadcast costs (`npm run bench`).
import type { PushTarget } from '../store/push-store.ts';
import { WorkQueue } from './queue.ts';
import { sendPush, type PushTransport, type Vapid } from './sender.ts';

/** Counts of one fan-out. */
export interface FanOut {
  sent: number;
  gone: number;
  failed: number;
}

/** Encrypts and sends `payload` to every target, `concurrency` at a time. */
export async function fanOut(
  targets: readonly PushTarget[],
  payload: string,
  vapid: Vapid,
  o: { concurrency: number; timeoutMs: number; ttlSeconds: number; transport: PushTransport },
): Promise<FanOut> {
  const out: FanOut = { sent: 0, gone: 0, failed: 0 };
  const work = new WorkQueue(o.concurrency, targets.length, () => (out.failed += 1));
  for (const t of targets) {
    work.add(async () => {
      out[await sendPush(t, payload, vapid, o)] += 1;
    });
  }
  await work.idle();
  return out;
}
