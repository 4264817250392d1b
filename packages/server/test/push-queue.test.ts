// Sending never holds up the game path: the push queue runs a bounded number of sends at once,
// drops work beyond its bound, and a push service that never answers costs one slot for at most
// the send's deadline.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PushEndpoint } from '@zilch/testkit';
import { describe, expect, it } from 'vitest';
import { WorkQueue } from '../src/push/queue.ts';
import { newVapidKeys, sendPush } from '../src/push/sender.ts';

describe('the push queue', () => {
  it('runs at most `concurrency` jobs at once and refuses work beyond its bound', async () => {
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const q = new WorkQueue(2, 3, () => undefined);
    const job = () =>
      new Promise<void>((r) => {
        running += 1;
        most = Math.max(most, running);
        release.push(() => {
          running -= 1;
          r();
        });
      });
    // Two start, three wait, the sixth is refused.
    const taken = Array.from({ length: 6 }, () => q.add(job));
    expect(taken).toEqual([true, true, true, true, true, false]);
    expect(running).toBe(2);
    while (release.length > 0) {
      release.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await q.idle();
    expect(most).toBe(2);
  });

  it('reports a failed job and goes on', async () => {
    const errors: unknown[] = [];
    const q = new WorkQueue(1, 10, (e) => errors.push(e));
    let after = false;
    q.add(() => Promise.reject(new Error('push service down')));
    q.add(async () => {
      after = true;
    });
    await q.idle();
    expect(errors).toHaveLength(1);
    expect(after).toBe(true);
  });
});

describe('one send', () => {
  const vapid = { subject: 'mailto:test@localhost', ...newVapidKeys() };

  it('gives up on a push service that never answers at its deadline', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    const keysFrom = await PushEndpoint.start();
    const sub = keysFrom.subscription();
    const t0 = Date.now();
    await expect(
      sendPush({ endpoint: `http://127.0.0.1:${port}/x`, ...sub.keys }, '{}', vapid, {
        timeoutMs: 300,
        ttlSeconds: 60,
      }),
    ).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(5_000);
    silent.closeAllConnections();
    silent.close();
    await keysFrom.close();
  });

  it('tells a gone subscription (410) from a delivered one', async () => {
    const push = await PushEndpoint.start();
    const live = push.subscription();
    const dead = push.subscription();
    push.gone.add(dead.endpoint);
    const send = (s: typeof live) =>
      sendPush({ endpoint: s.endpoint, ...s.keys }, '{"hello":1}', vapid, {
        timeoutMs: 2_000,
        ttlSeconds: 60,
      });
    expect(await send(live)).toBe('sent');
    expect(await send(dead)).toBe('gone');
    expect(push.for(live.endpoint).map((p) => p.payload)).toEqual([{ hello: 1 }]);
    await push.close();
  });
});
