import type { RuleSet } from '../rules/schema.ts';

/** What the player on turn may do next. */
export type Phase = 'choose' | 'roll' | 'keep' | 'decide' | 'over';

/** Points and dice a bank passes to the next player. */
export interface Offer {
  readonly points: number;
  readonly dice: number;
}

/** The turn in progress. */
export interface TurnState {
  /** Running total, inherited points included. */
  total: number;
  /** Dice available to roll. */
  available: number;
  /** Ten Dice lock: points secured by hot dice this turn. */
  locked: number;
  /** Held sets (Hot Dice extensions, set doubling): bit f-1 set while a set of face f is held. */
  held: number;
  /**
   * Set doubling: the points of the held set of each face (index 0 is face 1), 0 when none.
   * Never changed in place (a keep makes a new array), so copies of a state may share it.
   */
  sets: readonly number[];
  /** The roll in front of the player (phase `keep`), else null. */
  roll: number[] | null;
  /** The last keep used every die (hot dice) and nothing was rolled since. */
  hot: boolean;
  /** Points inherited at the start of this turn. */
  inherited: number;
  /** Rolls made this turn. */
  rolls: number;
}

/** A game at one moment: plain data, JSON-safe. */
export interface GameState {
  readonly rules: RuleSet;
  readonly players: number;
  scores: number[];
  /** Whether each player has banked at least once (opening minimum). */
  onBoard: boolean[];
  /** Each player's turns in a row that ended in a zilch (three-zilch penalty). */
  zilchStreak: number[];
  /** Seat on turn. */
  current: number;
  phase: Phase;
  turn: TurnState;
  /** The offer the current player may take (phase `choose`). */
  offer: Offer | null;
  /** Set once someone reaches the target: who did, and how many turns are left. */
  finalRound: { by: number; turnsLeft: number } | null;
  /** Turns started so far. */
  turnNumber: number;
  /**
   * Every player on the highest score once the game is over. While a tie-break play-off is
   * being played (`ties: 'play-off'`), the tied players in the order they take their turns.
   */
  winners: number[];
}

/** Something a player asks to do; `seat` says who asks. */
export type Action =
  | { type: 'fresh'; seat: number }
  | { type: 'inherit'; seat: number }
  | { type: 'roll'; seat: number }
  | { type: 'keep'; seat: number; dice: number[]; then?: 'bank' | 'roll' }
  | { type: 'bank'; seat: number }
  | { type: 'timeout'; seat: number }
  /** Server only: the seat on turn was absent too long and loses; the others play for the win by score. */
  | { type: 'forfeit'; seat: number }
  /** Server only: the seat on turn never showed up; the game ends with no winner (an abort). */
  | { type: 'abort'; seat: number };

/** What happened, in order; every roll carries its dice so a game replays from its log. */
export type GameEvent =
  | { type: 'first-player'; seat: number; rollOff: { seat: number; dice: number[] }[][] }
  | { type: 'turn-started'; seat: number; offer: Offer | null }
  | { type: 'fresh'; seat: number }
  | { type: 'inherited'; seat: number; points: number; dice: number }
  | { type: 'rolled'; seat: number; dice: number[] }
  | {
      type: 'kept';
      seat: number;
      positions: number[];
      faces: number[];
      points: number;
      total: number;
    }
  | { type: 'hot-dice'; seat: number; locked: number }
  | { type: 'zilch'; seat: number; lost: number; locked: number }
  | { type: 'mercy'; seat: number; points: number; total: number }
  | { type: 'penalty'; seat: number; points: number; score: number }
  | { type: 'banked'; seat: number; points: number; score: number }
  | { type: 'offer'; to: number; points: number; dice: number }
  | { type: 'final-round'; by: number }
  | { type: 'timeout'; seat: number }
  | { type: 'forfeit'; seat: number }
  | { type: 'aborted'; seat: number }
  | { type: 'game-over'; winners: number[]; scores: number[] };
