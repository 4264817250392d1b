// Rematches: a finished game links to one new game with the same rules, seats and seat links.
import { FAIR_FORMAT, type Rematched } from '@zilch/protocol';
import { commitmentV2, newServerSeed, serverSeatSeed } from '../fairness/dice-stream.ts';
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
        const made = await ctx.o.store.get(g.record.rematchId);
        return ok({
          gameId: g.record.rematchId,
          seats,
          spectatorToken: g.record.spectatorToken,
          commitment: made?.commitment ?? '',
        });
      }
      // The rematch is committed before anyone sends a seed for it: human seats wait in
      // 'waiting' until their player claims them again (with a fresh seed, like any table), so
      // the server never picks its seed knowing the players' seeds, and shows the commitment
      // before the first roll. A table of bots only starts at once.
      const serverSeed = newServerSeed();
      const id = newGameId();
      const record: GameRecord = {
        ...g.record,
        id,
        createdAt: Date.now(),
        status: 'waiting',
        version: 1,
        seq: 0,
        seats: g.record.seats.map((s, i) => ({
          ...s,
          claimed: s.kind === 'bot',
          seed: serverSeatSeed(serverSeed, i),
        })),
        commitment: commitmentV2(id, g.record.rules, g.record.seats.length, serverSeed).commitment,
        serverSeed,
        fairFormat: FAIR_FORMAT,
        setupDice: null,
        rematchOf: g.record.id,
        rematchId: null,
        turnStartedAt: null,
        decisionAt: null,
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
        commitment: record.commitment,
        pending: record,
      });
    }),
  );
  if (!r.ok) return r;
  // A rematch of bots only starts at once, outside the old game's lock.
  const { pending, ...answer } = r.value;
  if (pending?.seats.every((s) => s.claimed)) await startIfWaiting(ctx, pending.id);
  return ok(answer);
}
