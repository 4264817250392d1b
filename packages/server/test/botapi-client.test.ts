// @zilch/client and the TypeScript example bot (issue 27): the example (examples/bots/simple-bot.ts)
// plays whole games against `expected` through the package, in this process and as a separate
// process of its own, and `zilch bot run` runs the same module. Short games (a target of 1,000).
import { execFile } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { BotApiError, BotClient } from '@zilch/client';
import { presetRules } from '@zilch/engine';
import { tempDir } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import decide from '../../../examples/bots/simple-bot.ts';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { Device, register } from './device.ts';
import { startTestServer, type Loose } from './helpers.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** Games the example plays as its own process: as many as the Python example (issue 27, item 6). */
const GAMES = 50;

/** Runs a TypeScript file of the repository as its own Node process (on sources, via tsx). */
function node(
  args: string[],
  token: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', ...args],
      { cwd: root, env: { ...process.env, ZILCH_TOKEN: token } },
      (err, stdout, stderr) => done({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

/** A TCP relay to `target` whose open connections a test can cut, as a flaky network would. */
async function relay(target: string): Promise<{ url: string; cut(): void; close(): void }> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = connect(Number(port), hostname);
    for (const s of [inbound, outbound]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the relay has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut: () => open.forEach((s) => s.destroy()),
    close: () => {
      open.forEach((s) => s.destroy());
      server.close();
    },
  };
}

describe('the typed bot client and the TypeScript example', () => {
  let server: RunningServer;
  let token: string;
  let owner: Device;
  const tmp = tempDir();
  const found = presetRules('classic');
  if (!found.ok) throw new Error('no classic preset');
  const rules = { ...found.rules, target: 1000, name: 'Short classic' };
  beforeAll(async () => {
    server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir, ZILCH_RATE_LIMIT: '100000' });
    const d = new Device(() => server.url);
    owner = d;
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

  it(`the example, run as its own process, plays ${GAMES} games against expected to the end`, async () => {
    const started = Date.now();
    const out = await node(
      ['examples/bots/simple-bot.ts', server.url, String(GAMES), JSON.stringify(rules)],
      token,
    );
    console.info(
      `TypeScript bot: ${GAMES} games in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(out.code, out.stderr).toBe(0);
    const summary = JSON.parse(out.stdout.trim().split('\n').at(-1)!) as Loose;
    expect(summary.games).toBe(GAMES);
    expect(summary.won + summary.lost).toBe(GAMES);
    // The store agrees: every game of the bot's own is over, and it sat at seat 0 of each.
    const games = (await owner.call('GET', '/api/account/games')).body.games as Loose[];
    const mine = games.filter((g) => g.yourSeats[0] === 0);
    expect(mine.length).toBeGreaterThanOrEqual(GAMES + 5);
    expect(mine.every((g) => g.status === 'over')).toBe(true);
  }, 240_000);

  it('`zilch bot run` runs the module as its own process', async () => {
    const out = await node(
      [
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
      token,
    );
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout.trim().split('\n').at(-1)!)).toMatchObject({ games: 3 });
  }, 300_000);

  it('resumes a game stream cut again and again: every change once, in order, to the end', async () => {
    const net = await relay(server.url);
    try {
      const bot = new BotClient({ server: net.url, token, retryMs: 20, maxRetryMs: 200 });
      const { gameId } = await bot.playAi({ bot: 'expected', rules });
      const seqs: number[] = [];
      let last: Loose = null;
      let n = 0;
      for await (const line of bot.game(gameId)) {
        last = line;
        if (line.type === 'closed') break;
        if (line.type === 'gameState') seqs.push(line.seq);
        else if (seqs.length === 0) seqs.push(line.seq);
        // Cut every connection (the stream's and any move in flight) every third line.
        if (++n % 3 === 0) net.cut();
        if (line.view && line.choices?.length)
          await bot.move(gameId, decide({ view: line.view, choices: line.choices })).catch((e) => {
            // A cut move is retried with its client id; a refusal here means the view was behind.
            if (!(e instanceof BotApiError) || e.status !== 409) throw e;
          });
      }
      expect(last).toEqual({ type: 'closed', reason: 'over' });
      // The full state's seq, then each change after it exactly once.
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1]! + 1);
      // At least one cut (a short game can be a handful of lines).
      expect(n).toBeGreaterThanOrEqual(3);
    } finally {
      net.close();
    }
  }, 60_000);
});
