import { legalActions, type Action, type GameState } from '@zilch/engine';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { Bot, BotFactory } from './types.ts';

/** A bot that picks uniformly among the legal actions, reproducibly from its seed. */
export const randomBot: BotFactory = (_rules, seed): Bot => {
  const rng = xoroshiro128plus(seed | 0);
  return {
    id: 'random',
    decide(state: GameState): Action {
      const actions = legalActions(state);
      if (actions.length === 0) throw new Error('random bot asked to move in a finished game');
      return actions[uniformInt(rng, 0, actions.length - 1)] as Action;
    },
  };
};
