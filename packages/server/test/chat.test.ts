// Table chat against real servers on SQLite and on PostgreSQL: delivery, limits, the filter,
// mutes, spectators apart, reports kept, forged input refused, and history across a restart.
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_BURST, CHAT_MAX_GRAPHEMES } from '@zilch/protocol';
import { dropSchema, newSchema, postgresUrl, tempDir, until, type Client } from '@zilch/testkit';
import { loadConfig } from '../src/config/config.ts';
import type { RunningServer } from '../src/server.ts';
import { ChatStore } from '../src/store/chat-store.ts';
import { openDb } from '../src/store/db.ts';
import { api, client, startTestServer, type Loose } from './helpers.ts';

const pgUrl = await postgresUrl();
const tmp = tempDir();
const schema = newSchema();
afterAll(async () => {
  tmp.cleanup();
  if (pgUrl) await dropSchema(pgUrl, schema);
});

const backends: { name: string; env: Record<string, string>; skip: boolean }[] = [
  { name: 'SQLite', env: { ZILCH_DATA_DIR: tmp.dir }, skip: false },
  {
    name: 'PostgreSQL',
    env: { DATABASE_URL: pgUrl ?? '', ZILCH_PG_SCHEMA: schema },
    skip: !pgUrl,
  },
];

/** A client joined to a game, with every `chat` message it received. */
interface Joined {
  readonly c: Client<Loose, Loose>;
  readonly heard: Loose[];
}

describe.each(backends)('table chat on $name', ({ env, skip }) => {
  let server: RunningServer;
  const clients: Client<Loose, Loose>[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
  });

  async function start(): Promise<void> {
    server = await startTestServer(env);
  }

  async function table(extra: Record<string, unknown> = {}) {
    return (
      await api(server.url, 'POST', '/api/games', {
        rules: 'classic',
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
        ...extra,
      })
    ).body as Loose;
  }

  async function join(gameId: string, token?: string): Promise<Joined> {
    const c = await client(server.url);
    clients.push(c);
    const heard: Loose[] = [];
    c.socket.on('chat', (m: Loose) => heard.push(m));
    const a = await c.ask('join', { gameId, ...(token ? { token } : {}) });
    expect(a.ok).toBe(true);
    return { c, heard };
  }

  const say = (j: Joined, gameId: string, text: string) => j.c.ask('chat', { gameId, text });

  it.skipIf(skip)('starts', async () => {
    await start();
  });

  it.skipIf(skip)('delivers a seat’s message to every seat and spectator, normalised', async () => {
    const t = await table();
    const [a, b] = [await join(t.gameId, t.seats[0].token), await join(t.gameId, t.seats[1].token)];
    const watcher = await join(t.gameId);
    // Decomposed é becomes one code point (NFC); a bidi override, a NUL and a line break go.
    const sent = await say(a, t.gameId, '  Nice\u202E roll\u0000,\ncafe\u0301!  ');
    expect(sent.ok).toBe(true);
    expect(sent.message).toMatchObject({
      seat: 0,
      channel: 'seats',
      name: 'Player 1',
      text: 'Nice roll, café!',
    });
    for (const j of [a, b, watcher]) await until(async () => j.heard.length === 1, 5000);
    expect(b.heard[0]).toEqual(sent.message);
    expect(watcher.heard[0]).toEqual(sent.message);
  });

  it.skipIf(skip)('refuses empty, too long, oversized and forged messages with codes', async () => {
    const t = await table();
    const a = await join(t.gameId, t.seats[0].token);
    const code = async (payload: unknown) => (await a.c.ask('chat', payload)).error?.code;
    expect(await code({ gameId: t.gameId, text: ' \u200B\u0007 ' })).toBe('CHAT_EMPTY');
    const long = await a.c.ask('chat', {
      gameId: t.gameId,
      text: 'x'.repeat(CHAT_MAX_GRAPHEMES + 1),
    });
    expect(long.error.code).toBe('CHAT_TOO_LONG');
    expect(long.error.message).toContain(`${CHAT_MAX_GRAPHEMES}`);
    // Exactly at the limit is fine, counted in characters people see (a flag is one).
    expect((await say(a, t.gameId, '🇫🇷'.repeat(CHAT_MAX_GRAPHEMES))).ok).toBe(true);
    expect(await code({ gameId: t.gameId, text: 'y'.repeat(10_000) })).toBe('BAD_REQUEST');
    expect(await code({ gameId: t.gameId, text: 'hi', seat: 1 })).toBe('BAD_REQUEST');
    expect(await code({ gameId: t.gameId, text: 'hi', name: 'Admin' })).toBe('BAD_REQUEST');
    expect(await code({ gameId: t.gameId, text: { html: '<b>' } })).toBe('BAD_REQUEST');
    expect(await code(['not', 'an', 'object'])).toBe('BAD_REQUEST');
    expect(await code({ gameId: 'another-game', text: 'hi' })).toBe('NOT_JOINED');
    // HTML is kept as the text it is: clients render text, never markup.
    expect((await say(a, t.gameId, '<img src=x onerror=alert(1)>')).message.text).toBe(
      '<img src=x onerror=alert(1)>',
    );
    // The server is still there for everyone.
    expect((await api(server.url, 'GET', `/api/games/${t.gameId}`)).status).toBe(200);
  });

  it.skipIf(skip)('limits each sender’s rate with a wait in the sentence', async () => {
    const t = await table();
    const a = await join(t.gameId, t.seats[0].token);
    const b = await join(t.gameId, t.seats[1].token);
    const answers = [];
    for (let i = 0; i <= CHAT_BURST; i++) answers.push(await say(a, t.gameId, `m${i}`));
    expect(answers.slice(0, CHAT_BURST).every((x) => x.ok)).toBe(true);
    const last = answers[CHAT_BURST];
    expect(last.error.code).toBe('CHAT_TOO_FAST');
    expect(last.error.message).toMatch(/wait \d+ s/);
    // Per sender: another seat at the same table still talks.
    expect((await say(b, t.gameId, 'my turn to talk')).ok).toBe(true);
    // A second socket of the same seat shares its limit.
    const again = await join(t.gameId, t.seats[0].token);
    expect((await say(again, t.gameId, 'me again')).error.code).toBe('CHAT_TOO_FAST');
  });

  it.skipIf(skip)('masks profanity unless the table turned its filter off', async () => {
    const on = await table();
    const a = await join(on.gameId, on.seats[0].token);
    const masked = await say(a, on.gameId, 'what a shit roll');
    expect(masked.message.text).toBe('what a **** roll');
    expect((await say(a, on.gameId, 'Scunthorpe assessment')).message.text).toBe(
      'Scunthorpe assessment',
    );
    const off = await table({ chatFilter: false });
    const b = await join(off.gameId, off.seats[0].token);
    expect((await say(b, off.gameId, 'what a shit roll')).message.text).toBe('what a shit roll');
    expect((await b.c.ask('chatHistory', { gameId: off.gameId })).filtered).toBe(false);
    expect((await a.c.ask('chatHistory', { gameId: on.gameId })).filtered).toBe(true);
  });

  it.skipIf(skip)(
    'a muted seat is not delivered to, nor in the history of, the seat that muted it',
    async () => {
      const t = await table();
      const [a, b, c] = [
        await join(t.gameId, t.seats[0].token),
        await join(t.gameId, t.seats[1].token),
        await join(t.gameId, t.seats[2].token),
      ];
      await say(b, t.gameId, 'before the mute');
      const muted = await a.c.ask('chatMute', { gameId: t.gameId, target: 1, muted: true });
      expect(muted).toEqual({ ok: true, mutes: { seats: [1], spectators: false } });
      await say(b, t.gameId, 'after the mute');
      await say(c, t.gameId, 'from seat 2');
      await until(async () => c.heard.length === 3, 5000);
      expect(c.heard.map((m) => m.text)).toEqual([
        'before the mute',
        'after the mute',
        'from seat 2',
      ]);
      await until(async () => a.heard.length >= 2, 5000);
      expect(a.heard.map((m) => m.text)).toEqual(['before the mute', 'from seat 2']);
      // The mute is kept for the seat: a new connection (another device) gets it and the history without seat 1.
      const a2 = await join(t.gameId, t.seats[0].token);
      const h = await a2.c.ask('chatHistory', { gameId: t.gameId });
      expect(h.mutes).toEqual({ seats: [1], spectators: false });
      expect(h.messages.map((m: Loose) => m.text)).toEqual(['from seat 2']);
      // Refusals: yourself, a seat the table does not have, and a spectator trying to mute.
      expect(
        (await a.c.ask('chatMute', { gameId: t.gameId, target: 0, muted: true })).error.code,
      ).toBe('BAD_REQUEST');
      expect(
        (await a.c.ask('chatMute', { gameId: t.gameId, target: 5, muted: true })).error.code,
      ).toBe('BAD_REQUEST');
      const w = await join(t.gameId);
      expect(
        (await w.c.ask('chatMute', { gameId: t.gameId, target: 0, muted: true })).error.code,
      ).toBe('SPECTATOR');
      // Unmuting brings seat 1 back, in the history too.
      await a.c.ask('chatMute', { gameId: t.gameId, target: 1, muted: false });
      const back = await a.c.ask('chatHistory', { gameId: t.gameId });
      expect(back.messages.map((m: Loose) => m.text)).toEqual([
        'before the mute',
        'after the mute',
        'from seat 2',
      ]);
    },
  );

  it.skipIf(skip)('spectators talk in their own channel, which a seat may mute', async () => {
    const t = await table();
    const a = await join(t.gameId, t.seats[0].token);
    const b = await join(t.gameId, t.seats[1].token);
    const w = await join(t.gameId);
    const sent = await say(w, t.gameId, 'go for it!');
    expect(sent.message).toMatchObject({ channel: 'spectators', seat: null });
    expect(sent.message.name).toMatch(/^Spectator [0-9a-f]{4}$/);
    await until(async () => a.heard.length === 1 && b.heard.length === 1, 5000);
    await a.c.ask('chatMute', { gameId: t.gameId, target: 'spectators', muted: true });
    await say(w, t.gameId, 'bank now');
    await say(b, t.gameId, 'seat talk');
    await until(async () => b.heard.length === 3 && w.heard.length === 3, 5000);
    await until(async () => a.heard.length === 2, 5000);
    expect(a.heard.map((m) => m.text)).toEqual(['go for it!', 'seat talk']);
    const h = await a.c.ask('chatHistory', { gameId: t.gameId });
    expect(h.messages.map((m: Loose) => m.channel)).toEqual(['seats']);
    expect(h.mutes.spectators).toBe(true);
    // A spectator sees both channels and has no mutes of its own.
    const hw = await w.c.ask('chatHistory', { gameId: t.gameId });
    expect(hw.messages).toHaveLength(3);
    expect(hw.mutes).toBeNull();
  });

  it.skipIf(skip)(
    'keeps a report with who, what and when; refuses one of another table',
    async () => {
      const t = await table();
      const other = await table();
      const a = await join(t.gameId, t.seats[0].token);
      const b = await join(t.gameId, t.seats[1].token);
      const o = await join(other.gameId, other.seats[0].token);
      const rude = await say(b, t.gameId, 'you are slow');
      const elsewhere = await say(o, other.gameId, 'hello');
      const before = Date.now();
      expect(
        await a.c.ask('chatReport', {
          gameId: t.gameId,
          messageId: rude.message.id,
          reason: 'rude',
        }),
      ).toEqual({ ok: true });
      const wrong = await a.c.ask('chatReport', {
        gameId: t.gameId,
        messageId: elsewhere.message.id,
      });
      expect(wrong.error.code).toBe('NOT_FOUND');
      const c = loadConfig({ ...env, ZILCH_PG_POOL: '2' });
      if (!c.ok) throw new Error(c.message);
      const db = await openDb(c.config);
      try {
        const reports = await new ChatStore(db.db).reports(50);
        const mine = reports.filter((r) => r.gameId === t.gameId);
        expect(mine).toHaveLength(1);
        expect(mine[0]).toMatchObject({
          messageId: rude.message.id,
          author: 'seat:1 Player 2',
          text: 'you are slow',
          reporter: 'seat:0',
          reason: 'rude',
        });
        expect(mine[0]!.at).toBeGreaterThanOrEqual(before);
      } finally {
        await db.close();
      }
    },
  );

  it.skipIf(skip)('refuses chat before join and keeps history across a restart', async () => {
    const t = await table();
    const stranger = await client(server.url);
    clients.push(stranger);
    expect((await stranger.ask('chat', { gameId: t.gameId, text: 'hi' })).error.code).toBe(
      'NOT_JOINED',
    );
    expect((await stranger.ask('chatHistory', { gameId: t.gameId })).error.code).toBe('NOT_JOINED');
    const a = await join(t.gameId, t.seats[0].token);
    await say(a, t.gameId, 'first');
    await say(a, t.gameId, 'second');
    for (const x of clients.splice(0)) x.close();
    await server.close();
    await start();
    const again = await join(t.gameId, t.seats[1].token);
    const h = await again.c.ask('chatHistory', { gameId: t.gameId });
    expect(h.messages.map((m: Loose) => m.text)).toEqual(['first', 'second']);
    expect(h.messages[0].id < h.messages[1].id).toBe(true);
  });
});
