// A typed client of the bot API (docs/bot-api.md) for TypeScript bots: every answer and stream
// line is checked against its schema here, streams reconnect (a game stream from its last
// sequence number), and moves retry with the same client id, so a retry is applied once.
// Plain `fetch`: Node 20 and browsers alike.
import type { z } from 'zod';
import {
  BotEventSchema,
  BotGameLineSchema,
  BotGameStartSchema,
  BotMeSchema,
  BotMovedSchema,
  type BotAiBody,
  type BotChoice,
  type BotEvent,
  type BotGameLine,
  type BotGameStart,
  type BotMe,
  type BotMoved,
} from './botapi.ts';
import { ErrorBodySchema, type ErrorCode } from './errors.ts';
import type { GameView } from './game-view.ts';
import type { Move } from './moves.ts';
import { ChallengeSchema, type Challenge, type ChallengeBody } from './social.ts';

/** A refusal from the server: its stable code, HTTP status and sentence. */
export class BotApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Where a bot connects, and with which token. */
export interface BotClientOptions {
  readonly server: string;
  readonly token: string;
  /** Wait before a reconnect or a rate-limited retry (ms; default 1000). */
  readonly retryMs?: number;
}

/** What a bot decides from: its view and its legal moves now. */
export interface BotTurn {
  readonly view: GameView;
  readonly choices: BotChoice[];
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The bot API, typed. */
export class BotClient {
  private readonly server: string;
  private readonly retryMs: number;

  constructor(private readonly o: BotClientOptions) {
    this.server = o.server.replace(/\/+$/, '');
    this.retryMs = o.retryMs ?? 1000;
  }

  private async call<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<z.output<S>> {
    for (;;) {
      const res = await fetch(`${this.server}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.o.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json: unknown = await res.json();
      if (res.ok) return schema.parse(json);
      const err = ErrorBodySchema.safeParse(json);
      const code = err.success ? err.data.code : 'INTERNAL';
      if (code === 'RATE_LIMITED') {
        await wait(Number(res.headers.get('retry-after') ?? 1) * 1000);
        continue;
      }
      throw new BotApiError(code, res.status, err.success ? err.data.message : res.statusText);
    }
  }

  /** Who the token speaks for, its scopes and limits. */
  account(): Promise<BotMe> {
    return this.call(BotMeSchema, 'GET', '/api/bot/account');
  }

  /** A game against one of the server's bots, started at once. */
  playAi(body: BotAiBody): Promise<BotGameStart> {
    return this.call(BotGameStartSchema, 'POST', '/api/bot/challenge/ai', body);
  }

  /** Challenges an account. */
  challenge(body: ChallengeBody): Promise<Challenge> {
    return this.call(ChallengeSchema, 'POST', '/api/bot/challenge', body);
  }

  /** Accepts a challenge: the new game and your seat. */
  accept(challengeId: string): Promise<BotGameStart> {
    return this.call(BotGameStartSchema, 'POST', `/api/bot/challenge/${challengeId}/accept`);
  }

  /** Declines a challenge (or takes back one you sent). */
  decline(challengeId: string): Promise<Challenge> {
    return this.call(ChallengeSchema, 'POST', `/api/bot/challenge/${challengeId}/decline`);
  }

  /** Plays a move; lost connections are retried with the same client id (applied once). */
  async move(gameId: string, move: Move, clientId = crypto.randomUUID()): Promise<BotMoved> {
    for (let tries = 0; ; tries++) {
      try {
        return await this.call(BotMovedSchema, 'POST', `/api/bot/game/${gameId}/move`, {
          clientId,
          move,
        });
      } catch (e) {
        if (e instanceof BotApiError || tries >= 5) throw e;
        await wait(this.retryMs);
      }
    }
  }

  /** NDJSON lines of a path, checked by `schema`; throws on a refusal, ends when the server ends. */
  private async *lines<S extends z.ZodType>(
    schema: S,
    path: string,
    signal?: AbortSignal,
  ): AsyncGenerator<z.output<S>> {
    const res = await fetch(`${this.server}${path}`, {
      headers: { authorization: `Bearer ${this.o.token}` },
      ...(signal ? { signal } : {}),
    });
    if (!res.ok || !res.body) {
      const err = ErrorBodySchema.safeParse(await res.json().catch(() => null));
      throw new BotApiError(
        err.success ? err.data.code : 'INTERNAL',
        res.status,
        err.success ? err.data.message : res.statusText,
      );
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buf += dec.decode(value, { stream: true });
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line) yield schema.parse(JSON.parse(line));
      }
    }
  }

  /** The event stream, reconnecting after a lost connection until `signal` aborts or the token is revoked. */
  async *events(signal?: AbortSignal): AsyncGenerator<BotEvent> {
    while (!signal?.aborted) {
      try {
        for await (const e of this.lines(BotEventSchema, '/api/bot/stream/event', signal)) {
          yield e;
          if (e.type === 'closed' && e.reason === 'revoked') return;
        }
      } catch (e) {
        if (e instanceof BotApiError || signal?.aborted) throw e;
      }
      await wait(this.retryMs);
    }
  }

  /** A game's stream until the game is over, resuming from the last sequence number after a lost connection. */
  async *game(gameId: string, signal?: AbortSignal): AsyncGenerator<BotGameLine> {
    let since: number | null = null;
    for (;;) {
      const path: string =
        since === null
          ? `/api/bot/game/stream/${gameId}`
          : `/api/bot/game/stream/${gameId}?since=${since}`;
      try {
        for await (const line of this.lines(BotGameLineSchema, path, signal)) {
          yield line;
          if (line.type === 'closed') {
            if (line.reason === 'shutdown') break;
            return;
          }
          since = line.seq;
        }
      } catch (e) {
        if (e instanceof BotApiError || signal?.aborted) throw e;
      }
      await wait(this.retryMs);
    }
  }

  /** Plays a game to its end with `decide`; answers the last view (status `over`). */
  async play(gameId: string, decide: (turn: BotTurn) => Move | Promise<Move>): Promise<GameView> {
    let view: GameView | null = null;
    for await (const line of this.game(gameId)) {
      if (line.type === 'closed') break;
      if (line.view) view = line.view;
      if (view && line.choices && line.choices.length > 0) {
        try {
          await this.move(gameId, await decide({ view, choices: line.choices }));
        } catch (e) {
          // A refused move changes nothing: the stream brings the state to decide on again.
          if (!(e instanceof BotApiError) || e.status !== 409) throw e;
        }
      }
    }
    if (!view) throw new BotApiError('NOT_FOUND', 404, 'The game stream sent no view.');
    return view;
  }
}
