// Where a push may go: an https endpoint on a browser's push service (a host allow-list) whose
// every address is public. Checked when a browser subscribes and again, on the addresses really
// connected to, at every send (`guardedLookup`), so a name that resolves elsewhere later (DNS
// rebinding) still reaches nothing inside the server's network.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { ErrorCode } from '@zilch/protocol';
import { addressKind, type AddressKind } from './address.ts';

/**
 * The browsers' push services: Chrome (and Chromium browsers) FCM, Firefox (autopush), Safari
 * (APNs web push), Edge (WNS).
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** Resolves a host name to every address it has (dns.lookup by default: the system resolver). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

/** The system resolver, every address, in the order it gives them. */
export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/** Where pushes may go. */
export interface EndpointPolicy {
  /** Allowed hosts: exact names or addresses, `*.domain` (any name under it), or `*` (any). */
  readonly hosts: readonly string[];
  /** Tests only: http:// endpoints, which must resolve to loopback (a push service the test runs). */
  readonly allowHttpLoopback: boolean;
  readonly resolve: Resolver;
}

/** Why an endpoint is refused: a stable code and a sentence. */
export class EndpointRefused extends Error {
  constructor(
    readonly code: Extract<ErrorCode, 'PUSH_ENDPOINT_NOT_ALLOWED' | 'PUSH_ENDPOINT_ADDRESS'>,
    message: string,
  ) {
    super(message);
    this.name = 'EndpointRefused';
  }
}

/** What addresses an endpoint's scheme may reach. */
type Reach = 'public' | 'loopback';

/**
 * One allow-list entry in its canonical form (lowercase; an address as the URL parser writes
 * it: `127.1` is 127.0.0.1, an IPv6 address in brackets), or null when it is not a host.
 */
function hostPattern(entry: string): string | null {
  const raw = entry.trim().toLowerCase();
  if (raw === '*') return raw;
  const e = raw.replace(/\.$/, '');
  if (e.startsWith('*.')) {
    return /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(
      e.slice(2),
    )
      ? e
      : null;
  }
  const v6 = e.startsWith('[') && e.endsWith(']') ? e.slice(1, -1) : e;
  if (isIP(v6) === 6) return new URL(`https://[${v6}]/`).hostname;
  if (!/^[a-z0-9.-]+$/.test(e)) return null;
  try {
    // The URL parser's reading: 127.1, 2130706433 and 0x7f.0.0.1 are all 127.0.0.1.
    return new URL(`https://${e}/`).hostname;
  } catch {
    return null;
  }
}

/** Reads a comma-separated allow-list; the entries that are not hosts as the error. */
export function parseHostList(
  s: string,
): { ok: true; hosts: string[] } | { ok: false; bad: string[] } {
  const entries = s
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
  const bad = entries.filter((x) => hostPattern(x) === null);
  if (bad.length > 0 || entries.length === 0) return { ok: false, bad };
  return { ok: true, hosts: entries.map((x) => hostPattern(x) as string) };
}

/** Whether a URL's hostname (as `new URL` gives it) is on the allow-list. */
export function hostAllowed(hostname: string, hosts: readonly string[]): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return hosts.some((p) => p === '*' || p === h || (p.startsWith('*.') && h.endsWith(p.slice(1))));
}

/** Checks an endpoint's scheme and host (no lookup); what its addresses must be. */
export function checkEndpointUrl(
  endpoint: string,
  policy: EndpointPolicy,
): { url: URL; reach: Reach } {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused('PUSH_ENDPOINT_NOT_ALLOWED', 'A push endpoint must be a URL.');
  }
  const reach: Reach | null =
    url.protocol === 'https:'
      ? 'public'
      : url.protocol === 'http:' && policy.allowHttpLoopback
        ? 'loopback'
        : null;
  if (reach === null)
    throw new EndpointRefused(
      'PUSH_ENDPOINT_NOT_ALLOWED',
      'A push endpoint must be an https address.',
    );
  if (url.username !== '' || url.password !== '' || !hostAllowed(url.hostname, policy.hosts))
    throw new EndpointRefused(
      'PUSH_ENDPOINT_NOT_ALLOWED',
      "This push endpoint is not on a browser's push service that this server sends to.",
    );
  return { url, reach };
}

/** Whether an address kind may be connected to for an endpoint reaching `reach`. */
function allowed(kind: AddressKind, reach: Reach): boolean {
  return kind === reach;
}

/** Refuses unless every address is one `reach` allows (and there is at least one). */
function checkAddresses(host: string, addresses: readonly string[], reach: Reach): void {
  const kinds = addresses.map(addressKind);
  const bad = kinds.find((k) => !allowed(k, reach));
  if (addresses.length === 0 || bad !== undefined)
    throw new EndpointRefused(
      'PUSH_ENDPOINT_ADDRESS',
      `This push endpoint's host (${host}) leads to ${bad ? `a ${bad} address` : 'no address'}, not to a push service.`,
    );
}

/** The hostname without an IPv6 address's brackets. */
function bare(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

/**
 * Checks an endpoint fully: scheme, host allow-list, and every address its name resolves to.
 * Throws EndpointRefused.
 */
export async function checkEndpoint(endpoint: string, policy: EndpointPolicy): Promise<void> {
  const { url, reach } = checkEndpointUrl(endpoint, policy);
  const host = bare(url.hostname);
  if (isIP(host) !== 0) return checkAddresses(host, [host], reach);
  let found: LookupAddress[];
  try {
    found = await policy.resolve(host);
  } catch {
    throw new EndpointRefused(
      'PUSH_ENDPOINT_ADDRESS',
      `This push endpoint's host (${host}) does not resolve.`,
    );
  }
  checkAddresses(
    host,
    found.map((a) => a.address),
    reach,
  );
}

/**
 * A `lookup` for net.connect that resolves with `resolve` and hands the socket only addresses
 * it checked, so the address connected to is the address checked. Any bad address refuses all.
 */
export function guardedLookup(resolve: Resolver, reach: Reach): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        try {
          checkAddresses(
            hostname,
            found.map((a) => a.address),
            reach,
          );
        } catch (e) {
          callback(e as NodeJS.ErrnoException, '', 0);
          return;
        }
        const fit =
          options.family === 4 || options.family === 6
            ? found.filter((a) => a.family === options.family)
            : found;
        const first = fit[0];
        if (options.all) callback(null, fit);
        else if (first) callback(null, first.address, first.family);
        else
          callback(
            Object.assign(new Error(`no IPv${options.family} address for ${hostname}`), {
              code: 'ENOTFOUND',
            }),
            '',
            0,
          );
      },
      (e: NodeJS.ErrnoException) => callback(e, '', 0),
    );
  };
}

/** Checks an endpoint's URL and, for an address written in it (never looked up), the address. */
export function checkBeforeConnect(
  endpoint: string,
  policy: EndpointPolicy,
): { url: URL; reach: Reach } {
  const r = checkEndpointUrl(endpoint, policy);
  const host = bare(r.url.hostname);
  if (isIP(host) !== 0) checkAddresses(host, [host], r.reach);
  return r;
}
