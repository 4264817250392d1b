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
  /** JSON of an AbsenceRule (quick-match tables), or null. */
  absence: string | null;
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

/** A person: a guest (one device, made silently) or an account (passkeys, any device). */
export interface UsersTable {
  id: string;
  kind: 'guest' | 'account';
  name: string | null;
  colour: string;
  /** The dice and felt chosen on the profile, as JSON (`Looks` of @zilch/protocol); null: defaults. */
  looks: string | null;
  /** The WebAuthn user handle (random, base64url): passkeys name the account by it, never by id. */
  webauthn_id: string;
  created_at: number;
}

/** A registered passkey (WebAuthn credential) of an account. */
interface PasskeysTable {
  /** Credential id, base64url. */
  id: string;
  user_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of transports the authenticator named. */
  transports: string;
  backed_up: number;
  label: string;
  created_at: number;
  last_used_at: number | null;
}

/** One-time recovery codes (SHA-256 of the code; the code is shown once and never stored). */
interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  created_at: number;
}

/** Which user holds a seat (at most one per seat). */
interface UserSeatsTable {
  game_id: string;
  seat: number;
  user_id: string;
  linked_at: number;
}

/** Server-side sessions (@fastify/session's store): who, and the pending passkey challenge. */
interface SessionsTable {
  id: string;
  user_id: string | null;
  data: string;
  expires_at: number;
}

/** Secrets made once and shared by every process on the store (the session cookie key). */
interface ServerSecretsTable {
  name: string;
  value: string;
}

/** A browser's Web Push subscription (its endpoint is unique to it) and whose it is. */
interface PushSubscriptionsTable {
  endpoint: string;
  user_id: string;
  /** The browser's ECDH public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
  created_at: number;
}

/** What a user wants pushed: kinds (JSON array), quiet hours (minutes of the day) and their zone. */
interface PushSettingsTable {
  user_id: string;
  kinds: string;
  quiet_from: number | null;
  quiet_to: number | null;
  time_zone: string;
}

/** A notification sent, kept until its player acts in that game (one per game and kind). */
interface PushSentTable {
  user_id: string;
  game_id: string;
  kind: string;
  sent_at: number;
}

/** A user waiting in quick match, or paired (game_id set; `pairing:` while the table is made). */
export interface MatchQueueTable {
  user_id: string;
  name: string;
  preset: string;
  rated: number;
  rating: number;
  joined_at: number;
  /** Last poll (the heartbeat): a row not seen for ZILCH_MATCH_EXPIRE_MS is removed. */
  seen_at: number;
  game_id: string | null;
  seat: number | null;
  opponent: string | null;
  claimed_at: number | null;
}

/** A rated table: its preset, and when (and how) its end was applied to ratings. */
interface RatedGamesTable {
  game_id: string;
  preset: string;
  /** Null until the finished game is applied; setting it is the exactly-once claim. */
  applied_at: number | null;
  /** 'applied', or 'void' (over, but not between two accounts). */
  outcome: 'applied' | 'void' | null;
}

/** An account's Glicko-2 rating in one preset (Glicko scale). */
interface RatingsTable {
  user_id: string;
  preset: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  wins: number;
  updated_at: number;
}

/** A player's rating after one rated game. */
interface RatingHistoryTable {
  game_id: string;
  user_id: string;
  seat: number;
  opponent_seat: number;
  preset: string;
  /** 1 win, 0 loss, 0.5 draw. */
  score: number;
  rating_before: number;
  rating: number;
  rd: number;
  vol: number;
  at: number;
}

/** Table chat: one message as delivered (normalised, masked when the table filters). */
interface ChatMessagesTable {
  /** Sortable: the time in base 36, then random characters. */
  id: string;
  game_id: string;
  channel: 'seats' | 'spectators';
  seat: number | null;
  name: string;
  text: string;
  at: number;
}

/** A seat's mutes: `target` is another seat's number as text, or `spectators`. */
interface ChatMutesTable {
  game_id: string;
  seat: number;
  target: string;
}

/** Tables whose chat is not filtered (created with `chatFilter: false`); every other is. */
interface ChatUnfilteredTable {
  game_id: string;
}

/** A reported message: what was said, by whom, who reported it, why and when. */
interface ChatReportsTable {
  id: string;
  game_id: string;
  message_id: string;
  /** Who wrote the message: `seat:<n> <name>` or the spectator's name. */
  author: string;
  text: string;
  /** `seat:<n>` or `spectator`. */
  reporter: string;
  reason: string | null;
  at: number;
}

/** A game's analysis (accuracy per seat and graded decisions), stored once it is exact. */
interface GameAccuracyTable {
  game_id: string;
  preset: string;
  /** The `GameAccuracy` answer as JSON. */
  body: string;
  at: number;
}

/** A friendship of two accounts (a < b): requested by one, then accepted. */
interface FriendshipsTable {
  a: string;
  b: string;
  requester: string;
  status: 'pending' | 'accepted';
  at: number;
}

/** One account blocking another. */
interface BlocksTable {
  blocker: string;
  blocked: string;
  at: number;
}

/** A challenge from one account to another, and the table it made. */
export interface ChallengesTable {
  id: string;
  from_user: string;
  to_user: string;
  /** JSON: the preset id or the full RuleSet as sent. */
  rules: string;
  preset: string;
  rated: number;
  mode: 'live' | 'correspondence';
  turn_timer: number | null;
  status: 'open' | 'accepted' | 'declined' | 'expired' | 'cancelled';
  game_id: string | null;
  created_at: number;
  expires_at: number;
}

/** How many requests of a kind an account sent on a UTC day. */
interface SocialDailyTable {
  user_id: string;
  day: string;
  kind: string;
  n: number;
}

/** A practice game: the practising seat, its bot, and the hints that seat used. */
interface PracticeGamesTable {
  game_id: string;
  seat: number;
  bot: string;
  hints: number;
  /** The log length at the decision last hinted (null: none yet). */
  hinted_seq: number | null;
  created_at: number;
}

/** When an account last had the app open (friends/). */
interface PresenceTable {
  user_id: string;
  seen_at: number;
}

/** A tournament (tournaments/). */
export interface TournamentsTable {
  id: string;
  name: string;
  creator: string;
  /** JSON: the preset id or the full RuleSet as sent. */
  rules: string;
  preset: string;
  format: 'swiss' | 'elimination' | 'round-robin';
  players: number;
  rated: number;
  mode: 'live' | 'correspondence';
  turn_timer: number | null;
  start_at: number | null;
  bots: number;
  status: 'open' | 'running' | 'over' | 'cancelled';
  round: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** One entrant of a tournament: an account, or a filler bot (`entrant` "bot:N"). */
export interface TournamentEntrantsTable {
  tournament_id: string;
  entrant: string;
  user_id: string | null;
  name: string;
  bot: string | null;
  rating: number;
  seed: number;
  /** The final place, once the tournament is over. */
  rank: number | null;
  joined_at: number;
}

/** A paired round: its primary key lets one process only pair it. */
interface TournamentRoundsTable {
  tournament_id: string;
  round: number;
  node: string;
  at: number;
}

/** One game (or bye: `b` null) of a round, its table once made, and its result. */
export interface TournamentGamesTable {
  tournament_id: string;
  round: number;
  board: number;
  a: string;
  b: string | null;
  game_id: string | null;
  /** When a process took on making the table (another may take over after a while). */
  claimed_at: number | null;
  winner: string | null;
  over: number;
}

/** An account made a bot (botapi/): set once, never undone. */
interface BotAccountsTable {
  user_id: string;
  since: number;
}

/** An API token (botapi/): only the SHA-256 of its secret is kept. */
export interface BotTokensTable {
  id: string;
  user_id: string;
  /** SHA-256 of the secret, hex. */
  hash: string;
  label: string;
  /** Space-separated scopes. */
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** The database as Kysely sees it. */
/** A puzzle of the bank (puzzles/): its position and valued options as JSON, its rating. */
interface PuzzlesTable {
  id: string;
  preset: string;
  /** Its themes, comma-separated ('' for none). */
  themes: string;
  /** `{ state, options, obvious, margin, source }` as JSON. */
  body: string;
  rating: number;
  rd: number;
  vol: number;
  plays: number;
  solved: number;
  created_at: number;
}

/** An account's puzzle rating (one for all presets). */
interface PuzzleRatingsTable {
  user_id: string;
  rating: number;
  rd: number;
  vol: number;
  attempts: number;
  solved: number;
  updated_at: number;
}

/** An account's first try at a puzzle (the rated one). */
interface PuzzleAttemptsTable {
  user_id: string;
  puzzle_id: string;
  correct: number;
  rating_before: number;
  rating: number;
  at: number;
}

/** A finished game looked at for puzzles (puzzles/mine.ts): claimed, retried, or done. */
interface PuzzleSourcesTable {
  game_id: string;
  /** The process mining it now (null once done). */
  owner: string | null;
  /** Until when the claim holds; after it (a crash, or a retry's wait) anyone may claim it. */
  lease_until: number;
  tries: number;
  done_at: number | null;
  /** Puzzles it added to the bank. */
  found: number;
}

/** The daily puzzle of a UTC day and preset, fixed by its first request. */
interface PuzzleDailyTable {
  day: string;
  preset: string;
  puzzle_id: string;
}

export interface Database {
  practice_games: PracticeGamesTable;
  presence: PresenceTable;
  tournaments: TournamentsTable;
  tournament_entrants: TournamentEntrantsTable;
  tournament_rounds: TournamentRoundsTable;
  tournament_games: TournamentGamesTable;
  puzzles: PuzzlesTable;
  puzzle_ratings: PuzzleRatingsTable;
  puzzle_attempts: PuzzleAttemptsTable;
  puzzle_daily: PuzzleDailyTable;
  puzzle_sources: PuzzleSourcesTable;
  bot_accounts: BotAccountsTable;
  bot_tokens: BotTokensTable;
  game_accuracy: GameAccuracyTable;
  friendships: FriendshipsTable;
  blocks: BlocksTable;
  challenges: ChallengesTable;
  social_daily: SocialDailyTable;
  rated_games: RatedGamesTable;
  ratings: RatingsTable;
  rating_history: RatingHistoryTable;
  chat_messages: ChatMessagesTable;
  chat_mutes: ChatMutesTable;
  chat_unfiltered: ChatUnfilteredTable;
  chat_reports: ChatReportsTable;
  users: UsersTable;
  push_subscriptions: PushSubscriptionsTable;
  push_settings: PushSettingsTable;
  push_sent: PushSentTable;
  passkeys: PasskeysTable;
  recovery_codes: RecoveryCodesTable;
  user_seats: UserSeatsTable;
  sessions: SessionsTable;
  server_secrets: ServerSecretsTable;
  public_games: PublicGamesTable;
  match_queue: MatchQueueTable;
  leases: LeasesTable;
  games: GamesTable;
  entries: EntriesTable;
  seat_tokens: SeatTokensTable;
  game_players: GamePlayersTable;
}
