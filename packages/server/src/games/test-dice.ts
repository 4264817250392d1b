// ZILCH_TEST_DICE: tests queue the rolls a game will see next; the fair stream still advances.
import type { DiceSource } from '@zilch/engine';
import type { FairDice } from '../fairness/dice-stream.ts';
import type { GameContext } from './context.ts';
import { ok, refuse, type Result } from './errors.ts';
import type { Loaded } from './loaded.ts';
import { notFound } from './refusals.ts';

/** The dice for the game's next action: a queued test roll of the right size first, else the fair stream. */
export function diceFor(g: Loaded): DiceSource {
  const stream = g.dice as FairDice;
  return {
    roll: (count) => {
      const fair = stream.roll(count);
      const queued = g.testRolls[0];
      if (queued && queued.length === count) {
        g.testRolls.shift();
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
    g.testRolls.push(...rolls.map((r) => r.slice()));
    return ok({ queued: g.testRolls.length });
  });
}
