/** `zilch chat-reports` as an operator runs it: a report made at a live table, read from the store. */
import { afterAll, describe, expect, it } from 'vitest';
import { api, connect, spawnServer, tempDir, type ServerProcess } from '@zilch/testkit';
import { runCli } from './run-cli.ts';

const tmp = tempDir('zilch-chat-reports-');
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  tmp.cleanup();
});

// Read loosely: the assertions check the shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

describe('zilch chat-reports', () => {
  it('lists a reported message with who wrote it, who reported it, why and when', async () => {
    const server = await spawnServer({ ZILCH_DATA_DIR: tmp.dir });
    servers.push(server);
    const t = (
      await api<Loose>(server.url, 'POST', '/api/games', {
        rules: 'classic',
        seats: [{ kind: 'human' }, { kind: 'human' }],
      })
    ).body;
    const [a, b] = [
      await connect<Loose, Loose>(server.url),
      await connect<Loose, Loose>(server.url),
    ];
    await a.ask('join', { gameId: t.gameId, token: t.seats[0].token });
    await b.ask('join', { gameId: t.gameId, token: t.seats[1].token });
    const said = (await b.ask('chat', { gameId: t.gameId, text: 'roll faster, slowpoke' })).message;
    const before = Date.now();
    expect(
      await a.ask('chatReport', { gameId: t.gameId, messageId: said.id, reason: 'taunting' }),
    ).toEqual({ ok: true });
    a.close();
    b.close();

    const json = await runCli(['chat-reports', '--data', tmp.dir, '--json']);
    expect(json.code, json.stderr).toBe(0);
    const { reports } = JSON.parse(json.stdout) as { reports: Loose[] };
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      gameId: t.gameId,
      messageId: said.id,
      author: 'seat:1 Player 2',
      text: 'roll faster, slowpoke',
      reporter: 'seat:0',
      reason: 'taunting',
    });
    expect(reports[0].at).toBeGreaterThanOrEqual(before);

    const text = await runCli(['chat-reports', '--data', tmp.dir]);
    expect(text.stdout).toContain('seat:1 Player 2: "roll faster, slowpoke"');
    expect(text.stdout).toContain('reported by seat:0: "taunting"');
    const bad = await runCli(['chat-reports', '--data', tmp.dir, '--limit', 'lots']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--limit');
  });
});
