// The Python example bot (examples/bots/zilch_bot.py, standard library only) run as its own
// process against a real server over HTTP: it plays whole games against the server's `expected`
// bot through the public bot API (issue 27). The games are short (a target of 1,000) so 50 of
// them stay a few seconds' work; the server's log must show each one finished, every roll of
// the Python side made through the API.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { presetRules } from '@zilch/engine';
import { tempDir } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { api, startTestServer, type Loose } from './helpers.ts';

const GAMES = 50;
const script = fileURLToPath(new URL('../../../examples/bots/zilch_bot.py', import.meta.url));

/** Whether python3 runs here; the loud line names the fix when it does not. */
async function python(): Promise<boolean> {
  return new Promise((done) => {
    const p = spawn('python3', ['--version']);
    p.on('error', () => done(false));
    p.on('exit', (code) => done(code === 0));
  });
}

const hasPython = await python();
if (!hasPython) {
  const line =
    'python3 is missing: the Python bot example test needs it (apt-get install -y python3)';
  if (process.env.ZILCH_REQUIRE_SERVICES === '1') throw new Error(line);
  console.warn(`\n*** ${line} ***\n`);
}

describe.runIf(hasPython)('the Python example bot', () => {
  let server: RunningServer;
  const tmp = tempDir();
  beforeAll(async () => {
    server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir, ZILCH_RATE_LIMIT: '100000' });
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it(`plays ${GAMES} games against expected to the end, as a separate process over HTTP`, async () => {
    const d = new Device(() => server.url);
    await d.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(d, new SoftPasskey(server.url))).status).toBe(201);
    await d.call('POST', '/api/account/profile', { name: 'PyBot' });
    await d.call('POST', '/api/account/bot', { confirm: true });
    const token = (
      await d.call('POST', '/api/account/bot/tokens', {
        label: 'python',
        scopes: ['bot:play'],
      })
    ).body.token as string;
    const found = presetRules('classic');
    if (!found.ok) throw new Error('no classic preset');
    const rules = JSON.stringify({ ...found.rules, target: 1000, name: 'Short classic' });

    const started = Date.now();
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (done) => {
        const p = spawn(
          'python3',
          [
            script,
            '--server',
            server.url,
            '--games',
            String(GAMES),
            '--against',
            'expected',
            '--rules',
            rules,
          ],
          { env: { ...process.env, ZILCH_TOKEN: token } },
        );
        let stdout = '';
        let stderr = '';
        p.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
        p.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
        p.on('exit', (code) => done({ code, stdout, stderr }));
      },
    );
    const seconds = (Date.now() - started) / 1000;
    console.info(`python bot: ${GAMES} games against expected in ${seconds.toFixed(1)} s`);
    expect(out.code, out.stderr).toBe(0);
    const summary = JSON.parse(out.stdout.trim().split('\n').at(-1)!) as Loose;
    expect(summary.games).toBe(GAMES);
    expect(summary.won + summary.lost).toBe(GAMES);
    // Every game is over in the store, the Python seat's moves are the player's own.
    const games = (await d.call('GET', '/api/account/games')).body.games as Loose[];
    expect(games.length).toBe(GAMES);
    expect(games.every((g) => g.status === 'over' && g.yourSeats[0] === 0)).toBe(true);
    for (const g of games.slice(0, 5)) {
      const log = (await api(server.url, 'GET', `/api/games/${g.id}/log`)).body;
      const seat0 = log.log.entries.filter(
        (e: Loose, i: number) => e.action.seat === 0 && log.actors[i] === 'player',
      );
      expect(seat0.length).toBeGreaterThan(0);
    }
  }, 600_000);
});
