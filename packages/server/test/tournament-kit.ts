// Helpers of the tournament tests: accounts and rate limits off (tables are played out by
// forced-play.ts).
import { expect } from 'vitest';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';

/** Rate limits off: the tests make many accounts and calls from one address. */
export const NO_LIMITS = {
  ZILCH_AUTH_RATE_LIMIT: '100000',
  ZILCH_RATE_LIMIT: '100000',
  ZILCH_COSTLY_RATE_LIMIT: '100000',
};

let n = 0;
/** A signed-in account with a unique name on the server at `base`. */
export async function account(base: string): Promise<{ d: Device; id: string; name: string }> {
  const d = new Device(base);
  const made = await d.call('POST', '/api/account/seats', { seats: [] });
  expect((await register(d, new SoftPasskey(base))).status).toBe(201);
  const name = `Tk${++n}x${Math.floor(Math.random() * 1e6)}`;
  expect((await d.call('POST', '/api/account/profile', { name })).status).toBe(200);
  return { d, id: made.body.user.id as string, name };
}
