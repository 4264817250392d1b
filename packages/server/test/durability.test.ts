import { legalActions } from '@zilch/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, tempDir, until, type ServerProcess } from '@zilch/testkit';
import { api, type Loose } from './helpers.ts';

const tmp = tempDir();
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  tmp.cleanup();
});

const env = {
  PORT: '0',
  ZILCH_DATA_DIR: tmp.dir,
  ZILCH_BOT_DELAY_MS: '40',
  ZILCH_LEASE_MS: '1000',
};

describe('kill -9 and restart', () => {
  it('keeps every accepted action; bot games carry on to the end', async () => {
    const first = await spawnServer(env);
    servers.push(first);
    let base = first.url;

    const human = (
      await api(base, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      })
    ).body;
    const token = human.seats[0].token;
    await api(base, 'POST', `/api/games/${human.gameId}/claim`, { token, name: 'Kim' });
    const bots = (
      await api(base, 'POST', '/api/games', {
        rules: 'serendipity-creak',
        seats: [
          { kind: 'bot', bot: 'cautious' },
          { kind: 'bot', bot: 'bold' },
        ],
      })
    ).body;

    // Play the human seat whenever it is on turn, until a few actions are stored.
    const playSome = async (n: number) => {
      let done = 0;
      while (done < n) {
        const v = (
          await api(base, 'GET', `/api/games/${human.gameId}`, undefined, {
            authorization: `Bearer ${token}`,
          })
        ).body;
        if (v.status === 'over') return;
        if (v.state.current !== 0) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        // Keep-and-roll when possible (the game goes on), else the first legal move.
        const legal = legalActions(v.state);
        const { seat: _seat, ...action } =
          legal.find((x) => x.type === 'keep' && !x.then) ?? legal[0]!;
        const r = await api(base, 'POST', `/api/games/${human.gameId}/actions`, {
          token,
          clientId: `c${v.seq}`,
          action,
        });
        if (r.status === 200) done += 1;
      }
    };
    await playSome(3);
    await until(async () => (await api(base, 'GET', `/api/games/${bots.gameId}`)).body.seq >= 5);
    const before = (
      await api(base, 'GET', `/api/games/${human.gameId}`, undefined, {
        authorization: `Bearer ${token}`,
      })
    ).body;
    const botsBefore = (await api(base, 'GET', `/api/games/${bots.gameId}`)).body;
    expect(botsBefore.status).toBe('playing');

    await first.stop('SIGKILL');

    const second = await spawnServer(env);
    servers.push(second);
    base = second.url;
    const after = (
      await api(base, 'GET', `/api/games/${human.gameId}`, undefined, {
        authorization: `Bearer ${token}`,
      })
    ).body;
    expect(after.seq).toBeGreaterThanOrEqual(before.seq);
    expect(after.seats.map((s: Loose) => s.name)).toEqual(['Kim', before.seats[1].name]);
    // The bot seat may move between two reads, so the log is bracketed by a view on each side.
    const log = (await api(base, 'GET', `/api/games/${human.gameId}/log`)).body;
    const later = (
      await api(base, 'GET', `/api/games/${human.gameId}`, undefined, {
        authorization: `Bearer ${token}`,
      })
    ).body;
    expect(log.log.entries.length).toBeGreaterThanOrEqual(after.seq);
    expect(log.log.entries.length).toBeLessThanOrEqual(later.seq);
    if (after.seq === before.seq) expect(after.state).toEqual(before.state);

    // The bot game is picked up once the dead process's lease expires, and finishes.
    const end = await until(
      async () => {
        const v = (await api(base, 'GET', `/api/games/${bots.gameId}`)).body;
        return v.status === 'over' ? v : null;
      },
      60_000,
      200,
    );
    expect(end.seq).toBeGreaterThan(botsBefore.seq);
    const verified = (await api(base, 'GET', `/api/games/${bots.gameId}/verify`)).body;
    expect(verified.ok).toBe(true);

    // The human game goes on where it was.
    await playSome(1);
    await second.stop('SIGTERM');
    expect(second.child.exitCode).toBe(0);
  }, 120_000);
});
