// The schemas against a real server: every answer it gives parses to itself (nothing the
// contract leaves out, nothing it gets wrong), and malformed answers are refused.
import { preset } from '@zilch/engine';
import { connect } from '@zilch/testkit';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActedSchema,
  ActionAckSchema,
  AdviceSchema,
  ClaimedSchema,
  CreatedSchema,
  ErrorBodySchema,
  GameExportSchema,
  GameListSchema,
  GameViewSchema,
  JoinAckSchema,
  LogAnswerSchema,
  PlayerStatsSchema,
  ReactAckSchema,
  ReactionSchema,
  RematchedSchema,
  RulesAnswerSchema,
  TestDiceAnswerSchema,
  UpdateSchema,
  VerificationSchema,
} from '../src/index.ts';
import { api, startTestServer, type Loose } from '../../server/test/helpers.ts';
import type { RunningServer } from '../../server/src/server.ts';

let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.url;
});
afterAll(() => server?.close());

/** Parses `value` and checks nothing was dropped or changed: the schema describes all of it. */
function conforms(schema: z.ZodType, value: unknown): void {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${parsed.error.message}\n${JSON.stringify(value)}`);
  expect(parsed.data).toEqual(value);
}

// A short game: the first bank at or over 300 wins, and the test dice make that one roll.
const quick = {
  ...preset('farkle-2017'),
  target: 300,
  openingMinimum: 0,
  bankMinimum: 0,
  offers: null,
  turnTimerSeconds: null,
};

describe('the schemas accept what the server answers', () => {
  it('over HTTP and the socket, through a whole game and its rematch', async () => {
    const created = await api(base, 'POST', '/api/games', {
      rules: quick,
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'cautious' }],
    });
    expect(created.status).toBe(201);
    conforms(CreatedSchema, created.body);
    const id: string = created.body.gameId;
    const token: string = created.body.seats[0].token;

    conforms(GameViewSchema, (await api(base, 'GET', `/api/games/${id}`)).body);
    const claimed = await api(base, 'POST', `/api/games/${id}/claim`, { token, name: 'Ada' });
    expect(claimed.status).toBe(200);
    conforms(ClaimedSchema, claimed.body);
    expect(claimed.body.view.status).toBe('playing');

    const queued = await api(base, 'POST', `/api/test/games/${id}/dice`, {
      rolls: [[1, 1, 1, 2, 3, 4]],
    });
    conforms(TestDiceAnswerSchema, queued.body);

    const c = await connect(base);
    try {
      const joined = await c.ask('join', { gameId: id, token });
      conforms(JoinAckSchema, joined);
      const reacted = new Promise((resolve) => c.socket.once('reaction', resolve));
      conforms(ReactAckSchema, await c.ask('react', { gameId: id, emoji: '🎉' }));
      conforms(ReactionSchema, await reacted);
      const acted = await c.ask('action', { gameId: id, clientId: 'r1', action: { type: 'roll' } });
      conforms(ActionAckSchema, acted);
      expect(acted).toMatchObject({ ok: true });
      const update = await c.waitFor((u) => u.seq === 1);
      conforms(UpdateSchema, update);
      expect(update.events.length).toBeGreaterThan(0);
      const refused = await c.ask('action', {
        gameId: id,
        clientId: 'r2',
        action: { type: 'bank' },
      });
      expect(refused).toMatchObject({ ok: false });
      conforms(ActionAckSchema, refused);
    } finally {
      c.close();
    }

    const kept = await api(base, 'POST', `/api/games/${id}/actions`, {
      token,
      clientId: 'k1',
      action: { type: 'keep', dice: [0, 1, 2], then: 'bank' },
    });
    expect(kept.status).toBe(200);
    conforms(ActedSchema, kept.body);
    expect(kept.body.view.status).toBe('over');

    conforms(LogAnswerSchema, (await api(base, 'GET', `/api/games/${id}/log`)).body);
    const exported = await api(base, 'GET', `/api/games/${id}/export`);
    conforms(GameExportSchema, exported.body);
    expect(exported.body.serverSeed).toEqual(expect.any(String));
    const verified = await api(base, 'GET', `/api/games/${id}/verify`);
    conforms(VerificationSchema, verified.body);
    // Queued test dice do not come from the seeds, so the check itself reports a mismatch.
    expect(verified.body.ok).toBe(false);

    const rematch = await api(base, 'POST', `/api/games/${id}/rematch`, { token });
    expect(rematch.status).toBe(201);
    conforms(RematchedSchema, rematch.body);
    conforms(
      GameViewSchema,
      (
        await api(base, 'GET', `/api/games/${id}`, undefined, {
          authorization: `Bearer ${token}`,
        })
      ).body,
    );

    const list = await api(base, 'GET', '/api/games', undefined, { 'x-zilch-tokens': token });
    conforms(GameListSchema, list.body);
    expect(list.body.games.map((g: { id: string }) => g.id)).toContain(id);
    conforms(PlayerStatsSchema, (await api(base, 'GET', '/api/players/Ada/stats')).body);
  });

  it('for rules and advice', async () => {
    const rules = await api(base, 'GET', '/api/rules');
    conforms(RulesAnswerSchema, rules.body);
    const t = await api(base, 'POST', '/api/games', {
      rules: 'serendipity-creak',
      seats: [{ kind: 'bot', bot: 'random' }, { kind: 'human' }],
    });
    const state = (await api(base, 'GET', `/api/games/${t.body.gameId}`)).body.state;
    const advice = await api(base, 'POST', '/api/advice', { state, mode: 'points' });
    expect(advice.status).toBe(200);
    conforms(AdviceSchema, advice.body);
  });

  it('for refusals, whatever their source', async () => {
    const answers = [
      await api(base, 'GET', '/api/games/nope'),
      await api(base, 'POST', '/api/games', { rules: 'serendipity-creak', seats: [] }),
      await api(base, 'POST', '/api/games', {
        rules: 'no-such-rules',
        seats: [{ kind: 'human' }, { kind: 'human' }],
      }),
      await api(base, 'GET', '/api/no-such-route'),
      await api(base, 'POST', '/api/advice', { state: { rules: 42 } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 400, 400, 404, 400]);
    for (const a of answers) conforms(ErrorBodySchema, a.body);
  });
});

describe('the schemas refuse malformed answers', () => {
  const view = async () => {
    const t = await api(base, 'POST', '/api/games', {
      rules: 'serendipity-creak',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'bold' }],
    });
    return (await api(base, 'GET', `/api/games/${t.body.gameId}`)).body;
  };

  it('a view with a missing, mistyped or unknown-valued field', async () => {
    const v = await view();
    const { version: _version, ...noVersion } = v;
    expect(GameViewSchema.safeParse(noVersion).success).toBe(false);
    expect(
      GameViewSchema.safeParse({ ...v, createdAt: new Date(v.createdAt).toISOString() }).success,
    ).toBe(false);
    expect(GameViewSchema.safeParse({ ...v, status: 'paused' }).success).toBe(false);
    expect(
      GameViewSchema.safeParse({ ...v, seats: [{ ...v.seats[1], bot: 'genius' }] }).success,
    ).toBe(false);
    expect(GameViewSchema.safeParse({ ...v, state: { ...v.state, phase: 'dance' } }).success).toBe(
      false,
    );
    expect(GameViewSchema.safeParse({ ...v, rules: { ...v.rules, target: 333 } }).success).toBe(
      false,
    );
  });

  it('errors with a code outside the union, and messages without a sentence', () => {
    expect(ErrorBodySchema.safeParse({ code: 'ADVICE_UNAVAILABLE', message: 'x' }).success).toBe(
      false,
    );
    expect(ErrorBodySchema.safeParse({ code: 'NOT_FOUND', message: '' }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ code: 'NOT_FOUND' }).success).toBe(false);
  });

  it('updates, acks and reactions that break the contract', async () => {
    const v = await view();
    const update = { gameId: v.id, seq: 0, version: v.version, events: [], view: v };
    expect(UpdateSchema.safeParse(update).success).toBe(true);
    expect(
      UpdateSchema.safeParse({ ...update, events: [{ type: 'rolled', seat: 0, dice: [7] }] })
        .success,
    ).toBe(false);
    expect(
      UpdateSchema.safeParse({ ...update, events: [{ type: 'exploded', seat: 0 }] }).success,
    ).toBe(false);
    expect(ActionAckSchema.safeParse({ ok: true }).success).toBe(false);
    expect(
      ActionAckSchema.safeParse({ ok: false, error: { code: 'NOPE', message: 'x' } }).success,
    ).toBe(false);
    expect(JoinAckSchema.safeParse({ ok: true, view: { ...v, you: -1 } }).success).toBe(false);
    expect(ReactionSchema.safeParse({ gameId: v.id, seat: 0, emoji: '💩', at: 1 }).success).toBe(
      false,
    );
  });
});

describe('the OpenAPI document', () => {
  it('declares a request and answer schema for every route, refusals included', async () => {
    const doc = (await api(base, 'GET', '/api/openapi.json')).body;
    const ops = Object.entries(doc.paths as Record<string, Record<string, Loose>>).flatMap(
      ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(ops.length).toBeGreaterThanOrEqual(12);
    for (const { path, method, op } of ops) {
      const codes = Object.keys(op.responses ?? {});
      const ok = codes.find((c) => c.startsWith('2'));
      expect(ok, `${method} ${path}`).toBeDefined();
      // JSON for calls; the bot API's streams declare their lines (NDJSON, server-sent events).
      const content = op.responses[ok!].content as Record<string, { schema?: unknown }>;
      const body =
        content['application/json'] ??
        content['application/x-ndjson'] ??
        content['text/event-stream'];
      expect(body?.schema, `${method} ${path}`).toBeTruthy();
      expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(['4XX', '5XX']));
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.split('/').pop()!], ref).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['GameView', 'GameState', 'GameEvent', 'ErrorBody', 'RuleSet']),
    );
  });
});
