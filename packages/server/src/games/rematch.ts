// Rematches: a finished game links to one new game with the same rules, seats and seat links.
import type { Rematched } from '@zilch/protocol';
import { commitmentOf, newPlayerSeed, newServerSeed } from '../fairness/dice-stream.ts';
import type { GameRecord } from '../store/records.ts';
import type { GameContext } from './context.ts';
import { ok, refuse, type Result } from './errors.ts';
import { badToken, notFound, withRetries } from './refusals.ts';
import { seatOf, startIfWaiting } from './seating.ts';
import { newGameId } from './tokens.ts';

/** The answer to a rematch request. */
export type RematchAnswer = Rematched;

/** A new game with the same rules and seats (and the same seat links); repeated calls give the same game. */
export async function rematch(
  ctx: GameContext,
  gameId: string,
  token: string,
): Promise<Result<RematchAnswer>> {
  const seat = await seatOf(ctx, gameId, token);
  if (seat === null || seat === 'spectator') return badToken();
  type Made = RematchAnswer & { pending?: GameRecord };
  const r = await withRetries(() =>
    ctx.games.locked(gameId, async (): Promise<Result<Made> | null> => {
      const g = await ctx.games.load(gameId);
      if (!g) return notFound(gameId);
      if (g.record.status !== 'over')
        return refuse('NOT_OVER', 'A rematch starts once the game is over.', 409);
      const seats = g.record.seats.map((s, i) => ({
        seat: i,
        kind: s.kind,
        ...(s.bot ? { bot: s.bot } : {}),
      }));
      if (g.record.rematchId) {
        return ok({ gameId: g.record.rematchId, seats, spectatorToken: g.record.spectatorToken });
      }
      const serverSeed = newServerSeed();
      const record: GameRecord = {
        ...g.record,
        id: newGameId(),
        createdAt: Date.now(),
        status: 'waiting',
        version: 1,
        seq: 0,
        seats: g.record.seats.map((s) => ({ ...s, seed: newPlayerSeed() })),
        commitment: commitmentOf(serverSeed),
        serverSeed,
        setupDice: null,
        rematchOf: g.record.id,
        rematchId: null,
        turnStartedAt: null,
        finishedAt: null,
        finalScores: null,
      };
      const linked: GameRecord = {
        ...g.record,
        rematchId: record.id,
        version: g.record.version + 1,
      };
      if (!(await ctx.games.commit(g, linked))) return null;
      g.record = linked;
      ctx.games.remember(g);
      await ctx.o.store.insert(
        record,
        await ctx.o.store.tokensOf(gameId),
        ctx.o.node,
        ctx.o.leaseMs,
      );
      ctx.emit(g, []);
      return ok({
        gameId: record.id,
        seats,
        spectatorToken: record.spectatorToken,
        pending: record,
      });
    }),
  );
  if (!r.ok) return r;
  // The new game starts outside the old game's lock: every seat of a rematch is claimed already.
  const { pending, ...answer } = r.value;
  if (pending) await startIfWaiting(ctx, pending.id);
  return ok(answer);
}
