import type { Action, GameEvent, GameLog, GameState, RuleSet } from '@zilch/engine';

/** Bot levels the server knows, weakest to strongest (mirrors @zilch/strategy BOT_IDS, which is not browser-safe). */
export const BOT_IDS = ['random', 'cautious', 'bold', 'expected', 'optimal'] as const;

/** A bot level. */
export type BotId = (typeof BOT_IDS)[number];

/** An engine action without its seat: the token decides who acts. */
export type Move = Action extends infer A
  ? A extends { seat: number }
    ? Omit<A, 'seat'>
    : never
  : never;

/** A rejection from the server or the network. */
export interface WireError {
  code: string;
  message: string;
}

/** A seat as the server shows it to everyone. */
export interface SeatView {
  seat: number;
  kind: 'human' | 'bot';
  bot?: BotId;
  name: string;
  claimed: boolean;
  connected: boolean;
}

/** Everything a client sees of a game. */
export interface GameView {
  id: string;
  rules: RuleSet;
  status: 'waiting' | 'playing' | 'over';
  seats: SeatView[];
  state: GameState;
  seq: number;
  /** Bumped by every change (actions, claims, presence); orders views. */
  version?: number;
  you: number | null;
  commitment: string;
  seed?: string;
  createdAt: string | number;
  rematchOf?: string;
  rematchId?: string;
  timer?: { deadline: number } | null;
}

/** How a seat is filled when a table is created. */
export type SeatSpec = { kind: 'human'; name?: string } | { kind: 'bot'; bot: BotId };

/** The answer to creating a table. */
export interface Created {
  gameId: string;
  seats: { seat: number; kind: 'human' | 'bot'; bot?: BotId; token?: string }[];
  spectatorToken: string;
  commitment: string;
}

/** One valued option of the coach. */
export interface AdviceOption {
  move: Move;
  label: string;
  value: number;
  loss: number;
}

/** The coach's answer for a position. */
export interface Advice {
  kind: 'win' | 'points';
  options: AdviceOption[];
}

/** A pushed update after every accepted action. */
export interface Update {
  gameId: string;
  seq: number;
  version?: number;
  events: GameEvent[];
  view: GameView;
}

/** A quick reaction someone at the table sent. */
export interface Reaction {
  gameId: string;
  seat: number | null;
  emoji: string;
  at: number;
}

/** The fixed set of quick reactions the server accepts. */
export const REACTIONS = ['👍', '😂', '😮', '😬', '🎉', '😢'] as const;

/** Full replay data of a game. */
export interface LogAnswer {
  log: GameLog;
  seqs?: number[];
}

/** The fairness export: the seed is revealed once the game is over. */
export interface GameExport {
  version: number;
  id: string;
  commitment: string;
  serverSeed?: string | null;
  playerSeeds?: string[];
  entries?: unknown[];
}

/** The server's own check of every roll. */
export interface Verification {
  ok: boolean;
  rollsChecked: number;
  message: string;
}
