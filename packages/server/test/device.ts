// A browser on one device for server tests: a cookie jar, and passkey ceremonies through it.
import { expect } from 'vitest';
import type { SoftPasskey } from './authenticator.ts';
import type { Loose } from './helpers.ts';

/** A browser on one device: its own cookie jar, and an Origin header like a page of the site. */
export class Device {
  cookie = '';
  lastSetCookie = '';
  /** `base` is asked on each call: suites make devices before their server has a port. */
  constructor(
    private readonly base: () => string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async call(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const res = await fetch(`${this.base()}${path}`, {
      method,
      headers: {
        origin: this.base(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) {
      this.lastSetCookie = set;
      const pair = set.split(';')[0]!;
      // A cleared cookie comes back empty and already expired.
      this.cookie = /=$/.test(pair) || /Expires=Thu, 01 Jan 1970/i.test(set) ? '' : pair;
    }
    return { status: res.status, body: (await res.json()) as Loose };
  }
}

/** Registers a passkey on a device: options, the authenticator's answer, verification. */
export async function register(d: Device, key: SoftPasskey, label?: string) {
  const o = await d.call('POST', '/api/account/passkeys/options');
  expect(o.status).toBe(200);
  return d.call('POST', '/api/account/passkeys', {
    credential: key.register(o.body.options),
    ...(label ? { label } : {}),
  });
}

/** Signs a device in with a passkey. */
export async function signIn(d: Device, key: SoftPasskey) {
  const o = await d.call('POST', '/api/account/signin/options');
  expect(o.status).toBe(200);
  return d.call('POST', '/api/account/signin', { credential: key.signIn(o.body.options) });
}
