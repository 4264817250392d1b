// Reads over many games: the lobby and history listing, and a player's statistics.
import type { GameSummary } from '@zilch/protocol';
import type { GameStore } from '../store/game-store.ts';
import { statsOf, type PlayerStats } from './results.ts';
import { hashToken } from './tokens.ts';

/** Which games a listing shows. */
export interface ListFilter {
  status?: 'over' | 'active';
  player?: string;
  /** Only games these seat tokens belong to. */
  tokens?: string[];
  /** Only these games. */
  ids?: string[];
  /** Only tables created with `public: true` (the anonymous lobby). */
  publicOnly?: boolean;
  limit?: number;
}

/** Lobby and history listing: one summary per game, newest first as the store orders them. */
export async function listGames(store: GameStore, filter: ListFilter): Promise<GameSummary[]> {
  const ids = filter.tokens ? await store.gamesOfTokens(filter.tokens.map(hashToken)) : filter.ids;
  const rows = await store.list({
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.player ? { player: filter.player } : {}),
    ...(ids ? { ids } : {}),
    ...(filter.publicOnly ? { publicOnly: true } : {}),
    limit: filter.limit ?? 100,
  });
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    rules: r.rules.name,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
    seats: r.seats.map((s, seat) => ({
      seat,
      kind: s.kind,
      ...(s.bot ? { bot: s.bot } : {}),
      name: s.name,
      claimed: s.claimed,
    })),
    scores: r.finalScores,
    ...(r.rematchOf ? { rematchOf: r.rematchOf } : {}),
    ...(r.rematchId ? { rematchId: r.rematchId } : {}),
  }));
}

/** A player's statistics over finished games. */
export async function playerStats(store: GameStore, name: string): Promise<PlayerStats> {
  return statsOf(name, await store.playerResults(name));
}
