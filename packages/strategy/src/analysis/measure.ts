// Accuracy of a bot measured over self-played games: the bench's figure and the tests' check.
import { applyAction, lean, seededDice, type GameState, type RuleSet } from '@zilch/engine';
import { advise } from '../advisor/index.ts';
import { createBot, type BotId } from '../bots/index.ts';
import type { SolutionSource } from '../solver/memory.ts';
import { decisionLoss, seatAccuracy, type DecisionLoss, type SeatAccuracy } from './accuracy.ts';

/** A bot's accuracy over games against `optimal`, both seat orders in turn. */
export interface BotAccuracy extends SeatAccuracy {
  readonly bot: BotId;
  readonly games: number;
  /** Mean and spread of the per-game accuracies. */
  readonly gameMean: number;
  readonly gameSd: number;
}

/**
 * Plays `games` two-player games of `bot` against `optimal` (the bot starts the even ones)
 * and judges every decision of the bot by the advisor in 'win' mode. Deterministic in `seed`.
 */
export function measureBotAccuracy(
  rules: RuleSet,
  bot: BotId,
  games: number,
  seed: number,
  solutions?: SolutionSource,
): BotAccuracy {
  const opts = solutions ? { solutions } : {};
  const all: DecisionLoss[] = [];
  const perGame: number[] = [];
  for (let g = 0; g < games; g++) {
    const me = g % 2;
    const bots = [0, 1].map((s) =>
      createBot(s === me ? bot : 'optimal', rules, seed * 7919 + g * 2 + s, opts),
    );
    const dice = seededDice(seed * 104_729 + g);
    let state: GameState = lean.initialState(rules, 2, 0);
    const mine: DecisionLoss[] = [];
    while (state.phase !== 'over') {
      const action = bots[state.current]!.decide(state);
      if (state.current === me) {
        const l = decisionLoss({ index: mine.length, state, action }, advise(state, 'win', opts));
        if (l) mine.push({ ...l, seat: 0 });
      }
      const r = applyAction(state, action, dice);
      if (!r.ok) throw new Error(`${bot}: ${r.error.message}`);
      state = r.state;
    }
    all.push(...mine);
    const a = seatAccuracy(0, mine).accuracy;
    if (a !== null) perGame.push(a);
  }
  const n = perGame.length;
  const gameMean = n ? perGame.reduce((s, x) => s + x, 0) / n : 0;
  const gameSd =
    n > 1 ? Math.sqrt(perGame.reduce((s, x) => s + (x - gameMean) ** 2, 0) / (n - 1)) : 0;
  return { ...seatAccuracy(0, all), bot, games, gameMean, gameSd };
}
