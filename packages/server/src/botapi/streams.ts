// The bot API's streams, as NDJSON or server-sent events (wire.ts). The game stream sends the
// full state first (or, resuming with `?since=N` or Last-Event-ID, every change after N), then
// each stored change with its sequence number; the event stream sends challenges and game
// starts and ends. Both end at once when their token is revoked here, and at their next check
// (every `pollMs`) when it is revoked on another process.
import type { ServerResponse } from 'node:http';
import type { BotEvent, BotGameLine } from '@zilch/protocol';
import type { ChallengeService } from '../challenges/service.ts';
import type { GameService } from '../games/service.ts';
import { choicesFor, type BotApiService, type BotCaller } from './service.ts';
import { StreamOut, type StreamFormat } from './wire.ts';

/** Wakes the game streams of a game when it changes (here, or on another process through the bus). */
export class GameWatch {
  private readonly byGame = new Map<string, Set<(full: boolean) => void>>();

  /** Calls `wake` on each change of a game until the answer is called (`full`: resend the state). */
  watch(gameId: string, wake: (full: boolean) => void): () => void {
    const set = this.byGame.get(gameId) ?? new Set();
    set.add(wake);
    this.byGame.set(gameId, set);
    return () => {
      set.delete(wake);
      if (set.size === 0) this.byGame.delete(gameId);
    };
  }

  /** A game changed. */
  changed(gameId: string): void {
    for (const w of this.byGame.get(gameId) ?? []) w(false);
  }

  /**
   * A move of this game was refused: its streams here send the full state again, so a bot whose
   * view was behind decides again on the state the refusal was judged on (as the socket does).
   */
  resync(gameId: string): void {
    for (const w of this.byGame.get(gameId) ?? []) w(true);
  }
}

/** What both streams need. */
export interface StreamDeps {
  readonly api: BotApiService;
  readonly games: GameService;
  readonly watch: GameWatch;
  readonly challenges: ChallengeService;
}

/** Runs a token's stream: registration (refused past the token's cap), periodic checks, cleanup. */
function run<T>(
  d: StreamDeps,
  caller: BotCaller,
  out: StreamOut<T>,
  closing: (reason: 'revoked' | 'shutdown') => T,
  tick: () => Promise<void>,
  extra: () => void = () => undefined,
): boolean {
  const end = (reason: 'revoked' | 'shutdown') => out.end(closing(reason));
  const unregister = d.api.openStream(caller.token.id, end);
  if (!unregister) return false;
  out.open();
  let checking = false;
  const timer = setInterval(() => {
    if (checking || out.ended) return;
    checking = true;
    void (async () => {
      if (!(await d.api.live(caller.token.id))) return end('revoked');
      await tick();
      out.keepAlive();
    })()
      .catch(() => undefined)
      .finally(() => (checking = false));
  }, d.api.limits.pollMs);
  const cleanup = () => {
    clearInterval(timer);
    unregister();
    extra();
    out.ended = true;
  };
  out.res.on('close', cleanup);
  out.res.on('finish', cleanup);
  return true;
}

/** Streams one game to a seat; false when the token has too many streams open. */
export function gameStream(
  d: StreamDeps,
  caller: BotCaller,
  gameId: string,
  seat: number,
  since: number | undefined,
  res: ServerResponse,
  format: StreamFormat,
): boolean {
  const out = new StreamOut<BotGameLine>(res, format, d.api.limits.keepAliveMs, (l) =>
    l.type === 'closed' ? undefined : l.seq,
  );
  let last = since ?? -1;
  let busy = false;
  let again = false;
  let resend = false;
  // Changes are sent in order and once: one pump at a time, and a wake during one runs it again.
  const pump = async (): Promise<void> => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const snap = await d.games.snapshot(gameId);
        if (!snap || out.ended) return;
        const view = d.games.cachedView(gameId, seat);
        if (!view) return;
        const choices = choicesFor(snap.state, seat);
        const news = snap.entries.filter((e) => e.seq > last);
        if (resend && news.length === 0) {
          resend = false;
          out.write({ type: 'gameFull', seq: snap.record.seq, view, choices });
        } else if (last < 0) {
          out.write({ type: 'gameFull', seq: snap.record.seq, view, choices });
        } else {
          resend = false;
          news.forEach((e, i) =>
            out.write({
              type: 'gameState',
              seq: e.seq,
              action: e.action,
              events: e.events,
              ...(i === news.length - 1 ? { view, choices } : {}),
            }),
          );
        }
        last = snap.record.seq;
        if (snap.record.status === 'over') out.end({ type: 'closed', reason: 'over' });
      } while (again);
    } finally {
      busy = false;
    }
  };
  const wake = (full = false) => {
    if (full && last >= 0) resend = true;
    void pump().catch(() => undefined);
  };
  const unwatch = d.watch.watch(gameId, wake);
  // The periodic check also reads the store's version when processes share it: a change made on
  // another process whose invalidation was lost would otherwise never reach this stream.
  const poll = async () => {
    if (d.games.shared) await d.games.refresh(gameId);
    await pump();
  };
  if (!run(d, caller, out, (reason) => ({ type: 'closed' as const, reason }), poll, unwatch)) {
    unwatch();
    return false;
  }
  wake();
  return true;
}

/** Streams a bot's challenges and game starts and ends; false when the token has too many streams open. */
export function eventStream(
  d: StreamDeps,
  caller: BotCaller,
  res: ServerResponse,
  format: StreamFormat,
): boolean {
  // Its events carry no sequence number (no SSE id): each connection sends the open challenges
  // and the games in play again, so a reconnect misses nothing without resuming.
  const out = new StreamOut<BotEvent>(res, format, d.api.limits.keepAliveMs);
  const me = caller.user;
  const since = Date.now();
  const challenges = new Set<string>();
  const started = new Map<string, number>();
  const tick = async (): Promise<void> => {
    const { incoming } = await d.challenges.list(me);
    const open = new Set(incoming.map((c) => c.id));
    for (const c of incoming)
      if (!challenges.has(c.id)) {
        challenges.add(c.id);
        out.write({ type: 'challenge', challenge: c });
      }
    for (const id of [...challenges])
      if (!open.has(id)) {
        challenges.delete(id);
        out.write({ type: 'challengeGone', id });
      }
    for (const s of await d.api.recentSeats(me, since)) {
      if (s.status !== 'over' && !started.has(s.gameId)) {
        started.set(s.gameId, s.seat);
        out.write({ type: 'gameStart', gameId: s.gameId, seat: s.seat });
      } else if (s.status === 'over' && started.has(s.gameId)) {
        started.delete(s.gameId);
        out.write({ type: 'gameFinish', gameId: s.gameId, seat: s.seat });
      }
    }
  };
  if (!run(d, caller, out, (reason) => ({ type: 'closed' as const, reason }), tick)) return false;
  void tick().catch(() => undefined);
  return true;
}
