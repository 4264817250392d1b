import type { Actor, BotId } from '@zilch/protocol';

// Columns holding a closed set of values (status, absent_bot, actor) are typed as that set: only
// the server writes them, from input its schemas checked.

/** One game: its fixed setup, its fairness data, and the counters guarding concurrent writers. */
export interface GamesTable {
  id: string;
  created_at: number;
  updated_at: number;
  status: 'waiting' | 'playing' | 'over';
  /** Bumped by every change (claim, start, action); writers check it. */
  version: number;
  /** Accepted actions so far. */
  seq: number;
  rules: string;
  seats: string;
  spectator_token: string;
  commitment: string;
  server_seed: string;
  /** 1: commitment of the seed alone, seeds joined by ':' (older games); 2: see @zilch/protocol fairness. */
  fair_format: number;
  setup_dice: string | null;
  turn_timer: number | null;
  absent_bot: BotId | null;
  rematch_of: string | null;
  rematch_id: string | null;
  turn_started_at: number | null;
  /** When the current decision started (the turn timer runs per decision). */
  decision_at: number | null;
  finished_at: number | null;
  final_scores: string | null;
  lease_owner: string | null;
  lease_until: number;
}

/** One accepted action with the dice it used, in order. */
interface EntriesTable {
  game_id: string;
  seq: number;
  client_id: string;
  seat: number;
  action: string;
  dice: string;
  events: string;
  actor: Actor;
  at: number;
}

/** Which game and seat a token opens (hash only; the token itself is never stored). */
interface SeatTokensTable {
  token_hash: string;
  game_id: string;
  seat: number;
}

/** A finished game seen from one seat: the numbers player statistics add up. */
interface GamePlayersTable {
  game_id: string;
  seat: number;
  name: string;
  kind: string;
  won: number;
  score: number;
  turns: number;
  points: number;
  zilches: number;
  faces: string;
  finished_at: number;
}

/** Which process drives an active game's bots and timers, until when (epoch ms). */
interface LeasesTable {
  game_id: string;
  owner: string;
  until: number;
}

/** Tables listed in the public lobby (created with `public: true`); every other table is unlisted. */
interface PublicGamesTable {
  game_id: string;
}

/** The database as Kysely sees it. */
export interface Database {
  public_games: PublicGamesTable;
  leases: LeasesTable;
  games: GamesTable;
  entries: EntriesTable;
  seat_tokens: SeatTokensTable;
  game_players: GamePlayersTable;
}
