// The bot API's streams as server-sent events (issue 27): asked for with
// `Accept: text/event-stream`, each line is one event whose `id:` is its sequence number, a
// `Last-Event-ID` header resumes the game stream as `?since=` does, a comment line keeps an idle
// stream alive, and a resume past the end of a finished game answers 204 (which stops an
// EventSource). Read with plain fetch, as a program without an EventSource would.
import { presetRules } from '@zilch/engine';
import { tempDir } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { SoftPasskey } from './authenticator.ts';
import { postMove, simpleMove } from './bot-stream.ts';
import { Device, register } from './device.ts';
import { startTestServer, type Loose } from './helpers.ts';

/** One block of an event stream: its fields as sent (data parsed as JSON). */
interface SseBlock {
  id?: string;
  data?: Loose;
  retry?: number;
  comment?: string;
}

/** An open event stream read with fetch: every block kept, in order. */
class SseStream {
  readonly blocks: SseBlock[] = [];
  ended = false;
  private wake: (() => void) | null = null;

  constructor(
    readonly res: Response,
    private readonly abort: AbortController,
  ) {}

  /** Opens `path` asking for server-sent events; `headers` add to the token and Accept. */
  static async open(
    url: string,
    token: string,
    headers: Record<string, string> = {},
  ): Promise<SseStream> {
    const abort = new AbortController();
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers },
      signal: abort.signal,
    });
    const s = new SseStream(res, abort);
    if (res.ok && res.body) void s.read(res.body);
    return s;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let end: number;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          this.blocks.push(parse(buf.slice(0, end)));
          buf = buf.slice(end + 2);
          this.wake?.();
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.wake?.();
  }

  /** The first block from index `from` on that matches, waiting up to 10 s. */
  async next(match: (b: SseBlock) => boolean, from = 0): Promise<SseBlock> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const hit = this.blocks.slice(from).find(match);
      if (hit) return hit;
      if (this.ended || Date.now() > deadline)
        throw new Error(`no such block; got ${JSON.stringify(this.blocks.slice(-3))}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, 200);
        this.wake = () => {
          clearTimeout(t);
          r();
        };
      });
    }
  }

  /** Closes it from this side. */
  close(): void {
    this.abort.abort();
  }
}

/** One event block's fields. */
function parse(block: string): SseBlock {
  const b: SseBlock = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) b.comment = line.slice(1).trim();
    else if (line.startsWith('id: ')) b.id = line.slice(4);
    else if (line.startsWith('data: ')) b.data = JSON.parse(line.slice(6));
    else if (line.startsWith('retry: ')) b.retry = Number(line.slice(7));
  }
  return b;
}

describe('the bot API as server-sent events', () => {
  let server: RunningServer;
  let token: string;
  const tmp = tempDir();
  const found = presetRules('classic');
  if (!found.ok) throw new Error('no classic preset');
  // Long enough that the game cannot end in the few moves before the cut (1,000 sometimes did).
  const rules = { ...found.rules, target: 4000, name: 'Shorter classic' };
  beforeAll(async () => {
    server = await startTestServer(
      { ZILCH_DATA_DIR: tmp.dir, ZILCH_RATE_LIMIT: '100000' },
      { botLimits: { pollMs: 100, keepAliveMs: 300, actionsPerSecond: 100 } },
    );
    const d = new Device(() => server.url);
    await d.call('POST', '/api/account/seats', { seats: [] });
    expect((await register(d, new SoftPasskey(server.url))).status).toBe(201);
    await d.call('POST', '/api/account/profile', { name: 'SseBot' });
    await d.call('POST', '/api/account/bot', { confirm: true });
    token = (
      await d.call('POST', '/api/account/bot/tokens', {
        label: 'sse',
        scopes: ['bot:play', 'read'],
      })
    ).body.token as string;
  });
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  /** Plays the move of the first event with choices from index `from` on; answers that index + 1. */
  async function moveFrom(s: SseStream, gameId: string, from: number, k: number): Promise<number> {
    const b = await s.next(
      (x) => x.data?.type === 'closed' || (x.data?.choices?.length ?? 0) > 0,
      from,
    );
    if (b.data.type === 'closed') return -1;
    const r = await postMove(server.url, gameId, token, {
      clientId: `sse${k}`,
      move: simpleMove(b.data.choices),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return s.blocks.indexOf(b) + 1;
  }

  it('streams a game with ids, resumes from Last-Event-ID, and ends with 204 past the end', async () => {
    const started = await fetch(`${server.url}/api/bot/challenge/ai`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bot: 'expected', rules }),
    });
    const { gameId } = (await started.json()) as { gameId: string };
    const url = `${server.url}/api/bot/game/stream/${gameId}`;

    const first = await SseStream.open(url, token);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const full = await first.next((b) => b.data !== undefined);
    expect(first.blocks[0]!.retry).toBeGreaterThan(0);
    expect(full.data.type).toBe('gameFull');
    expect(full.id).toBe(String(full.data.seq));

    // A few moves on the first connection; it drops while the bot is to move, and the bot
    // moves while it is away (nothing else changes on its turn, so the ids seen end here).
    let at = 0;
    for (let k = 0; k < 3 && at >= 0; k++) at = await moveFrom(first, gameId, at, k);
    expect(at).toBeGreaterThan(0);
    const turn = await first.next((b) => (b.data?.choices?.length ?? 0) > 0, at);
    first.close();
    const seen = first.blocks.filter((b) => b.id !== undefined);
    for (const b of seen) expect(b.id).toBe(String(b.data.seq));
    const lastId = Number(turn.id);
    expect(Number(seen.at(-1)!.id)).toBe(lastId);
    const away = await postMove(server.url, gameId, token, {
      clientId: 'away',
      move: simpleMove(turn.data.choices),
    });
    expect(away.status, JSON.stringify(away.body)).toBe(200);

    // The resume sends every change after the last id seen, in order, each id its seq: no
    // full state again, nothing repeated, nothing missed.
    const again = await SseStream.open(url, token, { 'last-event-id': String(lastId) });
    expect(again.res.status).toBe(200);
    const resumed = await again.next((b) => b.data !== undefined);
    expect(resumed.data.type).toBe('gameState');
    expect(resumed.data.seq).toBe(lastId + 1);
    let i = 0;
    for (let k = 10; i >= 0; k++) i = await moveFrom(again, gameId, i, k);
    const closed = await again.next((b) => b.data?.type === 'closed');
    expect(closed.data.reason).toBe('over');
    expect(closed.id).toBeUndefined();
    const ids = again.blocks.filter((b) => b.id !== undefined).map((b) => Number(b.id));
    expect(ids[0]).toBe(lastId + 1);
    ids.forEach((id, n) => n > 0 && expect(id).toBe(ids[n - 1]! + 1));
    for (const b of again.blocks.filter((x) => x.id !== undefined))
      expect(b.id).toBe(String(b.data.seq));

    // Past the end of the finished game: 204, which tells an EventSource to stop reconnecting.
    const over = await SseStream.open(url, token, { 'last-event-id': String(ids.at(-1)) });
    expect(over.res.status).toBe(204);
    // A Last-Event-ID that is no sequence number is refused, typed.
    const bad = await SseStream.open(url, token, { 'last-event-id': 'abc' });
    expect(bad.res.status).toBe(400);
    expect(((await bad.res.json()) as Loose).code).toBe('BAD_REQUEST');
  });

  it('keeps an idle event stream alive with a comment line, and NDJSON stays the default', async () => {
    const s = await SseStream.open(`${server.url}/api/bot/stream/event`, token);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const beat = await s.next((b) => b.comment !== undefined);
    expect(beat.comment).toBe('keep-alive');
    s.close();
    const plain = await fetch(`${server.url}/api/bot/stream/event`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(plain.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    await plain.body?.cancel();
  });

  it('the OpenAPI document gives both encodings and the Last-Event-ID header', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Loose;
    const game = doc.paths['/api/bot/game/stream/{id}'].get;
    expect(Object.keys(game.responses['200'].content).sort()).toEqual([
      'application/x-ndjson',
      'text/event-stream',
    ]);
    expect(game.responses['204']).toBeDefined();
    const headers = game.parameters
      .filter((p: Loose) => p.in === 'header')
      .map((p: Loose) => p.name);
    expect(headers).toContain('last-event-id');
    const events = doc.paths['/api/bot/stream/event'].get;
    expect(Object.keys(events.responses['200'].content)).toContain('text/event-stream');
  });
});
