// Push that only reaches push services (issue 23, item 1). Traffic goes to loopback only: a local
// https listener on this machine must see no connection for any loopback spelling. The private,
// link-local, CGNAT and metadata forms are checked on the classifier and, with a stubbed
// resolver, on the connect-time check: the stub's answer is refused before any socket connects,
// so nothing is sent anywhere.
import { createServer as createHttpsServer } from 'node:https';
import type { LookupAddress } from 'node:dns';
import { connect, type AddressInfo, type Server } from 'node:net';
import { PushEndpoint } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { addressKind } from '../src/push/address.ts';
import {
  checkEndpoint,
  DEFAULT_PUSH_HOSTS,
  EndpointRefused,
  hostAllowed,
  parseHostList,
  systemResolver,
  type EndpointPolicy,
  type Resolver,
} from '../src/push/endpoint.ts';
import { isP256Point } from '../src/push/keys.ts';
import { newVapidKeys, PushTransport, sendPush } from '../src/push/sender.ts';

const vapid = { subject: 'mailto:test@localhost', ...newVapidKeys() };

/** A resolver that answers from a table and records what it was asked; never asks DNS. */
function stub(table: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const r = async (host: string): Promise<LookupAddress[]> => {
    asked.push(host);
    const found = table[host];
    if (!found) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(r, { asked });
}

type Lookup = (
  host: string,
  o: { all?: boolean },
  cb: (e: Error | null, a: string | LookupAddress[], f?: number) => void,
) => void;
type Connects = { createConnection: (o: { lookup: Lookup }, cb: unknown) => unknown };

/**
 * Fences a transport for tests whose stub resolver names private addresses: an address the
 * guard hands a socket that is not loopback is recorded and replaced by 127.0.0.1, so even a
 * broken guard sends nothing off this machine. The guard's own refusal passes through.
 */
function fence(transport: PushTransport): string[] {
  const handed: string[] = [];
  const local = (address: string) => (addressKind(address) === 'loopback' ? address : '127.0.0.1');
  for (const agent of [transport.https, transport.http] as unknown as Connects[]) {
    const original = agent.createConnection.bind(agent);
    agent.createConnection = (o, cb) =>
      original(
        {
          ...o,
          lookup: (host, lo, done) =>
            o.lookup(host, lo, (e, a, f) => {
              if (e) return done(e, a, f);
              const all = typeof a === 'string' ? [{ address: a, family: f ?? 4 }] : a;
              for (const x of all)
                if (addressKind(x.address) !== 'loopback') handed.push(x.address);
              if (typeof a === 'string') done(null, local(a), 4);
              else
                done(
                  null,
                  all.map((x) => ({ address: local(x.address), family: 4 })),
                );
            }),
        },
        cb,
      );
  }
  return handed;
}

/** The refusal code a promise rejects with (or 'resolved'). */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    return e instanceof EndpointRefused ? e.code : `other: ${String(e)}`;
  }
}

const keys = { p256dh: '', auth: '' };
beforeAll(async () => {
  const ep = await PushEndpoint.start();
  Object.assign(keys, ep.subscription().keys);
  await ep.close();
});

describe('the address classifier', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['64:ff9b::a00:1', 'reserved'],
    ['2002:a00:1::', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2a00:1450:4001:80b::200a', 'public'],
    ['not-an-address', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe('the host allow-list', () => {
  it("accepts the browsers' push services by default, and nothing that only looks like them", () => {
    for (const h of [
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      'wns2-by3p.notify.windows.com',
      'FCM.googleapis.com.',
    ])
      expect(hostAllowed(h, DEFAULT_PUSH_HOSTS), h).toBe(true);
    for (const h of [
      'push.apple.com',
      'evilpush.apple.com',
      'web.push.apple.com.evil.example',
      'fcm.googleapis.com.evil.example',
      'localhost',
      '127.0.0.1',
      '[::1]',
      'metadata.google.internal',
    ])
      expect(hostAllowed(h, DEFAULT_PUSH_HOSTS), h).toBe(false);
  });

  it('is read from ZILCH_PUSH_HOSTS, canonical, and a bad entry stops the server', () => {
    expect(parseHostList(' Push.Example , *.svc.example,127.1,::1, *')).toEqual({
      ok: true,
      hosts: ['push.example', '*.svc.example', '127.0.0.1', '[::1]', '*'],
    });
    const c = loadConfig({ ZILCH_PUSH_HOSTS: 'push.example, *.svc.example' });
    expect(c.ok && c.config.push.hosts).toEqual(['push.example', '*.svc.example']);
    const d = loadConfig({});
    expect(d.ok && d.config.push.hosts).toEqual(DEFAULT_PUSH_HOSTS);
    for (const bad of ['https://push.example', 'push.example:443', '*.', 'a/b', ' , ', '*.*.x']) {
      const r = loadConfig({ ZILCH_PUSH_HOSTS: bad });
      expect(r.ok, bad).toBe(false);
      expect(!r.ok && r.message, bad).toContain('ZILCH_PUSH_HOSTS');
    }
  });
});

describe('the subscribe-time check (stubbed resolver: nothing is sent)', () => {
  const dns = stub({
    'push.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'metadata.google.internal': ['169.254.169.254'],
    'half.example': ['93.184.215.14', '10.0.0.1'],
    'cgnat.example': ['100.64.1.1'],
    'multi.example': ['ff02::1'],
    'ula.example': ['fd00:ec2::254'],
    'zero.example': ['0.0.0.0'],
    'mapped.example': ['::ffff:192.168.0.1'],
  });
  const policy: EndpointPolicy = { hosts: ['*'], allowHttpLoopback: false, resolve: dns };
  const check = (endpoint: string, p = policy) => refusal(checkEndpoint(endpoint, p));

  it('passes a name whose every address is public', async () => {
    expect(await check('https://push.example/send/abc')).toBe('resolved');
  });

  it.each([
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://half.example/x',
    'https://cgnat.example/x',
    'https://multi.example/x',
    'https://ula.example/x',
    'https://zero.example/x',
    'https://mapped.example/x',
    'https://nowhere.example/x',
  ])('refuses %s (an address that is not public, or none)', async (endpoint) => {
    expect(await check(endpoint)).toBe('PUSH_ENDPOINT_ADDRESS');
  });

  it.each([
    'https://10.0.0.1/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00::1]/x',
    'https://[fe80::1]/x',
    'https://100.64.0.1/x',
    'https://0.0.0.0/x',
    'https://[::ffff:a9fe:a9fe]/x',
  ])('refuses %s written as an address, without a lookup', async (endpoint) => {
    const before = dns.asked.length;
    expect(await check(endpoint)).toBe('PUSH_ENDPOINT_ADDRESS');
    expect(dns.asked.length).toBe(before);
  });

  it('refuses hosts off the allow-list, http, and credentials, before any lookup', async () => {
    const strict = { ...policy, hosts: [...DEFAULT_PUSH_HOSTS] };
    const before = dns.asked.length;
    expect(await check('https://push.example/x', strict)).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    expect(await check('https://metadata.google.internal/x', strict)).toBe(
      'PUSH_ENDPOINT_NOT_ALLOWED',
    );
    expect(await check('http://push.example/x')).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    expect(await check('https://user:pw@push.example/x')).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    expect(await check('ftp://push.example/x')).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    expect(dns.asked.length).toBe(before);
  });
});

describe('the connect-time check', () => {
  let tls: Server;
  const extra: Server[] = [];
  let port = 0;
  let connections = 0;
  const count = (s: Server) => s.on('connection', (c) => ((connections += 1), c.destroy()));

  beforeAll(async () => {
    // An https listener (no certificate needed: it counts connections, and must see none).
    tls = count(createHttpsServer({}));
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    port = (tls.address() as AddressInfo).port;
    // The same port on 127.0.0.2 and ::1, so those spellings would land too.
    for (const host of ['127.0.0.2', '::1']) {
      const s = count(createHttpsServer({}));
      await new Promise<void>((r, j) => s.once('error', j).listen(port, host, r));
      extra.push(s);
    }
  });
  afterAll(async () => {
    for (const s of [tls, ...extra]) await new Promise((r) => s.close(r));
  });

  it('the listeners do count a connection made to them', async () => {
    const before = connections;
    for (const host of ['127.0.0.1', '127.0.0.2', '::1']) {
      const sock = connect(port, host);
      await new Promise((r) => sock.once('close', r).once('error', r));
    }
    expect(connections - before).toBe(3);
    connections = 0;
  });

  it.each([
    'localhost',
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f.0.0.1',
    '127.0.0.2',
    '[::1]',
    '[::ffff:127.0.0.1]',
  ])(
    'sends nothing to https://%s (allow-listed), at subscribe time nor at send time',
    async (host) => {
      // Every spelling is on the allow-list here, so only the address check stands in the way;
      // `localhost` is looked up by the system (the hosts file, no outside resolver).
      const policy = { hosts: ['*'], allowHttpLoopback: true, resolve: systemResolver };
      const endpoint = `https://${host}:${port}/push/1`;
      expect(await refusal(checkEndpoint(endpoint, policy))).toBe('PUSH_ENDPOINT_ADDRESS');
      const transport = new PushTransport(policy);
      const sent = sendPush({ endpoint, ...keys }, '{}', vapid, {
        timeoutMs: 2_000,
        ttlSeconds: 60,
        transport,
      });
      expect(await refusal(sent)).toBe('PUSH_ENDPOINT_ADDRESS');
      transport.close();
      expect(connections).toBe(0);
    },
  );

  it('checks the addresses it connects to, not those seen at subscribe time (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding: Resolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    };
    const policy = { hosts: ['push.example'], allowHttpLoopback: false, resolve: rebinding };
    const endpoint = `https://push.example:${port}/push/1`;
    expect(await refusal(checkEndpoint(endpoint, policy))).toBe('resolved');
    const transport = new PushTransport(policy);
    const sent = sendPush({ endpoint, ...keys }, '{}', vapid, {
      timeoutMs: 2_000,
      ttlSeconds: 60,
      transport,
    });
    expect(await refusal(sent)).toBe('PUSH_ENDPOINT_ADDRESS');
    transport.close();
    expect(calls).toBe(2);
    expect(connections).toBe(0);
  });

  it.each([
    ['metadata.google.internal', ['169.254.169.254']],
    ['private.example', ['10.0.0.1']],
    ['mixed.example', ['93.184.215.14', '192.168.1.10']],
    ['cgnat.example', ['100.64.0.1']],
    ['ula.example', ['fd00:ec2::254']],
  ])('refuses %s → %j at connect time (stub: nothing connects)', async (host, addresses) => {
    const dns = stub({ [host]: addresses });
    const transport = new PushTransport({ hosts: ['*'], allowHttpLoopback: false, resolve: dns });
    const handed = fence(transport);
    const sent = sendPush({ endpoint: `https://${host}/x`, ...keys }, '{}', vapid, {
      timeoutMs: 2_000,
      ttlSeconds: 60,
      transport,
    });
    expect(await refusal(sent)).toBe('PUSH_ENDPOINT_ADDRESS');
    // The refusal came from the socket's own lookup: the address it would have connected to.
    expect(dns.asked).toEqual([host]);
    expect(handed).toEqual([]);
    transport.close();
  });

  it('lets the tests-only http endpoints reach loopback only, never an https one', async () => {
    const push = await PushEndpoint.start();
    const sub = push.subscription();
    const dns = stub({ 'private.example': ['10.0.0.1'] });
    const policy = { hosts: ['*'], allowHttpLoopback: true, resolve: dns };
    const transport = new PushTransport(policy);
    const o = { timeoutMs: 2_000, ttlSeconds: 60, transport };
    const handed = fence(transport);
    expect(await sendPush({ endpoint: sub.endpoint, ...sub.keys }, '{"a":1}', vapid, o)).toBe(
      'sent',
    );
    expect(push.for(sub.endpoint)).toHaveLength(1);
    // http to a private name is refused at connect time; https to the loopback service too.
    expect(
      await refusal(sendPush({ endpoint: 'http://private.example/x', ...keys }, '{}', vapid, o)),
    ).toBe('PUSH_ENDPOINT_ADDRESS');
    expect(handed).toEqual([]);
    const https = sub.endpoint.replace('http:', 'https:');
    expect(await refusal(sendPush({ endpoint: https, ...sub.keys }, '{}', vapid, o))).toBe(
      'PUSH_ENDPOINT_ADDRESS',
    );
    // Without the tests-only flag, http is refused outright.
    const strict = new PushTransport({ ...policy, allowHttpLoopback: false });
    expect(
      await refusal(
        sendPush({ endpoint: sub.endpoint, ...sub.keys }, '{}', vapid, { ...o, transport: strict }),
      ),
    ).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    expect(push.for(sub.endpoint)).toHaveLength(1);
    transport.close();
    strict.close();
    await push.close();
  });
});

describe('the keys', () => {
  it('takes a P-256 point and nothing else of its length', () => {
    expect(isP256Point(keys.p256dh)).toBe(true);
    const off = Buffer.from(keys.p256dh, 'base64url');
    off[64] = (off[64] as number) ^ 1;
    expect(isP256Point(off.toString('base64url'))).toBe(false);
    const noPrefix = Buffer.from(keys.p256dh, 'base64url');
    noPrefix[0] = 5;
    expect(isP256Point(noPrefix.toString('base64url'))).toBe(false);
    expect(isP256Point(Buffer.alloc(65, 4).toString('base64url'))).toBe(false);
    expect(isP256Point(Buffer.alloc(33, 2).toString('base64url'))).toBe(false);
  });
});
