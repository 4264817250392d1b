import type { GameEvent, LogEntry, RuleSet } from '@zilch/engine';
import type { Actor, BotId, FairFormat } from '@zilch/protocol';

/** One seat of a table as stored. */
export interface SeatRecord {
  readonly kind: 'human' | 'bot';
  readonly bot?: BotId;
  /** The bot account that took this human seat (botapi/): every view marks the seat as a bot. */
  botAccount?: string;
  name: string;
  claimed: boolean;
  /** The seed mixed into the dice for this seat (player-sent or server-made). */
  seed: string;
}

/**
 * What the server does about a player who stops playing, beyond the turn timer (quick-match
 * tables; docs/server.md "Absent players"). Null on tables made by hand.
 */
export interface AbsenceRule {
  /** A seat whose timer runs out before it has made a move of its own calls the game off (no result, unrated). */
  readonly abortUnmoved: boolean;
  /** The timed-out decision in a row at which a seat forfeits (the other wins); null: never (a bot plays on). */
  readonly forfeitAfter: number | null;
}

/** A game as the service works with it (the stored row, parsed). */
export interface GameRecord {
  readonly id: string;
  readonly createdAt: number;
  status: 'waiting' | 'playing' | 'over';
  version: number;
  seq: number;
  readonly rules: RuleSet;
  seats: SeatRecord[];
  readonly spectatorToken: string;
  readonly commitment: string;
  readonly serverSeed: string;
  /** How the commitment and dice are made: 1 for games made before format 2 (see @zilch/protocol fairness). */
  readonly fairFormat: FairFormat;
  setupDice: number[][] | null;
  readonly turnTimer: number | null;
  readonly absentBot: BotId | null;
  readonly absence: AbsenceRule | null;
  readonly rematchOf: string | null;
  rematchId: string | null;
  turnStartedAt: number | null;
  /** When the seat on turn last got a decision to make (turn start or its last accepted action): the turn timer runs from here. */
  decisionAt: number | null;
  finishedAt: number | null;
  finalScores: number[] | null;
}

/** An accepted action as stored, with who made it and what it produced. */
export interface EntryRecord extends LogEntry {
  readonly seq: number;
  readonly clientId: string;
  readonly seat: number;
  readonly events: GameEvent[];
  /** 'player', 'bot' (a bot seat), 'absent' (a bot standing in) or 'timer'. */
  readonly actor: Actor;
  readonly at: number;
}

/** Per-seat numbers of a finished game, for player statistics. */
export interface PlayerResult {
  readonly seat: number;
  readonly name: string;
  readonly kind: string;
  readonly won: boolean;
  readonly score: number;
  readonly turns: number;
  readonly points: number;
  readonly zilches: number;
  readonly faces: number[];
}
