import { legalActions, preset } from '@zilch/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, until } from '@zilch/testkit';
import type { RunningServer } from '../src/server.ts';
import { api, client, startTestServer, type Loose } from './helpers.ts';

const quick = {
  ...preset('serendipity-creak'),
  name: 'Quick',
  target: 500,
  end: 'immediate' as const,
};
const SCRIPT_NAME = '<img src=x onerror=1>';

let server: RunningServer;
let base: string;
const tmp = tempDir();

beforeAll(async () => {
  server = await startTestServer({
    ZILCH_DATA_DIR: tmp.dir,
    ZILCH_BODY_LIMIT: '4096',
    ZILCH_ABSENT_GRACE_MS: '1000',
  });
  base = server.url;
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

async function table(rules: unknown = quick, extra: Record<string, unknown> = {}) {
  const r = await api(base, 'POST', '/api/games', {
    rules,
    seats: [{ kind: 'human' }, { kind: 'human' }],
    ...extra,
  });
  expect(r.status).toBe(201);
  return r.body as {
    gameId: string;
    seats: { token: string }[];
    spectatorToken: string;
    commitment: string;
  };
}

describe('a table played over real sockets', () => {
  it('creates, claims, plays, rejects, retries once, reconnects and finishes', async () => {
    const t = await table();
    expect(t.commitment).toMatch(/^[0-9a-f]{64}$/);
    const [tok0, tok1] = t.seats.map((s) => s.token) as [string, string];
    expect(tok0).not.toBe(tok1);
    expect(Buffer.from(tok0, 'base64url').length).toBeGreaterThanOrEqual(16);

    const a = await client(base);
    const b = await client(base);
    const spectator = await client(base);
    const joinA = await a.ask('join', { gameId: t.gameId, token: tok0 });
    expect(joinA.ok).toBe(true);
    expect(joinA.view.status).toBe('waiting');
    expect(joinA.view.you).toBe(0);
    expect((await spectator.ask('join', { gameId: t.gameId })).view.you).toBeNull();

    // Guessed tokens open nothing.
    const guess = await a.ask('join', { gameId: t.gameId, token: 'A'.repeat(32) });
    expect(guess).toEqual({
      ok: false,
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });
    expect(
      (await api(base, 'POST', `/api/games/${t.gameId}/claim`, { token: 'nope', name: 'x' }))
        .status,
    ).toBe(403);
    await a.ask('join', { gameId: t.gameId, token: tok0 });

    const c0 = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: tok0,
      name: SCRIPT_NAME,
    });
    expect(c0.body).toMatchObject({ seat: 0 });
    expect(c0.status).toBe(200);
    expect(c0.body.seat).toBe(0);
    expect(c0.body.view.status).toBe('waiting');
    const c1 = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: tok1,
      name: 'Bob',
    });
    expect(c1.body.view.status).toBe('playing');
    expect((await b.ask('join', { gameId: t.gameId, token: tok1 })).view.you).toBe(1);

    // The name is stored verbatim and travels as a JSON string.
    const started = await spectator.waitFor((u) => u.view.status === 'playing');
    expect(started.view.seats[0].name).toBe(SCRIPT_NAME);
    expect(started.events.map((e: Loose) => e.type)).toEqual(['first-player', 'turn-started']);
    const raw = await fetch(`${base}/api/games/${t.gameId}`).then((r) => r.text());
    expect(raw).toContain(JSON.stringify(SCRIPT_NAME));

    const first: number = started.view.state.current;
    const [me, other] = first === 0 ? [a, b] : [b, a];
    const before = (await api(base, 'GET', `/api/games/${t.gameId}`)).body;

    // Out of turn, wrong phase, spectators: refused with codes, nothing changes.
    expect(
      (await other.ask('action', { gameId: t.gameId, clientId: 'x1', action: { type: 'roll' } }))
        .error.code,
    ).toBe('NOT_YOUR_TURN');
    expect(
      (await me.ask('action', { gameId: t.gameId, clientId: 'x2', action: { type: 'bank' } })).error
        .code,
    ).toBe('MUST_ROLL_FIRST');
    expect(
      (
        await spectator.ask('action', {
          gameId: t.gameId,
          clientId: 'x3',
          action: { type: 'roll' },
        })
      ).error.code,
    ).toBe('SPECTATOR');
    expect(
      (await me.ask('action', { gameId: t.gameId, clientId: 'x4', action: { type: 'timeout' } }))
        .error.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await me.ask('action', {
          gameId: t.gameId,
          clientId: 'x5',
          action: { type: 'roll', seat: 1 - first },
        })
      ).error.code,
    ).toBe('BAD_REQUEST');
    const after = (await api(base, 'GET', `/api/games/${t.gameId}`)).body;
    expect(after.version).toBe(before.version);
    expect(after.state).toEqual(before.state);

    // A roll with scripted dice; the retry with the same client id is applied once.
    await api(base, 'POST', `/api/test/games/${t.gameId}/dice`, { rolls: [[1, 1, 1, 2, 3, 4]] });
    const rolled = await me.ask('action', {
      gameId: t.gameId,
      clientId: 'roll-1',
      action: { type: 'roll' },
    });
    expect(rolled).toEqual({ ok: true, seq: 1 });
    const seen = await spectator.waitFor((u) => u.seq === 1);
    expect(seen.events).toEqual([{ type: 'rolled', seat: first, dice: [1, 1, 1, 2, 3, 4] }]);
    expect(
      await me.ask('action', { gameId: t.gameId, clientId: 'roll-1', action: { type: 'roll' } }),
    ).toEqual({ ok: true, seq: 1 });
    expect(
      (
        await other.ask('action', {
          gameId: t.gameId,
          clientId: 'roll-1',
          action: { type: 'roll' },
        })
      ).error.code,
      // Client ids are per seat: another seat's id neither blocks this move nor reveals itself.
    ).toBe('NOT_YOUR_TURN');
    expect((await api(base, 'GET', `/api/games/${t.gameId}/log`)).body.log.entries).toHaveLength(1);

    // An illegal selection is refused; the state stays as it was.
    const illegal = await me.ask('action', {
      gameId: t.gameId,
      clientId: 'k0',
      action: { type: 'keep', dice: [3] },
    });
    expect(illegal.error.code).toBe('ILLEGAL_SELECTION');

    // Reconnecting gives exactly the same view.
    const myToken = first === 0 ? tok0 : tok1;
    const viewBefore = (
      await api(base, 'GET', `/api/games/${t.gameId}`, undefined, {
        authorization: `Bearer ${myToken}`,
      })
    ).body;
    me.close();
    const again = await client(base);
    const rejoin = await again.ask('join', { gameId: t.gameId, token: myToken });
    expect({ ...rejoin.view, seats: null }).toEqual({ ...viewBefore, seats: null });
    expect(rejoin.view.state.turn.roll).toEqual([1, 1, 1, 2, 3, 4]);

    // Keep three 1s and bank 1000 ≥ 500: the game is over (immediate end).
    const kept = await again.ask('action', {
      gameId: t.gameId,
      clientId: 'k1',
      action: { type: 'keep', dice: [0, 1, 2], then: 'bank' },
    });
    expect(kept).toEqual({ ok: true, seq: 2 });
    const over = await spectator.waitFor((u) => u.view.status === 'over');
    expect(over.view.state.winners).toEqual([first]);
    expect(over.view.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(
      (await other.ask('action', { gameId: t.gameId, clientId: 'late', action: { type: 'roll' } }))
        .error.code,
    ).toBe('GAME_OVER');

    // Scripted dice are not the committed ones: the verification says so.
    const v = await api(base, 'GET', `/api/games/${t.gameId}/verify`);
    expect(v.body.ok).toBe(false);
    expect(v.body.reason).toBe('DICE_MISMATCH');
    expect(v.body.message).toMatch(/action #1 roll #1/);

    // History, stats, rematch with the same links.
    // The table is not public: its history is listed to those holding its tokens.
    const finished = (
      await api(base, 'GET', '/api/games?status=finished', undefined, { 'x-zilch-tokens': tok0 })
    ).body.games;
    expect(finished.find((g: Loose) => g.id === t.gameId).scores[first]).toBe(1000);
    const stats = (await api(base, 'GET', '/api/players/Bob/stats')).body;
    expect(stats.games).toBe(1);
    expect(stats.faces.observed.reduce((x: number, y: number) => x + y, 0)).toBe(
      first === 1 ? 6 : 0,
    );
    const mine = (await api(base, 'GET', '/api/games', undefined, { 'x-zilch-tokens': tok1 })).body
      .games;
    expect(mine.map((g: Loose) => g.id)).toContain(t.gameId);

    const re = await api(base, 'POST', `/api/games/${t.gameId}/rematch`, { token: tok1 });
    expect(re.status).toBe(201);
    const again2 = await api(base, 'POST', `/api/games/${t.gameId}/rematch`, { token: tok0 });
    expect(again2.body.gameId).toBe(re.body.gameId);
    const next = (
      await api(base, 'GET', `/api/games/${re.body.gameId}`, undefined, {
        authorization: `Bearer ${tok0}`,
      })
    ).body;
    // The rematch shows its commitment and waits for each seat's fresh seed before rolling.
    expect(next.status).toBe('waiting');
    expect(next.commitment).toBe(re.body.commitment);
    expect(next.you).toBe(0);
    expect(next.rematchOf).toBe(t.gameId);
    expect(next.seats.map((s: Loose) => s.name)).toEqual([SCRIPT_NAME, 'Bob']);
    await api(base, 'POST', `/api/games/${re.body.gameId}/claim`, {
      token: tok0,
      name: SCRIPT_NAME,
    });
    const restarted = await api(base, 'POST', `/api/games/${re.body.gameId}/claim`, {
      token: tok1,
      name: 'Bob',
    });
    expect(restarted.body.view.status).toBe('playing');
    await spectator.waitFor((u) => u.view.rematchId === re.body.gameId);
    for (const c of [again, other, spectator]) c.close();
  });

  it('reactions reach the table; spectators see them too', async () => {
    const t = await table();
    const a = await client(base);
    const s = await client(base);
    await a.ask('join', { gameId: t.gameId, token: t.seats[0]!.token });
    await s.ask('join', { gameId: t.gameId, token: t.spectatorToken });
    const got = new Promise((r) => s.socket.once('reaction', r));
    expect(await a.ask('react', { gameId: t.gameId, emoji: '🎉' })).toEqual({ ok: true });
    expect(await got).toMatchObject({ gameId: t.gameId, seat: 0, emoji: '🎉' });
    expect((await a.ask('react', { gameId: t.gameId, emoji: '<b>' })).error.code).toBe(
      'BAD_REQUEST',
    );
    a.close();
    s.close();
  });
});

describe('bots, timers and absence', () => {
  it('a table of bots plays to the end and its dice verify', async () => {
    const r = await api(base, 'POST', '/api/games', {
      rules: 'serendipity-creak',
      seats: [
        { kind: 'bot', bot: 'cautious' },
        { kind: 'bot', bot: 'bold' },
        { kind: 'bot', bot: 'random' },
      ],
    });
    const id = r.body.gameId;
    const view = await until(async () => {
      const v = (await api(base, 'GET', `/api/games/${id}`)).body;
      return v.status === 'over' ? v : null;
    }, 40_000);
    expect(Math.max(...view.state.scores)).toBeGreaterThanOrEqual(10_000);
    const v = (await api(base, 'GET', `/api/games/${id}/verify`)).body;
    expect(v.ok).toBe(true);
    expect(v.message).toMatch(new RegExp(`^verified ${v.rollsChecked} rolls and the final result`));
    const x = (await api(base, 'GET', `/api/games/${id}/export`)).body;
    expect(x.serverSeed).toBe(view.seed);
    expect(x.playerSeeds).toHaveLength(3);
  });

  it('a turn that runs out of time is timed out by the server', async () => {
    // The shortest timer a table may set (5 s to 7 days).
    const t = await table(quick, { turnTimerSeconds: 5 });
    await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[0]!.token,
      name: 'Ann',
    });
    const c = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[1]!.token,
      name: 'Ben',
    });
    expect(c.body.view.timer.deadline).toBeGreaterThan(Date.now());
    const log = await until(async () => {
      const l = (await api(base, 'GET', `/api/games/${t.gameId}/log`)).body;
      return l.log.entries.length > 0 ? l : null;
    }, 9000);
    expect(log.log.entries[0].action.type).toBe('timeout');
    expect(log.actors[0]).toBe('timer');
  }, 15_000);

  it('the absent-player bot finishes a turn that ran out', async () => {
    const t = await table(quick, { turnTimerSeconds: 5, absentBot: 'cautious' });
    await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[0]!.token,
      name: 'Cy',
    });
    const c = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[1]!.token,
      name: 'Di',
    });
    const first = c.body.view.state.current;
    const log = await until(async () => {
      // The view first: a log read after it holds at least the moves that view shows.
      const v = (await api(base, 'GET', `/api/games/${t.gameId}`)).body;
      const l = (await api(base, 'GET', `/api/games/${t.gameId}/log`)).body;
      return v.state.current !== first || v.status === 'over' ? l : null;
    }, 12_000);
    expect(log.actors.length).toBeGreaterThan(0);
    expect(log.actors.every((a: string) => a === 'absent')).toBe(true);
  }, 20_000);
});

describe('absent players', () => {
  it('a seat with no connection is played by the absent-player bot; a connected one is not', async () => {
    // The full target: a bank by the connected player cannot end the game before the bot's turn.
    const t = await table('serendipity-creak', { absentBot: 'bold' });
    const here = await client(base);
    await here.ask('join', { gameId: t.gameId, token: t.seats[0]!.token });
    await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[0]!.token,
      name: 'Here',
    });
    const c = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[1]!.token,
      name: 'Gone',
    });
    expect(c.body.view.seats.map((s: Loose) => s.connected)).toEqual([true, false]);
    if (c.body.view.state.current === 0) {
      // The connected player is left alone: nothing happens on their turn.
      await new Promise((r) => setTimeout(r, 1500));
      expect((await api(base, 'GET', `/api/games/${t.gameId}/log`)).body.log.entries).toHaveLength(
        0,
      );
      await here.ask('action', { gameId: t.gameId, clientId: 'a1', action: { type: 'roll' } });
      const v = (await api(base, 'GET', `/api/games/${t.gameId}`)).body;
      if (v.state.current === 0) {
        const legal = legalActions(v.state);
        const pick = legal.find((x) => x.type === 'keep' && x.then === 'bank') ?? legal[0]!;
        const { seat: _seat, ...move } = pick;
        await here.ask('action', { gameId: t.gameId, clientId: 'a2', action: move });
      }
    }
    const log = await until(async () => {
      const l = (await api(base, 'GET', `/api/games/${t.gameId}/log`)).body;
      return l.actors.includes('absent') ? l : null;
    }, 8000);
    log.log.entries.forEach((e: Loose, i: number) => {
      expect(log.actors[i]).toBe(e.action.seat === 1 ? 'absent' : 'player');
    });
    here.close();
  });
});

describe('bad requests never crash the server', () => {
  it('answers {code,message} with a 4xx', async () => {
    const big = await api(
      base,
      'POST',
      '/api/games',
      JSON.stringify({ rules: 'x'.repeat(10_000) }),
    );
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    const bad = await api(base, 'POST', '/api/games', '{"rules": ');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_JSON');
    const shape = await api(base, 'POST', '/api/games', {
      rules: 'serendipity-creak',
      seats: [{ kind: 'human' }],
    });
    expect(shape.status).toBe(400);
    expect(shape.body).toEqual({ code: 'BAD_REQUEST', message: expect.stringContaining('seats') });
    const preset = await api(base, 'POST', '/api/games', {
      rules: 'nope',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    expect(preset.body.code).toBe('BAD_RULES');
    const rules = await api(base, 'POST', '/api/games', {
      rules: { ...quick, dice: 0 },
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    expect(rules.body.code).toBe('BAD_RULES');
    expect((await api(base, 'GET', '/api/games/does-not-exist')).status).toBe(404);
    expect((await api(base, 'GET', '/api/nothing')).body.code).toBe('NOT_FOUND');

    const t = await table();
    const control = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[0]!.token,
      name: 'a\u0000b',
    });
    expect(control.status).toBe(400);
    const long = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[0]!.token,
      name: 'x'.repeat(25),
    });
    expect(long.status).toBe(400);
    const socket = await client(base);
    for (const junk of [null, 42, 'x', { gameId: 5 }, { gameId: t.gameId, token: {} }]) {
      expect((await socket.ask('join', junk)).ok).toBe(false);
    }
    expect(
      (await socket.ask('action', { gameId: t.gameId, clientId: 'c', action: { type: 'roll' } }))
        .error.code,
    ).toBe('NOT_JOINED');
    socket.close();
    expect((await api(base, 'GET', '/healthz')).status).toBe(200);
  });

  it('documents the API', async () => {
    const doc = (await api(base, 'GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/games', '/api/games/{id}/claim', '/api/games/{id}/actions']),
    );
    expect((await fetch(`${base}/api/docs/`)).status).toBe(200);
    const metrics = await fetch(`${base}/metrics`).then((r) => r.text());
    expect(metrics).toContain('zilch_actions_total');
    expect(metrics).toContain('zilch_action_duration_seconds');
    expect((await api(base, 'GET', '/readyz')).status).toBe(200);
  });

  it('advises on a position from a game view; junk states are refused', async () => {
    const t = await table('serendipity-creak');
    const view = (await api(base, 'GET', `/api/games/${t.gameId}`)).body;
    const advice = await api(base, 'POST', '/api/advice', { state: view.state, mode: 'points' });
    expect(advice.status).toBe(200);
    expect(advice.body.kind).toBe('points');
    expect(advice.body.options.length).toBeGreaterThan(0);
    const junk = await api(base, 'POST', '/api/advice', { state: { rules: 42 } });
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe('BAD_STATE');
  });

  it('makes a strategy card for any rule set in a strategy thread; junk rules are refused', async () => {
    const r = await api(base, 'POST', '/api/rules/card', { rules: preset('serendipity-creak') });
    expect(r.status).toBe(200);
    expect(r.body.tuned).toBe(true);
    // The short card first: a few lines, at most 20 numbers.
    expect(r.body.short.lines.length).toBeGreaterThan(2);
    expect(r.body.short.numbers).toBeLessThanOrEqual(20);
    expect(r.body.lines.length).toBeGreaterThan(3);
    expect(r.body.lines.length).toBeLessThanOrEqual(8);
    expect(r.body.lines.join(' ')).toMatch(
      /by dice left 1 · 2 · 3 · 4 · 5 · 6 and the score: ahead by more than 1,000: /,
    );
    // The banded lines come as grids too, with the same numbers.
    const bank = r.body.grids.find((g: { line: number }) => g.line === 1);
    expect(bank.grids[0].dice).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.body.lines[1]).toContain(
      `${bank.grids[0].rows[0].label}: ${bank.grids[0].rows[0].cells.join(' · ')}`,
    );
    const raw = await fetch(`${base}/api/rules/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: preset('classic') }),
    });
    expect(raw.headers.get('cache-control')).toMatch(/max-age/);
    const custom = await api(base, 'POST', '/api/rules/card', { rules: quick });
    expect(custom.status).toBe(200);
    expect(custom.body).toMatchObject({ tuned: false, figure: null, grids: [] });
    const junk = await api(base, 'POST', '/api/rules/card', { rules: { dice: 'six' } });
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe('BAD_RULES');
  });

  it('coaches in win probability once the solution is ready, in points until then', async () => {
    // A rule set no other test uses, so its solution is not in memory yet.
    const rules = { ...preset('farkle-2017'), target: 1_050 };
    const t = await table(rules);
    const state = (await api(base, 'GET', `/api/games/${t.gameId}`)).body.state;
    // A rule set this small is solved on demand in a strategy thread: win at once, or points
    // until its solution is ready.
    const first = await api(base, 'POST', '/api/advice', { state });
    expect(first.status).toBe(200);
    expect(['win', 'points']).toContain(first.body.kind);
    const win = await until(async () => {
      const r = await api(base, 'POST', '/api/advice', { state });
      return r.body.kind === 'win' ? r.body : null;
    });
    const values = win.options.map((o: { value: number }) => o.value);
    for (const v of values) expect(v >= 0 && v <= 1).toBe(true);
    expect(win.options[0].loss).toBe(0);
  });
});
