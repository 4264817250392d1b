// Bad input: random and malformed socket messages and HTTP requests against a live server. Each
// must get a clear `{code,message}` refusal (or, for transport-level abuse, a closed connection),
// the server must keep answering /healthz, and the game's log must not change.
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  claimSeat,
  connect,
  createGame,
  joined,
  spawnServer,
  tempDir,
  type Client,
  type ServerProcess,
} from '@zilch/testkit';
import {
  ErrorBodySchema,
  type Created,
  type GameView as View,
  type LogAnswer,
} from '@zilch/protocol';

/** Whether a value is a `{code,message}` refusal with one of the protocol's codes. */
const isApiError = (v: unknown): boolean => ErrorBodySchema.safeParse(v).success;

let server: ServerProcess;
const dir = tempDir('zilch-fuzz-');
let game: Created;
const clients: Client[] = [];
const counted = { socket: 0, http: 0 };

beforeAll(async () => {
  server = await spawnServer({
    ZILCH_DATA_DIR: dir.dir,
    ZILCH_RATE_LIMIT: '1000000',
    ZILCH_SOCKET_ACTIONS_PER_SECOND: '10000',
  });
  game = await createGame(server.url, 'serendipity-creak', [{ kind: 'human' }, { kind: 'human' }]);
  for (const s of game.seats) {
    await claimSeat(server.url, game.gameId, s.token as string, `P${s.seat}`);
  }
});

afterAll(async () => {
  for (const c of clients) c.close();
  console.log(`fuzz: ${counted.socket} socket messages and ${counted.http} HTTP requests tried`);
  await server?.stop('SIGKILL');
  dir.cleanup();
});

const tokenOf = (seat: number) => game.seats[seat]?.token as string;
const snapshot = async () => ({
  log: (await api<LogAnswer>(server.url, 'GET', `/api/games/${game.gameId}/log`)).body,
  view: (await api<View>(server.url, 'GET', `/api/games/${game.gameId}`)).body,
});
const healthy = async () => (await api(server.url, 'GET', '/healthz')).status === 200;

/** An action shape the schema refuses whoever sends it: dice from the client, a seat, unknown types. */
const invalidMove = fc.oneof(
  fc.record({
    type: fc.constant('roll'),
    dice: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }),
  }),
  fc.record({
    type: fc.constant('keep'),
    dice: fc.array(fc.nat(9), { minLength: 1, maxLength: 6 }),
    seat: fc.nat(7),
  }),
  fc.record({ type: fc.constant('bank'), points: fc.integer() }),
  fc.record({ type: fc.constant('timeout') }),
  fc.record({
    type: fc.string().filter((t) => !['fresh', 'inherit', 'roll', 'bank', 'keep'].includes(t)),
  }),
  fc.record({
    type: fc.constant('keep'),
    dice: fc.oneof(fc.string(), fc.array(fc.double()), fc.constant([])),
  }),
  fc.anything().filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
);
/** Any move shape, valid ones included (only ever sent by seats not on turn, spectators and strangers). */
const anyMove = fc.oneof(
  invalidMove,
  fc.constantFrom({ type: 'fresh' }, { type: 'inherit' }, { type: 'roll' }, { type: 'bank' }),
  fc.record({
    type: fc.constant('keep'),
    dice: fc.array(fc.nat(9), { minLength: 1, maxLength: 10 }),
    then: fc.constantFrom('bank', 'roll'),
  }),
);
const gameIdArb = () =>
  fc.oneof(fc.constant(game.gameId), fc.string({ maxLength: 80 }), fc.integer(), fc.constant(null));
const clientIdArb = fc.oneof(
  fc.string({ minLength: 1, maxLength: 64 }),
  fc.string({ maxLength: 200 }),
  fc.integer(),
  fc.constant(''),
);

describe('socket messages', () => {
  it('random, malformed, out-of-turn and replayed messages are refused with {code,message}; the log never changes', async () => {
    const seats = [
      await joined(server.url, game.gameId, tokenOf(0)),
      await joined(server.url, game.gameId, tokenOf(1)),
    ];
    const spec = await joined(server.url, game.gameId);
    const stranger = await connect(server.url);
    clients.push(...seats.map((s) => s.c), spec.c, stranger);
    // One real action first, so there is an accepted client id to replay: a roll by the seat on
    // turn (`a`) that keeps the turn there. A roll that zilches passes the turn, and then the other
    // seat's "stolen" id below would be a move in turn: roll again, from whoever is on turn.
    const rollInTurn = async (i: number) => {
      const on = (await snapshot()).view.state.current;
      const [mover, other] = [seats[on]!, seats[1 - on]!];
      const id = `fuzz-first-${i}`;
      const ack = await mover.c.ask('action', {
        gameId: game.gameId,
        clientId: id,
        action: { type: 'roll' },
      });
      expect(ack?.ok).toBe(true);
      const kept = (await snapshot()).view.state.current === on;
      return { a: mover, b: other, firstId: id, first: ack, kept };
    };
    let tried = await rollInTurn(0);
    for (let i = 1; !tried.kept; i++) {
      expect(i, 'ten rolls in a row zilched').toBeLessThan(10);
      tried = await rollInTurn(i);
    }
    const { a, b, firstId, first } = tried;
    const before = await snapshot();
    const onTurn = a.c;
    const offTurn = b.c;

    const refused = (ack: unknown) =>
      typeof ack === 'object' &&
      ack !== null &&
      (ack as { ok?: unknown }).ok === false &&
      isApiError((ack as { error?: unknown }).error);

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // Anything at all, to every event, from every kind of client.
          fc.record({
            who: fc.constantFrom('off', 'spec', 'stranger', 'on'),
            event: fc.constantFrom('action', 'join', 'react'),
            payload: fc.oneof(fc.anything(), fc.jsonValue()),
          }),
          // Well-formed envelopes: any move from those not on turn, only invalid moves from the seat on turn.
          fc.record({
            who: fc.constantFrom('off', 'spec', 'stranger'),
            event: fc.constant('action'),
            payload: fc.record({ gameId: gameIdArb(), clientId: clientIdArb, action: anyMove }),
          }),
          fc.record({
            who: fc.constant('on'),
            event: fc.constant('action'),
            payload: fc.record({ gameId: gameIdArb(), clientId: clientIdArb, action: invalidMove }),
          }),
          fc.record({
            who: fc.constantFrom('off', 'spec', 'stranger', 'on'),
            event: fc.constant('join'),
            payload: fc.record({
              gameId: gameIdArb(),
              token: fc.oneof(fc.string({ maxLength: 200 }), fc.integer()),
            }),
          }),
          fc.record({
            who: fc.constantFrom('stranger', 'on'),
            event: fc.constant('react'),
            payload: fc.record({ gameId: gameIdArb(), emoji: fc.string({ maxLength: 8 }) }),
          }),
        ),
        async ({ who, event, payload }) => {
          const c = { on: onTurn, off: offTurn, spec: spec.c, stranger }[who] as Client;
          // A join with this seat's own token or a valid emoji is allowed; anything else must be refused.
          const ack = await c.ask(event, payload);
          counted.socket += 1;
          if (ack?.ok === true) {
            const p = payload as Record<string, unknown>;
            const allowed =
              (event === 'join' && p.gameId === game.gameId) ||
              (event === 'react' && p.gameId === game.gameId);
            expect(allowed, `accepted ${event} ${JSON.stringify(payload)}`).toBe(true);
          } else {
            expect(
              refused(ack),
              `${event} ${JSON.stringify(payload)} → ${JSON.stringify(ack)}`,
            ).toBe(true);
          }
        },
      ),
      { numRuns: 600 },
    );

    // Replays of the accepted intent: the first answer again, never a second application.
    for (const action of [{ type: 'roll' }, { type: 'bank' }]) {
      const again = await a.c.ask('action', {
        gameId: game.gameId,
        clientId: firstId,
        action,
      });
      counted.socket += 1;
      expect(again).toEqual(first);
    }
    const stolen = await b.c.ask('action', {
      gameId: game.gameId,
      clientId: firstId,
      action: { type: 'roll' },
    });
    counted.socket += 1;
    // Client ids are per seat: another seat's id labels a new intent of this seat, refused on
    // its own merits (it is not this seat's turn), and the first seat's answer stays as it was.
    expect(stolen?.ok === false && stolen.error.code).toBe('NOT_YOUR_TURN');

    // Unknown event names: ignored (socket.io answers nothing), the server carries on.
    for (const event of ['hack', 'timeout', 'update', 'disconnecting', 'action ']) {
      expect(await offTurn.ask(event, { gameId: game.gameId }, 300)).toBeNull();
      counted.socket += 1;
    }

    // A thousand out-of-turn actions at once: all refused.
    const flood = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        offTurn.ask(
          'action',
          { gameId: game.gameId, clientId: `flood-${i}`, action: { type: 'roll' } },
          20_000,
        ),
      ),
    );
    counted.socket += 1000;
    expect(flood.every((x) => x?.ok === false && x.error.code === 'NOT_YOUR_TURN')).toBe(true);

    // An oversized message: socket.io drops that connection (no answer is possible); nothing else happens.
    const big = await connect(server.url);
    const closed = new Promise<void>((r) => big.socket.once('disconnect', () => r()));
    big.socket.emit('action', {
      gameId: game.gameId,
      clientId: 'x'.repeat(200_000),
      action: { type: 'roll' },
    });
    counted.socket += 1;
    await closed;

    expect(await healthy()).toBe(true);
    const after = await snapshot();
    expect(isDeepStrictEqual(after.log, before.log)).toBe(true);
    expect(after.view.seq).toBe(before.view.seq);
    expect(after.view.state).toEqual(before.view.state);
  });

  it('a thousand intents at once from the seat on turn are applied one at a time: the log stays a valid game', async () => {
    const before = await snapshot();
    const on = before.view.state.current;
    const { c } = await joined(server.url, game.gameId, tokenOf(on));
    clients.push(c);
    const moves = [
      { type: 'roll' },
      { type: 'bank' },
      { type: 'keep', dice: [0] },
      { type: 'keep', dice: [0], then: 'bank' },
    ];
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        c.ask(
          'action',
          { gameId: game.gameId, clientId: `burst-${i}`, action: moves[i % moves.length] },
          30_000,
        ),
      ),
    );
    counted.socket += 1000;
    const ok = answers.filter((x) => x?.ok === true);
    expect(answers.every((x) => x !== null && (x.ok || isApiError(x.error)))).toBe(true);
    const after = await snapshot();
    expect(after.log.log.entries.length).toBe(before.log.log.entries.length + ok.length);
    const seqs = ok.map((x) => (x?.ok ? x.seq : -1));
    expect(new Set(seqs).size).toBe(ok.length);
    expect(await healthy()).toBe(true);
  });
});

describe('HTTP routes', () => {
  it('random bodies, ids and queries get a 4xx {code,message} (never a 5xx); the log never changes', async () => {
    const before = await snapshot();
    const id = game.gameId;
    const route = fc.constantFrom(
      ['POST', `/api/games`],
      ['POST', `/api/games/${id}/actions`],
      ['POST', `/api/games/${id}/claim`],
      ['POST', `/api/games/${id}/rematch`],
      ['POST', `/api/advice`],
      ['POST', `/api/test/games/${id}/dice`],
      ['PUT', `/api/games/${id}`],
      ['DELETE', `/api/games/${id}`],
    );
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.anything().map((v) => JSON.stringify(v) ?? 'undefined'),
      fc.string(), // mostly malformed JSON
      fc
        .record({
          token: fc.oneof(fc.string(), fc.constant(tokenOf(1))),
          clientId: clientIdArb,
          action: invalidMove,
        })
        .map((v) => JSON.stringify(v)),
      fc.nat(40_000).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    );
    await fc.assert(
      fc.asyncProperty(
        route,
        body,
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async ([method, path], raw, type) => {
          const r = await api(server.url, method, path, raw, { 'content-type': type });
          counted.http += 1;
          expect(
            r.status,
            `${method} ${path} ${raw.slice(0, 80)} → ${r.status} ${JSON.stringify(r.body)}`,
          ).toBeGreaterThanOrEqual(400);
          expect(r.status).toBeLessThan(500);
          expect(isApiError(r.body), JSON.stringify(r.body)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
    // Random ids and queries on the read routes: a 2xx or a 4xx {code,message}, never a 5xx.
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 100 }),
        fc.constantFrom(
          '/api/games/%s',
          '/api/games/%s/log',
          '/api/games/%s/export',
          '/api/games/%s/verify',
          '/api/players/%s/stats',
          '/api/games?status=%s',
          '/api/games?limit=%s',
          '/api/games?tokens=%s',
          '/api/%s',
          '/%s',
        ),
        async (s, pattern) => {
          const r = await api(server.url, 'GET', pattern.replace('%s', encodeURIComponent(s)));
          counted.http += 1;
          expect(r.status).toBeLessThan(500);
          if (r.status >= 400) expect(isApiError(r.body), JSON.stringify(r.body)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    // Huge payloads: refused before parsing.
    for (const size of [70_000, 1_000_000, 8_000_000]) {
      const raw = `{"token":"${'a'.repeat(size)}"}`;
      const r = await api(server.url, 'POST', `/api/games/${id}/actions`, raw).catch(
        // The server may answer 413 and close before a big upload ends: the client sees EPIPE.
        (e: Error & { cause?: { code?: string } }) => ({
          status: 413,
          body: { code: 'PAYLOAD_TOO_LARGE', message: String(e.cause?.code) },
        }),
      );
      counted.http += 1;
      expect(r.status).toBe(413);
      expect(r.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(await healthy()).toBe(true);
    const after = await snapshot();
    expect(isDeepStrictEqual(after.log, before.log)).toBe(true);
    expect(after.view.state).toEqual(before.view.state);
  });
});
