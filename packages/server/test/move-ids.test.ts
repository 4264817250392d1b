// Issue 10 D3: the ids of server moves (bots, timers, the absent-player bot) are a namespace
// players may not use, and client ids are deduplicated per seat, so a player can neither freeze
// a bot seat nor probe another seat's ids.
import { legalActions, preset, type Action, type GameState } from '@zilch/engine';
import { tempDir, until } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { api, client, startTestServer, type Loose } from './helpers.ts';

const rules = {
  ...preset('serendipity-creak'),
  name: 'Ids',
  target: 3_000,
  end: 'immediate' as const,
  firstPlayer: 'seat-1' as const,
};

let server: RunningServer;
const tmp = tempDir();

beforeAll(async () => {
  server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir });
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

describe('server move ids', () => {
  it('refuses reserved client ids from players, and the bot seat still moves to the end', async () => {
    const base = server.url;
    const created = (
      await api(base, 'POST', '/api/games', {
        rules,
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
      })
    ).body as { gameId: string; seats: { token?: string }[] };
    const gameId = created.gameId;
    const token = created.seats[0]!.token as string;
    expect(
      (await api(base, 'POST', `/api/games/${gameId}/claim`, { token, name: 'Mallory' })).status,
    ).toBe(200);
    const me = await client(base);
    expect((await me.ask('join', { gameId, token })).ok).toBe(true);

    // Every id a server move of the next few positions would carry, over the socket and HTTP.
    for (const clientId of [
      'bot:1',
      'bot:5',
      'bot:2:fallback',
      'timer:3',
      'absent:1',
      'server:x',
    ]) {
      const ack = await me.ask('action', { gameId, clientId, action: { type: 'roll' } });
      expect(ack.ok).toBe(false);
      expect(ack.error.code).toBe('BAD_REQUEST');
      expect(ack.error.message).toMatch(/reserved/);
      const http = await api(base, 'POST', `/api/games/${gameId}/actions`, {
        token,
        clientId,
        action: { type: 'roll' },
      });
      expect(http.status).toBe(400);
      expect(http.body.code).toBe('BAD_REQUEST');
      expect(http.body.message).toMatch(/reserved/);
    }
    const view = (await api(base, 'GET', `/api/games/${gameId}`)).body as Loose;
    expect(view.seq).toBe(0);

    // The player plays with ordinary ids (banks as little as it may); the bot seat answers every turn.
    let n = 0;
    const botTurns = await until(
      async () => {
        const v = (await api(base, 'GET', `/api/games/${gameId}`)).body as Loose;
        if (v.status === 'over') return v;
        if (v.state.current === 0) {
          const legal = legalActions(v.state as GameState);
          const pick =
            smallestBank(legal) ??
            legal.find((a) => a.type === 'bank') ??
            legal.find((a) => a.type === 'keep') ??
            legal[0];
          if (pick) {
            const { seat: _seat, ...action } = pick;
            await me.ask('action', { gameId, clientId: `m${n++}`, action });
          }
        }
        return null;
      },
      60_000,
      20,
    );
    expect(botTurns.status).toBe('over');
    const log = (await api(base, 'GET', `/api/games/${gameId}/log`)).body as Loose;
    const botMoves = log.log.entries.filter((e: Loose) => e.action.seat === 1);
    expect(botMoves.length).toBeGreaterThan(0);
    me.close();
  }, 90_000);
});

describe('a server move whose id is already taken', () => {
  it('is made under another id, so the bot seat does not freeze', async () => {
    // A slow bot leaves time to take its next id first, as a log written before the namespace
    // was reserved may have.
    const own = tempDir();
    const slow = await startTestServer({ ZILCH_DATA_DIR: own.dir, ZILCH_BOT_DELAY_MS: '1500' });
    try {
      const base = slow.url;
      const created = (
        await api(base, 'POST', '/api/games', {
          rules,
          seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
        })
      ).body as { gameId: string; seats: { token?: string }[] };
      const { gameId } = created;
      const token = created.seats[0]!.token as string;
      await api(base, 'POST', `/api/games/${gameId}/claim`, { token, name: 'Legacy' });
      // Seat 0 banks its first scoring keep (or zilches); then the bot is on turn.
      let n = 0;
      const botTurn = await until(async () => {
        const v = (await slow.service.snapshot(gameId))!;
        expect(v.record.status).toBe('playing');
        if (v.state!.current === 1) return v;
        const legal = legalActions(v.state!);
        const pick =
          smallestBank(legal) ??
          legal.find((a) => a.type === 'bank') ??
          legal.find((a) => a.type === 'keep') ??
          legal[0]!;
        await slow.service.act(gameId, 0, `p${n++}`, pick, 'player');
        return null;
      });
      // The bot's own seat, at seq s, moves under the id the driver will use at seq s + 1.
      const s = botTurn.record.seq;
      const legal = legalActions(botTurn.state!);
      const squat = await slow.service.act(gameId, 1, `bot:${s + 1}`, legal[0]!, 'bot');
      expect(squat.ok).toBe(true);
      // The driver's `bot:<s+1>` now answers "repeated" with another move: it must move anyway.
      const moved = await until(
        async () => {
          const v = (await slow.service.snapshot(gameId))!;
          return v.record.seq > s + 1 ? v : null;
        },
        15_000,
        100,
      );
      expect(moved.record.seq).toBeGreaterThan(s + 1);
      const log = (await api(base, 'GET', `/api/games/${gameId}/log`)).body as Loose;
      expect(log.log.entries.length).toBeGreaterThan(s + 1);
    } finally {
      await slow.close();
      own.cleanup();
    }
  }, 60_000);
});

/** The keep-and-bank with the fewest dice: the player banks little, so the bot seat gets turns. */
function smallestBank(legal: Action[]): Action | undefined {
  return legal
    .filter((a) => a.type === 'keep' && a.then === 'bank')
    .sort((a, b) =>
      a.type === 'keep' && b.type === 'keep' ? a.dice.length - b.dice.length : 0,
    )[0];
}
