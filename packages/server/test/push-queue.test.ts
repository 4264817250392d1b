// Sending never holds up the game path: the push queue runs a bounded number of sends at once,
// drops work beyond its bound, and a push service that never answers costs one slot for at most
// the send's deadline.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PushEndpoint } from '@zilch/testkit';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkQueue } from '../src/push/queue.ts';
import { systemResolver } from '../src/push/endpoint.ts';
import { newVapidKeys, PushTransport, sendPush } from '../src/push/sender.ts';
import { MAX_DEVICES, PushService } from '../src/push/service.ts';
import type { PushStore } from '../src/store/push-store.ts';

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

const vapid = { subject: 'mailto:test@localhost', ...newVapidKeys() };

describe('one send', () => {
  // The test push services are plain http on loopback: what the tests-only policy lets through.
  const transport = new PushTransport({
    hosts: ['127.0.0.1'],
    allowHttpLoopback: true,
    resolve: systemResolver,
  });
  afterAll(() => transport.close());

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
        transport,
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
        transport,
      });
    expect(await send(live)).toBe('sent');
    expect(await send(dead)).toBe('gone');
    expect(push.for(live.endpoint).map((p) => p.payload)).toEqual([{ hello: 1 }]);
    await push.close();
  });

  it('follows no redirect', async () => {
    let followed = 0;
    const target = createServer((_req, res) => ((followed += 1), res.writeHead(201).end()));
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const to = `http://127.0.0.1:${(target.address() as AddressInfo).port}/push/x`;
    const moved = createServer((_req, res) => res.writeHead(307, { location: to }).end());
    await new Promise<void>((r) => moved.listen(0, '127.0.0.1', r));
    const push = await PushEndpoint.start();
    const sub = push.subscription();
    const from = `http://127.0.0.1:${(moved.address() as AddressInfo).port}/push/x`;
    const r = await sendPush({ endpoint: from, ...sub.keys }, '{}', vapid, {
      timeoutMs: 2_000,
      ttlSeconds: 60,
      transport,
    });
    expect(r).toBe('failed');
    expect(followed).toBe(0);
    for (const s of [target, moved]) s.close();
    await push.close();
  });
});

describe('the push service', () => {
  it('bounds the requests in flight over all jobs, and sends to at most MAX_DEVICES per user', async () => {
    let inFlight = 0;
    let most = 0;
    let received = 0;
    const slow = createServer((_req, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        received += 1;
        res.writeHead(201).end();
      }, 30);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const keysFrom = await PushEndpoint.start();
    // 30 stored (more than an account may keep): the store is asked for the newest MAX_DEVICES.
    const stored = Array.from({ length: 30 }, (_, i) => ({
      endpoint: `${base}/push/${i}`,
      ...keysFrom.subscription().keys,
    }));
    const limits: number[] = [];
    const store = {
      settings: async () => null,
      claim: async () => true,
      count: async () => stored.length,
      targets: async (_user: string, limit: number) => (limits.push(limit), stored.slice(0, limit)),
      unsubscribe: async () => undefined,
    } as unknown as PushStore;
    const push = new PushService({
      store,
      vapid,
      logger: pino({ level: 'silent' }),
      connected: () => new Set(),
      concurrency: 3,
      queue: 100,
      timeoutMs: 2_000,
      ttlSeconds: 60,
      endpoints: { hosts: ['127.0.0.1'], allowHttpLoopback: true, resolve: systemResolver },
    });
    // Three jobs at once, each for a user with MAX_DEVICES devices.
    for (const user of ['a', 'b', 'c']) push.notifyInvitation(user, 'g1');
    await push.idle();
    push.close();
    expect(limits).toEqual([MAX_DEVICES, MAX_DEVICES, MAX_DEVICES]);
    expect(received).toBe(3 * MAX_DEVICES);
    expect(most).toBe(3);
    slow.close();
    await keysFrom.close();
  });
});
