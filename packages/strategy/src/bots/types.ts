import type { Action, GameState, RuleSet } from '@zilch/engine';
import type { CardParams } from '../card/params.ts';
import type { SolutionSource } from '../solver/memory.ts';

/** The bot levels, weakest to strongest. */
export const BOT_IDS = [
  'random',
  'cautious',
  'bold',
  'card',
  'expected',
  'optimal',
  'exploit',
] as const;

/** A bot level. */
export type BotId = (typeof BOT_IDS)[number];

/** A player that decides by itself; usable by the server, the CLI and simulations. */
export interface Bot {
  readonly id: BotId;
  /** A legal action for the player on turn in `state` (its `seat` is `state.current`). */
  decide(state: GameState): Action;
}

/** What a bot may draw on besides its rule set and seed. */
export interface BotOptions {
  /** Where advised bots get two-player solutions (default: memory only). */
  readonly solutions?: SolutionSource;
  /** What the `card` bot plays (absent: the rule set's detailed card), e.g. the short card. */
  readonly card?: CardParams;
}

/** Makes a bot for a rule set; `seed` feeds any randomness the bot uses. */
export type BotFactory = (rules: RuleSet, seed: number, opts: BotOptions) => Bot;
