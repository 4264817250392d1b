// Attacks: acting for another seat, guessing or reusing invite tokens, spectators acting, dice
// sent by a client, flooding, markup in names, and predicting the next roll.
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  claimSeat,
  connect,
  createGame,
  joined,
  must,
  spawnServer,
  tempDir,
  until,
  type Client,
  type ServerProcess,
} from '@zilch/testkit';
import { commitment, diceStream } from '../lib/fair-dice.ts';
import type {
  Created,
  GameExport as ExportAnswer,
  GameView as View,
  LogAnswer,
} from '@zilch/protocol';

let server: ServerProcess;
const dir = tempDir('zilch-attack-');
let game: Created;
let other: Created;
const clients: Client[] = [];
let tried = 0;

const two = [{ kind: 'human' }, { kind: 'human' }] as const;
const tok = (g: Created, seat: number) => g.seats[seat]?.token as string;
const log = async (id: string) =>
  (await api<LogAnswer>(server.url, 'GET', `/api/games/${id}/log`)).body;
const code = (a: unknown) => (a as { error?: { code?: string } } | null)?.error?.code;

beforeAll(async () => {
  // Production limits (socket 20 messages/s, burst 40); HTTP 400 requests/minute so the flood is short.
  server = await spawnServer({
    ZILCH_DATA_DIR: dir.dir,
    ZILCH_BOT_DELAY_MS: '0',
    ZILCH_RATE_LIMIT: '400',
    ZILCH_SOCKET_ACTIONS_PER_SECOND: '20',
  });
  game = await createGame(server.url, 'serendipity-creak', two);
  other = await createGame(server.url, 'serendipity-creak', two);
  for (const g of [game, other]) {
    for (const s of [0, 1]) await claimSeat(server.url, g.gameId, tok(g, s), `S${s}`);
  }
});

afterAll(async () => {
  for (const c of clients) c.close();
  console.log(`attacks: ${tried} attack requests tried`);
  await server?.stop('SIGKILL');
  dir.cleanup();
});

async function seatClients(g: Created) {
  const view = (await api<View>(server.url, 'GET', `/api/games/${g.gameId}`)).body;
  const on = view.state.current;
  const onTurn = await joined(server.url, g.gameId, tok(g, on));
  const offTurn = await joined(server.url, g.gameId, tok(g, 1 - on));
  clients.push(onTurn.c, offTurn.c);
  return { on, onTurn: onTurn.c, offTurn: offTurn.c };
}

describe('seats and tokens', () => {
  it('no seat can act for another', async () => {
    const before = await log(game.gameId);
    const { on, offTurn } = await seatClients(game);
    const asks = [
      // out of turn: the token decides the seat
      ['NOT_YOUR_TURN', { gameId: game.gameId, clientId: 'x1', action: { type: 'roll' } }],
      // naming the other seat in the intent
      ['BAD_REQUEST', { gameId: game.gameId, clientId: 'x2', action: { type: 'roll', seat: on } }],
      // another game this socket has not joined with a seat
      ['NOT_JOINED', { gameId: other.gameId, clientId: 'x3', action: { type: 'roll' } }],
    ] as const;
    for (const [expected, payload] of asks) {
      expect(code(await offTurn.ask('action', payload))).toBe(expected);
      tried += 1;
    }
    // Over HTTP with the off-turn token, and with the seat spelled out.
    const off = tok(game, 1 - on);
    const r1 = await api(server.url, 'POST', `/api/games/${game.gameId}/actions`, {
      token: off,
      clientId: 'h1',
      action: { type: 'roll' },
    });
    const r2 = await api(server.url, 'POST', `/api/games/${game.gameId}/actions`, {
      token: off,
      clientId: 'h2',
      action: { type: 'roll', seat: on },
    });
    tried += 2;
    expect([r1.status, code({ error: r1.body })]).toEqual([409, 'NOT_YOUR_TURN']);
    expect([r2.status, code({ error: r2.body })]).toEqual([400, 'BAD_REQUEST']);
    expect(await log(game.gameId)).toEqual(before);
  });

  it('guessed tokens open nothing; tokens are long random values, distinct everywhere', async () => {
    const all = [game, other].flatMap((g) => [tok(g, 0), tok(g, 1), g.spectatorToken]);
    expect(new Set(all).size).toBe(all.length);
    for (const t of all) expect(t).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const guess = fc.oneof(
      fc
        .base64String({ minLength: 32, maxLength: 32 })
        .map((s) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, 'A')),
      // near misses: a real token with one character changed
      fc.tuple(fc.nat(31), fc.constantFrom('A', 'b', '0', '-')).map(([i, ch]) => {
        const t = tok(game, 0);
        return t.slice(0, i) + (t[i] === ch ? 'Z' : ch) + t.slice(i + 1);
      }),
    );
    const guesses = fc.sample(guess, 120);
    const before = await log(game.gameId);
    for (let i = 0; i < guesses.length; i += 30) {
      const c = await connect(server.url);
      clients.push(c);
      for (const g of guesses.slice(i, i + 30)) {
        expect(code(await c.ask('join', { gameId: game.gameId, token: g }))).toBe('UNAUTHORIZED');
        tried += 1;
      }
    }
    for (const g of guesses.slice(0, 60)) {
      const r = await api(server.url, 'POST', `/api/games/${game.gameId}/claim`, {
        token: g,
        name: 'Thief',
      });
      tried += 1;
      expect([r.status, code({ error: r.body })]).toEqual([403, 'UNAUTHORIZED']);
    }
    expect(await log(game.gameId)).toEqual(before);
  });

  it('a token opens only its own game; a taken seat cannot be re-claimed under another name', async () => {
    const c = await connect(server.url);
    clients.push(c);
    expect(code(await c.ask('join', { gameId: other.gameId, token: tok(game, 0) }))).toBe(
      'UNAUTHORIZED',
    );
    const wrongGame = await api(server.url, 'POST', `/api/games/${other.gameId}/claim`, {
      token: tok(game, 0),
      name: 'Mallory',
    });
    expect(wrongGame.status).toBe(403);
    const reclaim = await api(server.url, 'POST', `/api/games/${game.gameId}/claim`, {
      token: tok(game, 0),
      name: 'Mallory',
    });
    expect([reclaim.status, code({ error: reclaim.body })]).toEqual([409, 'ALREADY_STARTED']);
    const viaSpectator = await api(server.url, 'POST', `/api/games/${game.gameId}/claim`, {
      token: game.spectatorToken,
      name: 'Mallory',
    });
    expect(viaSpectator.status).toBe(403);
    tried += 4;
    const view = (await api<View>(server.url, 'GET', `/api/games/${game.gameId}`)).body;
    expect(view.seats.map((s) => s.name)).toEqual(['S0', 'S1']);
  });

  it('spectators cannot act', async () => {
    const before = await log(game.gameId);
    for (const token of [game.spectatorToken, undefined]) {
      const { c, view } = await joined(server.url, game.gameId, token);
      clients.push(c);
      expect(view.you).toBeNull();
      const a = await c.ask('action', {
        gameId: game.gameId,
        clientId: `spec-${token ?? 'none'}`,
        action: { type: 'roll' },
      });
      expect(code(a)).toBe('SPECTATOR');
      tried += 1;
    }
    const r = await api(server.url, 'POST', `/api/games/${game.gameId}/actions`, {
      token: game.spectatorToken,
      clientId: 's',
      action: { type: 'roll' },
    });
    tried += 1;
    expect([r.status, code({ error: r.body })]).toEqual([403, 'UNAUTHORIZED']);
    expect(await log(game.gameId)).toEqual(before);
  });
});

describe('dice', () => {
  it('dice sent by a client are refused; the dice used are the committed stream', async () => {
    const before = await log(game.gameId);
    const { on, onTurn } = await seatClients(game);
    const six = [6, 6, 6, 6, 6, 6];
    for (const action of [
      { type: 'roll', dice: six },
      { type: 'roll', rolls: [six] },
      { type: 'keep', dice: [0], faces: six },
    ]) {
      expect(
        code(await onTurn.ask('action', { gameId: game.gameId, clientId: `d-${tried}`, action })),
      ).toBe('BAD_REQUEST');
      tried += 1;
    }
    const http = await api(server.url, 'POST', `/api/games/${game.gameId}/actions`, {
      token: tok(game, on),
      clientId: 'dh',
      action: { type: 'roll', dice: six },
    });
    const queue = await api(server.url, 'POST', `/api/test/games/${game.gameId}/dice`, {
      rolls: [six],
    });
    tried += 2;
    expect(http.status).toBe(400);
    expect(queue.status).toBe(404); // the test-dice route exists only with ZILCH_TEST_DICE=1
    expect(await log(game.gameId)).toEqual(before);
    // A real roll: its dice are the next ones of the stream the commitment binds (checked at the end).
    const ok = await onTurn.ask('action', {
      gameId: game.gameId,
      clientId: 'real-roll',
      action: { type: 'roll' },
    });
    expect(ok?.ok).toBe(true);
  });

  it('the next roll cannot be predicted: the seed stays secret until the end, then verifies independently', async () => {
    // While playing: no seed anywhere a client can read.
    const live = (await api<ExportAnswer>(server.url, 'GET', `/api/games/${game.gameId}/export`))
      .body;
    expect(live.serverSeed).toBeNull();
    const view = (
      await api<View>(server.url, 'GET', `/api/games/${game.gameId}`, undefined, {
        authorization: `Bearer ${tok(game, 0)}`,
      })
    ).body;
    expect(view.seed).toBeUndefined();
    expect(JSON.stringify(view)).not.toContain('serverSeed');

    // The same player seeds at two tables give different dice: the server's secret decides.
    const same = await Promise.all(
      [0, 1].map(async () => {
        const g = await must<Created>(server.url, 'POST', '/api/games', {
          rules: 'serendipity-creak',
          seats: two,
        });
        for (const s of [0, 1])
          await must(server.url, 'POST', `/api/games/${g.gameId}/claim`, {
            token: tok(g, s),
            name: `T${s}`,
            seed: `chosen-${s}`,
          });
        return (await api<ExportAnswer>(server.url, 'GET', `/api/games/${g.gameId}/export`)).body;
      }),
    );
    expect(same[0]?.playerSeeds).toEqual(same[1]?.playerSeeds);
    expect(same[0]?.commitment).not.toBe(same[1]?.commitment);

    // A whole game of bots, to the end: the revealed seed matches the commitment and gives every roll.
    const bots = await must<Created>(server.url, 'POST', '/api/games', {
      rules: 'serendipity-creak',
      seats: [
        { kind: 'bot', bot: 'cautious' },
        { kind: 'bot', bot: 'bold' },
      ],
    });
    await until(
      async () =>
        (await api<View>(server.url, 'GET', `/api/games/${bots.gameId}`)).body.status === 'over',
      40_000,
      100,
    );
    const x = (await api<ExportAnswer>(server.url, 'GET', `/api/games/${bots.gameId}/export`)).body;
    expect(x.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitment(x.serverSeed as string, x)).toBe(bots.commitment);
    const rolls = [...x.setupDice, ...x.entries.flatMap((e) => e.dice)];
    const flat = rolls.flat();
    expect(flat.length).toBeGreaterThan(20);
    expect(flat).toEqual(diceStream(x.serverSeed as string, x.playerSeeds, flat.length));
  });

  it('the server takes its randomness from node:crypto only', () => {
    const root = fileURLToPath(new URL('../../packages/server/src/', import.meta.url));
    const files = (function walk(d: string): string[] {
      return readdirSync(d).flatMap((f) =>
        statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)],
      );
    })(root).filter((f) => f.endsWith('.ts'));
    const offenders = files.filter((f) => /Math\.random\s*\(/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
    expect(readFileSync(join(root, 'fairness/dice-stream.ts'), 'utf8')).toMatch(
      /from 'node:crypto'/,
    );
  });
});

describe('names', () => {
  it('markup in names comes back as the same plain text, never interpreted; disguising characters are refused', async () => {
    const names = [
      '<script>x()</script>',
      '<img src=x onerror=1>',
      '"><svg onload=1>',
      "'; DROP TABLE games;--",
    ];
    const g = await must<Created>(server.url, 'POST', '/api/games', {
      rules: 'serendipity-creak',
      seats: [...two, ...two],
      public: true,
    });
    for (const [i, name] of names.entries())
      await must(server.url, 'POST', `/api/games/${g.gameId}/claim`, { token: tok(g, i), name });
    tried += names.length;
    const res = await fetch(`${server.url}/api/games/${g.gameId}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const view = (await res.json()) as View;
    expect(view.seats.map((s) => s.name)).toEqual(names);
    const listed = (
      await api<{ games: { id: string; seats: { name: string }[] }[] }>(
        server.url,
        'GET',
        '/api/games',
      )
    ).body;
    expect(listed.games.find((x) => x.id === g.gameId)?.seats.map((s) => s.name)).toEqual(names);
    // The SQL-looking name did nothing: the games are all still there.
    const all = await api<{ games: unknown[] }>(server.url, 'GET', '/api/games', undefined, {
      'x-zilch-tokens': [game, other, g].map((x) => tok(x, 0)).join(','),
    });
    expect(all.body.games.length).toBe(3);
    const h = await must<Created>(server.url, 'POST', '/api/games', {
      rules: 'serendipity-creak',
      seats: two,
    });
    for (const name of ['evil\u202Eexe.txt', 'a\nb', 'x\u0000y', '']) {
      const r = await api(server.url, 'POST', `/api/games/${h.gameId}/claim`, {
        token: tok(h, 0),
        name,
      });
      tried += 1;
      expect([r.status, code({ error: r.body })]).toEqual([400, 'BAD_REQUEST']);
    }
  });
});

describe('flooding (last: it uses up this address’s HTTP budget)', () => {
  it('a socket flooding messages is RATE_LIMITED, then disconnected; its address recovers', async () => {
    const { c } = await joined(server.url, game.gameId, tok(game, 0));
    clients.push(c);
    const bye = new Promise<unknown>((r) => c.socket.once('bye', r));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        c.ask('react', { gameId: game.gameId, emoji: i % 2 ? '👍' : '🎉' }, 3000),
      ),
    );
    tried += 200;
    const limited = answers.filter((a) => code(a) === 'RATE_LIMITED').length;
    const passed = answers.filter((a) => a?.ok === true).length;
    expect(passed).toBeLessThanOrEqual(45); // burst of 40 plus what refills meanwhile
    // 40 refusals are answered (ZILCH_SOCKET_MAX_REFUSALS); then the socket is told and dropped,
    // and the rest of the flood is never looked at.
    expect(limited).toBe(40);
    expect(code({ error: await bye })).toBe('RATE_LIMITED');
    expect(c.socket.connected).toBe(false);
    expect(answers.filter((a) => a === null).length).toBeGreaterThan(100);
    // The address may connect again after the 10 s penalty.
    const again = await until(
      () =>
        joined(server.url, game.gameId, tok(game, 0)).then(
          (j) => j,
          () => null,
        ),
      20_000,
      500,
    );
    clients.push(again.c);
    expect((await again.c.ask('react', { gameId: game.gameId, emoji: '👍' }))?.ok).toBe(true);
  }, 40_000);

  it('HTTP flooding gets 429 RATE_LIMITED; health stays reachable', async () => {
    const results = await Promise.all(
      Array.from({ length: 450 }, () => api(server.url, 'GET', `/api/games/${game.gameId}`)),
    );
    tried += 450;
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const r of limited) expect(code({ error: r.body })).toBe('RATE_LIMITED');
    expect(results.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    expect((await api(server.url, 'GET', '/healthz')).status).toBe(200);
  });
});
