import { lean, type GameState } from '@zilch/engine';
import type { GameView } from '@zilch/protocol';
import type { GameRecord } from '../store/records.ts';

/** A game as a client sees it: the wire shape lives in @zilch/protocol. */
export type { GameView } from '@zilch/protocol';

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
      ...(s.botAccount ? { botAccount: s.botAccount } : {}),
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
    ...(g.absence ? { absence: g.absence } : {}),
  };
}
