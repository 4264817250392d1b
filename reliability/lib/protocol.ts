// The shapes of docs/protocol.md as the reliability suites read them (answers are checked at runtime).
import type { GameEvent, GameLog, GameState } from '@zilch/engine';

/** A seat as a view shows it. */
export interface SeatView {
  seat: number;
  kind: 'human' | 'bot';
  bot?: string;
  name: string;
  claimed: boolean;
  connected: boolean;
}

/** `GameView` of docs/protocol.md. */
export interface View {
  id: string;
  status: 'waiting' | 'playing' | 'over';
  seats: SeatView[];
  state: GameState;
  seq: number;
  version: number;
  you: number | null;
  commitment: string;
  seed?: string;
  rematchId?: string;
}

/** Socket `update`. */
export interface Update {
  gameId: string;
  seq: number;
  version: number;
  events: GameEvent[];
  view: View;
}

/** A `{code,message}` refusal. */
export interface ApiError {
  code: string;
  message: string;
}

/** Every socket ack. */
export type Ack = { ok: true; seq?: number; view?: View } | { ok: false; error: ApiError };

/** `POST /api/games` answer. */
export interface Created {
  gameId: string;
  seats: { seat: number; kind: string; bot?: string; token?: string }[];
  spectatorToken: string;
  commitment: string;
}

/** `GET /api/games/:id/log` answer. */
export interface LogAnswer {
  log: GameLog;
  seqs: number[];
  actors: string[];
}

/** `GET /api/games/:id/export` answer. */
export interface ExportAnswer {
  commitment: string;
  serverSeed: string | null;
  playerSeeds: string[];
  setupDice: number[][];
  entries: GameLog['entries'];
}

/** A seat spec of `POST /api/games`. */
export type SeatSpec = { kind: 'human'; name?: string } | { kind: 'bot'; bot: string };

/** Whether a value is a `{code,message}` error with non-empty strings. */
export function isApiError(v: unknown): v is ApiError {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.code === 'string' &&
    /^[A-Z_]+$/.test(o.code) &&
    typeof o.message === 'string' &&
    o.message.length > 0
  );
}
