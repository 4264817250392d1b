// The bot-API bench (bench/botapi.bench.ts) at its smallest: 4 API bots, 2 games, a 3 s window.
// Every move the server accepted in the window reaches the opponent's game stream as a change
// of its own (matched by sequence number), or was made before that stream opened; none is lost.
import { tempDir } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBots } from '../../../bench/botapi/accounts.ts';
import { BotFleet, decide } from '../../../bench/botapi/bots.ts';
import { measureWindow } from '../../../bench/botapi/measure.ts';
import type { RunningServer } from '../src/server.ts';
import { startTestServer } from './helpers.ts';

describe('the bot-API bench', () => {
  let server: RunningServer;
  const tmp = tempDir();
  beforeAll(async () => {
    server = await startTestServer({
      ZILCH_DATA_DIR: tmp.dir,
      ZILCH_RATE_LIMIT: '100000',
      ZILCH_AUTH_RATE_LIMIT: '100000',
    });
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it('the policy keeps every scoring die and banks from 300', () => {
    const keep = (dice: number[], total: number, then?: 'bank' | 'roll') => ({
      move: { type: 'keep' as const, dice, ...(then ? { then } : {}) },
      total,
      diceLeft: 6 - dice.length,
    });
    const small = [keep([0], 100), keep([0], 100, 'roll'), keep([0, 3], 150, 'roll')];
    expect(decide(small)).toEqual({ type: 'keep', dice: [0, 3], then: 'roll' });
    const big = [keep([0, 1, 2], 300), keep([0, 1, 2], 300, 'bank'), keep([0], 100, 'bank')];
    expect(decide(big)).toEqual({ type: 'keep', dice: [0, 1, 2], then: 'bank' });
  });

  it('4 bots for 3 s: moves accepted, and every one delivered to the opponent’s stream', async () => {
    const bots = await makeBots(server.url, 4);
    const fleet = new BotFleet(server.url, bots, 'classic');
    try {
      fleet.start();
      const deadline = Date.now() + 20_000;
      while (fleet.games < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(fleet.games).toBe(2);
      const r = await measureWindow(fleet, server.url, process.pid, 3000, 10_000);
      expect(r.actions).toBeGreaterThan(0);
      expect(r.errors, JSON.stringify(r.errorCodes)).toBe(0);
      expect(r.unmatched).toBe(0);
      expect(r.samples).toBeGreaterThan(0);
      expect(r.samples + r.early).toBe(r.actions);
      expect(r.p99ms).toBeGreaterThanOrEqual(r.p50ms);
    } finally {
      fleet.stop();
    }
  }, 60_000);
});
