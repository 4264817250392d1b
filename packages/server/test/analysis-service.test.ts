// The analysis service's refusals and caching rules, with stand-ins for the game service, the
// store and the coach: a busy coach is a BUSY refusal and nothing is stored; a provisional
// answer (exact analysis still being prepared) is answered but not stored; an exact one is.
import {
  applyAction,
  createGame,
  preset,
  recordingDice,
  seededDice,
  type GameLog,
  type GameState,
} from '@zilch/engine';
import type { GameAccuracy } from '@zilch/protocol';
import { advise, createBot, type Advice, type PoolResult } from '@zilch/strategy/node';
import { describe, expect, it } from 'vitest';
import { AnalysisService } from '../src/analysis/service.ts';
import type { AnalysisStore } from '../src/analysis/store.ts';
import type { GameService } from '../src/games/service.ts';

const rules = { ...preset('serendipity-creak'), target: 1000 };

/** A finished two-player game of random bots, as its log. */
function randomGame(seed: number): GameLog {
  const dice = recordingDice(seededDice(seed));
  const created = createGame(rules, 2, dice);
  if (!created.ok) throw new Error(created.error.message);
  const setupDice = dice.take();
  const bots = [createBot('random', rules, seed), createBot('random', rules, seed + 1)];
  let state = created.state;
  const entries: GameLog['entries'] = [];
  while (state.phase !== 'over') {
    const action = bots[state.current]!.decide(state);
    const r = applyAction(state, action, dice);
    if (!r.ok) throw new Error(r.error.message);
    entries.push({ action, dice: dice.take() });
    state = r.state;
  }
  return { rules, players: 2, setupDice, entries };
}

function setup(
  rank: (state: GameState) => PoolResult<Advice>,
  status: 'over' | 'playing' = 'over',
) {
  const log = randomGame(5);
  const stored: GameAccuracy[] = [];
  const store = {
    get: async (id: string) => stored.find((a) => a.gameId === id) ?? null,
    put: async (a: GameAccuracy) => void stored.push(a),
    forUser: async () => [],
  } as unknown as AnalysisStore;
  const games = {
    viewFor: async () => ({ ok: true, value: { status } }),
    log: async () => ({ ok: true, value: { log, seqs: [], actors: [] } }),
  } as unknown as GameService;
  let asked = 0;
  const service = new AnalysisService(
    store,
    games,
    async (state) => {
      asked += 1;
      return rank(state);
    },
    () => 42,
  );
  return { service, stored, asked: () => asked };
}

describe('analysis service', () => {
  it('refuses a game not over, asking the coach nothing', async () => {
    const t = setup(() => ({ ok: false, code: 'FAILED', message: 'x' }), 'playing');
    const r = await t.service.game('g');
    expect(r.ok ? null : r.error.code).toBe('NOT_OVER');
    expect(t.asked()).toBe(0);
  });

  it('answers BUSY and stores nothing when the coach stays busy', async () => {
    const t = setup(() => ({ ok: false, code: 'BUSY', message: 'busy' }));
    const r = await t.service.game('g');
    expect(r.ok ? null : r.error).toMatchObject({ code: 'BUSY', status: 503 });
    expect(t.stored).toHaveLength(0);
  }, 20_000);

  it('answers a provisional analysis without storing it, and stores an exact one', async () => {
    const provisional = setup(() => ({
      ok: true,
      value: { kind: 'points', options: [] },
      note: null,
      winEtaSeconds: 30,
    }));
    const p = await provisional.service.game('g');
    expect(p.ok && p.value.provisional).toBe(true);
    expect(provisional.stored).toHaveLength(0);

    const t = setup((state) => ({ ok: true, value: advise(state, 'win'), note: null }));
    const r = await t.service.game('g');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.provisional).toBe(false);
    expect(r.value.seats.map((s) => s.kind)).toEqual(['win', 'win']);
    expect(t.stored).toEqual([r.value]);
    // Random play is graded, and every graded decision carries the coach's whole ranking.
    expect(r.value.graded.length).toBeGreaterThan(0);
    for (const g of r.value.graded) expect(g.options.length).toBeGreaterThan(1);
    // Stored: the second answer asks the coach nothing.
    const before = t.asked();
    expect(await t.service.game('g')).toEqual(r);
    expect(t.asked()).toBe(before);
  }, 60_000);
});
