// ZILCH_TEST_DICE: tests queue the rolls a game will see next; the fair stream still advances.
import type { DiceSource } from '@zilch/engine';
import type { FairDice } from '../fairness/dice-stream.ts';
import type { GameContext } from './context.ts';
import { ok, refuse, type Result } from './errors.ts';
import type { Loaded } from './loaded.ts';
import { notFound } from './refusals.ts';

/** The dice for the game's next action: a queued test roll of the right size first, else the fair stream. */
export function diceFor(ctx: GameContext, g: Loaded): DiceSource {
  const stream = g.dice as FairDice;
  return {
    roll: (count) => {
      const fair = stream.roll(count);
      const rolls = ctx.testRolls.get(g.record.id);
      const queued = rolls?.[0];
      if (rolls && queued && queued.length === count) {
        rolls.shift();
        if (rolls.length === 0) ctx.testRolls.delete(g.record.id);
        return queued.slice();
      }
      return fair;
    },
  };
}

/** Queues the next rolls of a game; NOT_FOUND unless the server runs with test dice. */
export async function queueTestDice(
  ctx: GameContext,
  gameId: string,
  rolls: number[][],
): Promise<Result<{ queued: number }>> {
  if (!ctx.o.testDice) return refuse('NOT_FOUND', 'Not found.', 404);
  return ctx.games.locked(gameId, async () => {
    const g = await ctx.games.load(gameId);
    if (!g) return notFound(gameId);
    // Kept beside the cache, not in the cached game: another process's change to the game drops
    // this process's copy, and the queued rolls must outlive that.
    const queue = ctx.testRolls.get(gameId) ?? [];
    queue.push(...rolls.map((r) => r.slice()));
    ctx.testRolls.set(gameId, queue);
    return ok({ queued: queue.length });
  });
}
