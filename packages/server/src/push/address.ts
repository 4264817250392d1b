// What kind of address a push endpoint's name resolves to. A push is sent only to `public`
// addresses: everything else (the server's own machine, its private network, the cloud's
// metadata service, multicast) is where a forged request would do harm. Ranges from the IANA
// special-purpose registries (RFC 6890 and its updates).
import { BlockList, isIP } from 'node:net';

/** Where an address points, as far as sending a request there is concerned. */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'reserved'
  | 'invalid';

type Range = readonly [address: string, prefix: number];

const RANGES: Record<Exclude<AddressKind, 'public' | 'invalid'>, { v4: Range[]; v6: Range[] }> = {
  unspecified: { v4: [['0.0.0.0', 8]], v6: [['::', 128]] },
  loopback: { v4: [['127.0.0.0', 8]], v6: [['::1', 128]] },
  private: {
    v4: [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
    // Unique local (fc00::/7) and the deprecated site-local fec0::/10.
    v6: [
      ['fc00::', 7],
      ['fec0::', 10],
    ],
  },
  'link-local': { v4: [['169.254.0.0', 16]], v6: [['fe80::', 10]] },
  cgnat: { v4: [['100.64.0.0', 10]], v6: [] },
  multicast: { v4: [['224.0.0.0', 4]], v6: [['ff00::', 8]] },
  reserved: {
    v4: [
      ['192.0.0.0', 24], // IETF protocol assignments
      ['192.0.2.0', 24], // documentation
      ['192.88.99.0', 24], // 6to4 relay anycast
      ['198.18.0.0', 15], // benchmarking
      ['198.51.100.0', 24], // documentation
      ['203.0.113.0', 24], // documentation
      ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
    ],
    v6: [
      // ::/8 minus what is classified above: IPv4-compatible (::a.b.c.d) and the rest.
      ['::', 8],
      ['64:ff9b::', 96], // NAT64: may translate to any IPv4 address, private ones too
      ['64:ff9b:1::', 48], // local-use NAT64
      ['100::', 64], // discard
      ['2001::', 23], // IETF protocol assignments (Teredo among them)
      ['2001:db8::', 32], // documentation
      ['2002::', 16], // 6to4: embeds any IPv4 address
      ['3fff::', 20], // documentation
      ['5f00::', 16], // segment routing
    ],
  },
};

// Checked in this order: the more specific kinds before `reserved` (whose ::/8 covers :: and ::1).
const ORDER = [
  'unspecified',
  'loopback',
  'private',
  'link-local',
  'cgnat',
  'multicast',
  'reserved',
] as const;

// One list per kind and family: a BlockList also matches IPv4 addresses against IPv6 rules (as
// ::ffff:a.b.c.d, inside ::/8), so the families are kept apart.
const LISTS = ORDER.map((kind) => {
  const v4 = new BlockList();
  const v6 = new BlockList();
  for (const [a, p] of RANGES[kind].v4) v4.addSubnet(a, p, 'ipv4');
  for (const [a, p] of RANGES[kind].v6) v6.addSubnet(a, p, 'ipv6');
  return { kind, v4, v6 };
});

/**
 * The kind of an IP address (dotted IPv4 or IPv6, brackets allowed). An IPv4-mapped IPv6
 * address (::ffff:a.b.c.d) is the IPv4 address it carries.
 */
export function addressKind(address: string): AddressKind {
  let a = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // A zone (fe80::1%eth0) names an interface, not a different address.
  a = a.split('%')[0] as string;
  const family = isIP(a);
  if (family === 0) return 'invalid';
  if (family === 4) return kindOf(a, 'ipv4');
  // The URL parser writes every spelling of an IPv6 address one way: ::ffff:7f00:1, not
  // ::ffff:127.0.0.1 or 0:0:0:0:0:ffff:7f00:1.
  const canonical = new URL(`http://[${a}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return kindOf(canonical, 'ipv6');
  const n = (parseInt(mapped[1] as string, 16) << 16) | parseInt(mapped[2] as string, 16);
  return kindOf([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), 'ipv4');
}

/** The first kind whose ranges hold the address, else public. */
function kindOf(a: string, type: 'ipv4' | 'ipv6'): AddressKind {
  for (const l of LISTS) if ((type === 'ipv4' ? l.v4 : l.v6).check(a, type)) return l.kind;
  return 'public';
}
