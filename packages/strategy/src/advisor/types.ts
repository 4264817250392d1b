import type { Action } from '@zilch/engine';

/** An action without its seat: what a player (or bot) chooses; the seat is whoever is on turn. */
export type Move = Action extends infer A
  ? A extends { seat: number }
    ? Omit<A, 'seat'>
    : never
  : never;

/** One option of a position, valued. */
export interface AdviceOption {
  /** The move, ready to send (keep options carry die positions; `then` says bank or roll). */
  readonly move: Move;
  /** Short plain-words label, e.g. "Keep 1 5 5 and roll 3 dice". */
  readonly label: string;
  /** Win probability (kind 'win', 0..1) or expected final points of the turn (kind 'points'). */
  readonly value: number;
  /** How much worse than the best option (0 for the best). */
  readonly loss: number;
}

/** Every option of the position in front of the player on turn, best first. */
export interface Advice {
  readonly kind: 'win' | 'points';
  readonly options: readonly AdviceOption[];
}
