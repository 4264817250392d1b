// A typed client of the bot API (docs/bot-api.md) for TypeScript bots: one method per route,
// every answer and stream line checked against its @zilch/protocol schema, streams as async
// iterables that reconnect with backoff (a game stream resuming after its last sequence
// number), and moves retried with the same client id, so a retry is applied once.
// Plain `fetch`: Node 20 and browsers alike.
import {
  BotEventSchema,
  BotGameLineSchema,
  BotGameStartSchema,
  BotLeaderboardSchema,
  BotMeSchema,
  BotMovedSchema,
  ChallengeSchema,
  type BotAiBody,
  type BotChoice,
  type BotEvent,
  type BotGameLine,
  type BotGameStart,
  type BotLeaderboard,
  type BotMe,
  type BotMoved,
  type Challenge,
  type ChallengeBody,
  type GameView,
  type Move,
} from '@zilch/protocol';
import type { z } from 'zod';
import { Backoff } from './backoff.ts';
import { BotApiError, refusal, transient } from './errors.ts';
import { Http } from './http.ts';
import { ndjson } from './ndjson.ts';

/** Where a bot connects, and with which token. */
export interface BotClientOptions {
  readonly server: string;
  readonly token: string;
  /** First wait before a reconnect or a move's retry (ms; default 500); it doubles each time. */
  readonly retryMs?: number;
  /** Longest wait between reconnects (ms; default 30 000). */
  readonly maxRetryMs?: number;
}

/** What a bot decides from: its view and its legal moves now. */
export interface BotTurn {
  readonly view: GameView;
  readonly choices: BotChoice[];
}

/** A bot: the move to make from its turn. */
export type Decide = (turn: BotTurn) => Move | Promise<Move>;

/** Tries of a move (same client id) before its NETWORK error is thrown. */
const MOVE_TRIES = 6;

/** The bot API, typed. */
export class BotClient {
  private readonly http: Http;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;

  constructor(o: BotClientOptions) {
    this.http = new Http(o.server, o.token);
    this.retryMs = o.retryMs ?? 500;
    this.maxRetryMs = o.maxRetryMs ?? 30_000;
  }

  private backoff(): Backoff {
    return new Backoff(this.retryMs, this.maxRetryMs);
  }

  /** `GET /api/bot/account`: who the token speaks for, its scopes and limits. */
  account(): Promise<BotMe> {
    return this.http.call(BotMeSchema, 'GET', '/api/bot/account');
  }

  /** `GET /api/bot/leaderboard`: the bot ladder of a preset. */
  leaderboard(preset = 'classic'): Promise<BotLeaderboard> {
    const q = new URLSearchParams({ preset });
    return this.http.call(BotLeaderboardSchema, 'GET', `/api/bot/leaderboard?${q}`);
  }

  /** `POST /api/bot/challenge/ai`: a game against one of the server's bots, started at once. */
  playAi(body: BotAiBody): Promise<BotGameStart> {
    return this.http.call(BotGameStartSchema, 'POST', '/api/bot/challenge/ai', body);
  }

  /** `POST /api/bot/challenge`: challenges an account (a person or a bot). */
  challenge(body: ChallengeBody): Promise<Challenge> {
    return this.http.call(ChallengeSchema, 'POST', '/api/bot/challenge', body);
  }

  /** `POST /api/bot/challenge/:id/accept`: the new game and your seat. */
  accept(challengeId: string): Promise<BotGameStart> {
    const path = `/api/bot/challenge/${encodeURIComponent(challengeId)}/accept`;
    return this.http.call(BotGameStartSchema, 'POST', path);
  }

  /** `POST /api/bot/challenge/:id/decline`: declines a challenge (or takes back one you sent). */
  decline(challengeId: string): Promise<Challenge> {
    const path = `/api/bot/challenge/${encodeURIComponent(challengeId)}/decline`;
    return this.http.call(ChallengeSchema, 'POST', path);
  }

  /** `POST /api/bot/game/:id/move`; a lost connection is retried with the same client id (applied once). */
  async move(gameId: string, move: Move, clientId = crypto.randomUUID()): Promise<BotMoved> {
    const wait = this.backoff();
    const path = `/api/bot/game/${encodeURIComponent(gameId)}/move`;
    for (let tries = 1; ; tries++) {
      try {
        return await this.http.call(BotMovedSchema, 'POST', path, { clientId, move });
      } catch (e) {
        if (!transient(e) || tries >= MOVE_TRIES) throw e;
        await wait.next();
      }
    }
  }

  /** One connection's lines, checked by `schema`; a refusal to open throws BotApiError. */
  private async *open<S extends z.ZodType>(
    schema: S,
    path: string,
    signal?: AbortSignal,
  ): AsyncGenerator<z.output<S>> {
    const res = await this.http.fetch(path, {
      headers: this.http.headers({ accept: 'application/x-ndjson' }),
      ...(signal ? { signal } : {}),
    });
    if (!res.ok || !res.body) throw await refusal(res);
    for await (const line of ndjson(res.body)) yield schema.parse(line);
  }

  /**
   * `GET /api/bot/stream/event`: challenges and game starts and ends, reconnecting after a lost
   * connection (each connection sends the open challenges and games in play again) until
   * `signal` aborts or the token is revoked (the `closed` line is the last one).
   */
  async *events(signal?: AbortSignal): AsyncGenerator<BotEvent> {
    const wait = this.backoff();
    while (!signal?.aborted) {
      try {
        for await (const e of this.open(BotEventSchema, '/api/bot/stream/event', signal)) {
          wait.reset();
          yield e;
          if (e.type === 'closed' && e.reason === 'revoked') return;
        }
      } catch (e) {
        if (signal?.aborted) return;
        if (!transient(e)) throw e;
      }
      await wait.next(signal);
    }
  }

  /**
   * `GET /api/bot/game/stream/:id`: the full state, then every change, until the game is over
   * (the `closed` line is the last one). After a lost connection or a server restart it
   * reconnects with backoff and resumes after the last sequence number seen, so no change is
   * missed or repeated. `since` resumes a stream an earlier run left.
   */
  async *game(
    gameId: string,
    o: { signal?: AbortSignal; since?: number } = {},
  ): AsyncGenerator<BotGameLine> {
    const { signal } = o;
    const wait = this.backoff();
    let since = o.since ?? null;
    while (!signal?.aborted) {
      const path = `/api/bot/game/stream/${encodeURIComponent(gameId)}${since === null ? '' : `?since=${since}`}`;
      try {
        for await (const line of this.open(BotGameLineSchema, path, signal)) {
          wait.reset();
          if (line.type === 'closed') {
            // A restarting server ends streams with `shutdown`: connect again (another process
            // or this one back answers). Over and revoked are final.
            if (line.reason === 'shutdown') break;
            yield line;
            return;
          }
          yield line;
          since = line.seq;
        }
      } catch (e) {
        if (signal?.aborted) return;
        if (!transient(e)) throw e;
      }
      await wait.next(signal);
    }
  }

  /** Plays a game to its end with `decide`; answers the last view (status `over`). */
  async play(gameId: string, decide: Decide, signal?: AbortSignal): Promise<GameView> {
    let view: GameView | null = null;
    for await (const line of this.game(gameId, signal ? { signal } : {})) {
      if (line.type === 'closed') break;
      if (line.view) view = line.view;
      if (view && line.choices && line.choices.length > 0) {
        try {
          await this.move(gameId, await decide({ view, choices: line.choices }));
        } catch (e) {
          // A refused move changes nothing: the stream sends the state to decide on again.
          if (!(e instanceof BotApiError) || e.status !== 409) throw e;
        }
      }
    }
    if (!view) throw new BotApiError('NOT_FOUND', 404, 'The game stream sent no view.');
    return view;
  }
}
