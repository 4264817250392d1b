import { lean, type GameState, type RuleSet } from '@zilch/engine';
import type { GameRecord } from '../store/records.ts';

/** One seat as clients see it. */
export interface SeatView {
  readonly seat: number;
  readonly kind: 'human' | 'bot';
  readonly bot?: string;
  readonly name: string;
  readonly claimed: boolean;
  readonly connected: boolean;
}

/** A game as a client sees it (docs/protocol.md `GameView`). */
export interface GameView {
  readonly id: string;
  readonly rules: RuleSet;
  readonly status: 'waiting' | 'playing' | 'over';
  readonly seats: SeatView[];
  readonly state: GameState;
  readonly seq: number;
  readonly version: number;
  readonly you: number | null;
  readonly commitment: string;
  readonly seed?: string;
  readonly createdAt: number;
  readonly rematchOf?: string;
  readonly rematchId?: string;
  readonly timer?: { deadline: number };
}

/** Builds the view of a game for one seat (or a spectator, `you: null`). */
export function buildView(
  g: GameRecord,
  state: GameState | null,
  you: number | null,
  connected: Set<number>,
  deadline: number | null,
): GameView {
  return {
    id: g.id,
    rules: g.rules,
    status: g.status,
    seats: g.seats.map((s, i) => ({
      seat: i,
      kind: s.kind,
      ...(s.bot ? { bot: s.bot } : {}),
      name: s.name,
      claimed: s.claimed,
      connected: s.kind === 'bot' || connected.has(i),
    })),
    // Before the start the state is a preview: nobody has rolled for the first player yet.
    state: state ?? lean.initialState(g.rules, g.seats.length, 0),
    seq: g.seq,
    version: g.version,
    you,
    commitment: g.commitment,
    ...(g.status === 'over' ? { seed: g.serverSeed } : {}),
    createdAt: g.createdAt,
    ...(g.rematchOf ? { rematchOf: g.rematchOf } : {}),
    ...(g.rematchId ? { rematchId: g.rematchId } : {}),
    ...(deadline !== null ? { timer: { deadline } } : {}),
  };
}
