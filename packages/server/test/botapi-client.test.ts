// The typed bot client of @zilch/protocol and the TypeScript example bot (issue 27): the example
// (examples/bots/simple-bot.ts) plays whole games against `expected` through the client, and
// `zilch bot run` runs the same module as a separate process. Short games (a target of 1,000).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { presetRules } from '@zilch/engine';
import { BotApiError, BotClient } from '@zilch/protocol';
import { tempDir } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import decide from '../../../examples/bots/simple-bot.ts';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { startTestServer } from './helpers.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the typed bot client and the TypeScript example', () => {
  let server: RunningServer;
  let token: string;
  const tmp = tempDir();
  const found = presetRules('classic');
  if (!found.ok) throw new Error('no classic preset');
  const rules = { ...found.rules, target: 1000, name: 'Short classic' };
  beforeAll(async () => {
    server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir, ZILCH_RATE_LIMIT: '100000' });
    const d = new Device(() => server.url);
    await d.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(d, new SoftPasskey(server.url))).status).toBe(201);
    await d.call('POST', '/api/account/profile', { name: 'TsBot' });
    await d.call('POST', '/api/account/bot', { confirm: true });
    token = (await d.call('POST', '/api/account/bot/tokens', { label: 'ts', scopes: ['bot:play'] }))
      .body.token as string;
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it('the example plays games against expected to the end through the client', async () => {
    const bot = new BotClient({ server: server.url, token });
    expect((await bot.account()).bot).toBe(true);
    for (let i = 0; i < 5; i++) {
      const { gameId } = await bot.playAi({ bot: 'expected', rules });
      const end = await bot.play(gameId, decide);
      expect(end.status).toBe('over');
      expect(end.you).toBe(0);
    }
    // Refusals come back typed.
    const err = await bot.challenge({ to: { userId: 'nobody' }, rules: 'classic' }).catch((e) => e);
    expect(err).toBeInstanceOf(BotApiError);
    expect((err as BotApiError).code).toBe('MISSING_SCOPE');
  });

  it('`zilch bot run` runs the module as its own process', async () => {
    const out = await new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
      execFile(
        process.execPath,
        [
          '--conditions=source',
          '--import',
          'tsx',
          'packages/cli/src/main.ts',
          'bot',
          'run',
          'examples/bots/simple-bot.ts',
          '--server',
          server.url,
          '--games',
          '3',
          '--rules',
          'classic',
        ],
        { cwd: root, env: { ...process.env, ZILCH_TOKEN: token } },
        (err, stdout, stderr) => done({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout.trim().split('\n').at(-1)!)).toMatchObject({ games: 3 });
  }, 300_000);
});
