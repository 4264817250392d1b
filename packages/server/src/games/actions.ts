// Applying a seat's move: checked by the engine, dice rolled here, stored, and only then announced.
import { applyAction, recordingDice, replay, type Action, type GameEvent } from '@zilch/engine';
import { RESERVED_CLIENT_ID, type Actor } from '@zilch/protocol';
import type { EntryRecord, GameRecord } from '../store/records.ts';
import type { GameContext } from './context.ts';
import { clientKey } from './game-cache.ts';
import { ok, refuse, type Result } from './errors.ts';
import { logOf, streamAt } from './loaded.ts';
import { notFound, withRetries } from './refusals.ts';
import { resultsOf } from './results.ts';
import type { Move } from './schemas.ts';
import { diceFor } from './test-dice.ts';
import type { GameView } from './view.ts';

/** Who asks: a player through a token, or the server itself (bots, timers). */
export type { Actor };

/** The answer to an accepted (or repeated) action. */
export interface ActionAnswer {
  readonly seq: number;
  readonly events: GameEvent[];
  readonly view: GameView;
  readonly repeated: boolean;
}

/** Applies a move for a seat; a client id the seat already used answers what it answered then. */
export async function act(
  ctx: GameContext,
  gameId: string,
  seat: number,
  clientId: string,
  move: Move | Action,
  actor: Actor,
): Promise<Result<ActionAnswer>> {
  if (ctx.draining)
    return refuse('SHUTTING_DOWN', 'The server is restarting; try again in a moment.', 503);
  if (
    actor === 'player' &&
    (move.type === 'timeout' || move.type === 'forfeit' || move.type === 'abort')
  ) {
    return refuse('BAD_ACTION', 'Timeouts, forfeits and aborts are decided by the server.', 400);
  }
  // The schemas refuse these already; checked here too because a server move must never be
  // answered from a player's entry.
  if (actor === 'player' && RESERVED_CLIENT_ID.test(clientId)) {
    return refuse(
      'BAD_REQUEST',
      'Client ids starting with bot:, timer:, absent: or server: are reserved for the server.',
      400,
    );
  }
  return withRetries(() =>
    ctx.games.locked(gameId, async (): Promise<Result<ActionAnswer> | null> => {
      const cached = ctx.games.peek(gameId) !== undefined;
      const g = await ctx.games.load(gameId);
      if (!g) return notFound(gameId);
      // Another process may have moved the game on without this one hearing of it (a lost
      // invalidation): before refusing or answering from memory, check against the store.
      const stale = async (): Promise<boolean> =>
        cached &&
        ctx.o.shared === true &&
        (await ctx.o.store.get(gameId))?.version !== g.record.version;
      // Per seat: one seat's ids neither block nor reveal another's.
      const seen = g.byClient.get(clientKey(seat, clientId));
      if (seen)
        return ok({ seq: seen.seq, events: seen.events, view: ctx.view(g, seat), repeated: true });
      if (g.record.status === 'waiting' || !g.state) {
        return refuse('NOT_STARTED', 'The game starts when every seat is taken.', 409);
      }
      const action: Action = { ...move, seat };
      const rec = recordingDice(diceFor(ctx, g));
      const applied = applyAction(g.state, action, rec);
      const rolled = rec.take();
      if (!applied.ok) {
        // The refused move drew dice from the stream: put it back where the log says it is.
        if (rolled.length > 0) g.dice = streamAt(g);
        if (await stale()) {
          ctx.games.forget(gameId);
          return null;
        }
        return refuse(applied.error.code, applied.error.message, 409);
      }
      const now = Date.now();
      const entry: EntryRecord = {
        seq: g.record.seq + 1,
        clientId,
        seat,
        action,
        dice: rolled,
        events: applied.events,
        actor,
        at: now,
      };
      const over = applied.state.phase === 'over';
      const next: GameRecord = {
        ...g.record,
        seq: entry.seq,
        version: g.record.version + 1,
        status: over ? 'over' : 'playing',
        turnStartedAt: applied.events.some((e) => e.type === 'turn-started')
          ? now
          : g.record.turnStartedAt,
        // The turn timer runs per decision: every accepted action gives the next one a full timer.
        decisionAt: now,
        finishedAt: over ? now : null,
        finalScores: over ? applied.state.scores.slice() : null,
      };
      const results = over
        ? resultsOf(next.seats, applied.state, [...replay(logOf(g)).events, ...applied.events])
        : undefined;
      if (!(await ctx.games.commit(g, next, { entry, ...(results ? { results } : {}) })))
        return null;
      g.record = next;
      g.state = applied.state;
      g.entries.push(entry);
      g.byClient.set(clientKey(seat, clientId), entry);
      ctx.games.remember(g);
      ctx.emit(g, applied.events);
      return ok({
        seq: entry.seq,
        events: applied.events,
        view: ctx.view(g, seat),
        repeated: false,
      });
    }),
  );
}
