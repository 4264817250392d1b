// Bot accounts for the bot-API bench, made over the public API as a person would: an account
// (from an empty seat list), a passkey, a name, the step to a bot account, and one token with
// the scopes to play and to send and answer challenges.
import { pool } from '@zilch/testkit';
import { SoftPasskey } from '../../packages/server/test/authenticator.ts';
import { Device, register } from '../../packages/server/test/device.ts';

/** One bot account: its id and its API token's secret. */
export interface BotAccount {
  readonly id: string;
  readonly name: string;
  readonly token: string;
}

/** Throws with the answer when a setup call did not succeed. */
function ok(what: string, r: { status: number; body: unknown }): void {
  if (r.status !== 200 && r.status !== 201)
    throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
}

/** Makes one bot account with a `bot:play` + `challenge:write` token. */
async function makeBot(url: string, name: string): Promise<BotAccount> {
  const d = new Device(url);
  const made = await d.call('POST', '/api/account/seats', { seats: [] });
  ok('account', made);
  ok('passkey', await register(d, new SoftPasskey(url)));
  ok('name', await d.call('POST', '/api/account/profile', { name }));
  ok('bot', await d.call('POST', '/api/account/bot', { confirm: true }));
  const t = await d.call('POST', '/api/account/bot/tokens', {
    label: 'bench',
    scopes: ['bot:play', 'challenge:write'],
  });
  ok('token', t);
  return { id: String(made.body.user.id), name, token: String(t.body.token) };
}

/** Makes `n` bot accounts, a few at a time (setup, not measured). */
export async function makeBots(url: string, n: number): Promise<BotAccount[]> {
  const out: BotAccount[] = new Array<BotAccount>(n);
  await pool(
    Array.from({ length: n }, (_, i) => i),
    8,
    async (i) => {
      out[i] = await makeBot(url, `BenchBot${i}`);
    },
  );
  return out;
}
