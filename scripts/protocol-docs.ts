// Writes docs/protocol.md from @zilch/protocol: the prose lives here, every shape is rendered
// from the schemas (through z.toJSONSchema), so the document cannot drift from the contract.
// `npm run docs:protocol` writes it; `--check` exits 1 when the committed file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as P from '@zilch/protocol';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';

/** Every named shape of the contract, in the order the document lists them. */
const SHAPES = {
  ErrorBody: P.ErrorBodySchema,
  ErrorCode: P.ErrorCodeSchema,
  BotId: P.BotIdSchema,
  ReactionEmoji: P.ReactionEmojiSchema,
  SeatSpec: P.SeatSpecSchema,
  CreateGameBody: P.CreateGameBodySchema,
  Created: P.CreatedSchema,
  ListGamesQuery: P.ListGamesQuerySchema,
  GameList: P.GameListSchema,
  GameSummary: P.GameSummarySchema,
  TokenHeaders: P.TokenHeadersSchema,
  GameView: P.GameViewSchema,
  SeatView: P.SeatViewSchema,
  ClaimBody: P.ClaimBodySchema,
  Claimed: P.ClaimedSchema,
  Move: P.MoveSchema,
  ActionBody: P.ActionBodySchema,
  Acted: P.ActedSchema,
  RematchBody: P.RematchBodySchema,
  Rematched: P.RematchedSchema,
  LogAnswer: P.LogAnswerSchema,
  GameLog: P.GameLogSchema,
  GameExport: P.GameExportSchema,
  Verification: P.VerificationSchema,
  PlayerStats: P.PlayerStatsSchema,
  AdviceBody: P.AdviceBodySchema,
  Advice: P.AdviceSchema,
  AdviceOption: P.AdviceOptionSchema,
  RulesAnswer: P.RulesAnswerSchema,
  CardBody: P.CardBodySchema,
  CardAnswer: P.CardAnswerSchema,
  TestDiceBody: P.TestDiceBodySchema,
  TestDiceAnswer: P.TestDiceAnswerSchema,
  Health: P.HealthSchema,
  User: P.UserSchema,
  SessionAnswer: P.SessionAnswerSchema,
  ProfileBody: P.ProfileBodySchema,
  LinkSeatsBody: P.LinkSeatsBodySchema,
  LinkedSeats: P.LinkedSeatsSchema,
  AccountGames: P.AccountGamesSchema,
  SeatTokens: P.SeatTokensSchema,
  AccountStats: P.AccountStatsSchema,
  PasskeyOptions: P.PasskeyOptionsSchema,
  RegisterPasskeyBody: P.RegisterPasskeyBodySchema,
  Registered: P.RegisteredSchema,
  PasskeyList: P.PasskeyListSchema,
  RecoveryCodes: P.RecoveryCodesSchema,
  SignInBody: P.SignInBodySchema,
  RecoverySignInBody: P.RecoverySignInBodySchema,
  SignedIn: P.SignedInSchema,
  SignedOut: P.SignedOutSchema,
  PushStatus: P.PushStatusSchema,
  PushSettings: P.PushSettingsSchema,
  PushSubscribeBody: P.PushSubscribeBodySchema,
  PushUnsubscribeBody: P.PushUnsubscribeBodySchema,
  PushPayload: P.PushPayloadSchema,
  MatchJoinBody: P.MatchJoinBodySchema,
  MatchBotBody: P.MatchBotBodySchema,
  MatchStatus: P.MatchStatusSchema,
  Person: P.PersonSchema,
  FriendRequestBody: P.FriendRequestBodySchema,
  Friends: P.FriendsSchema,
  FriendSearch: P.FriendSearchSchema,
  ChallengeBody: P.ChallengeBodySchema,
  Challenge: P.ChallengeSchema,
  Challenges: P.ChallengesSchema,
  ChallengeSeat: P.ChallengeSeatSchema,
  TournamentBody: P.TournamentBodySchema,
  TournamentEdit: P.TournamentEditSchema,
  TournamentSummary: P.TournamentSummarySchema,
  Tournament: P.TournamentSchema,
  TournamentLobby: P.TournamentLobbySchema,
  TournamentHistory: P.TournamentHistorySchema,
  TournamentSeat: P.TournamentSeatSchema,
  BotAccount: P.BotAccountSchema,
  BotTokenInfo: P.BotTokenInfoSchema,
  NewBotTokenBody: P.NewBotTokenBodySchema,
  NewBotToken: P.NewBotTokenSchema,
  MakeBotBody: P.MakeBotBodySchema,
  BotMe: P.BotMeSchema,
  BotStreamQuery: P.BotStreamQuerySchema,
  BotStreamHeaders: P.BotStreamHeadersSchema,
  BotGameStreamHeaders: P.BotGameStreamHeadersSchema,
  BotMoveBody: P.BotMoveBodySchema,
  BotMoved: P.BotMovedSchema,
  BotChoice: P.BotChoiceSchema,
  BotAiBody: P.BotAiBodySchema,
  BotGameStart: P.BotGameStartSchema,
  BotEvent: P.BotEventSchema,
  BotGameLine: P.BotGameLineSchema,
  BotLeaderboardQuery: P.BotLeaderboardQuerySchema,
  BotLeaderboard: P.BotLeaderboardSchema,
  BotProfileParams: P.BotProfileParamsSchema,
  BotProfile: P.BotProfileSchema,
  JoinTableBody: P.JoinTableBodySchema,
  JoinedTable: P.JoinedTableSchema,
  AccountClaimBody: P.AccountClaimBodySchema,
  GameRating: P.GameRatingSchema,
  LeaderboardQuery: P.LeaderboardQuerySchema,
  Leaderboard: P.LeaderboardSchema,
  LeaderboardRow: P.LeaderboardRowSchema,
  PlayerRatings: P.PlayerRatingsSchema,
  Rating: P.RatingSchema,
  RatingPoint: P.RatingPointSchema,
  GameAccuracy: P.GameAccuracySchema,
  SeatAccuracy: P.SeatAccuracySchema,
  GradedDecision: P.GradedDecisionSchema,
  AccuracyTrend: P.AccuracyTrendSchema,
  PracticeBody: P.PracticeBodySchema,
  PracticeCreated: P.PracticeCreatedSchema,
  Practice: P.PracticeSchema,
  HintBody: P.HintBodySchema,
  Hint: P.HintSchema,
  Puzzle: P.PuzzleSchema,
  PuzzleGlicko: P.PuzzleGlickoSchema,
  PuzzleAttempt: P.PuzzleAttemptBodySchema,
  PuzzleVerdict: P.PuzzleVerdictSchema,
  PuzzleMe: P.PuzzleMeSchema,
  PuzzleBanks: P.PuzzleBanksSchema,
  JoinMessage: P.JoinMessageSchema,
  JoinAck: P.JoinAckSchema,
  ActionMessage: P.ActionMessageSchema,
  ActionAck: P.ActionAckSchema,
  ReactMessage: P.ReactMessageSchema,
  ReactAck: P.ReactAckSchema,
  Update: P.UpdateSchema,
  Reaction: P.ReactionSchema,
  Bye: P.ByeSchema,
  ChatSendMessage: P.ChatSendMessageSchema,
  ChatSendAck: P.ChatSendAckSchema,
  ChatHistoryMessage: P.ChatHistoryMessageSchema,
  ChatHistoryAck: P.ChatHistoryAckSchema,
  ChatMuteMessage: P.ChatMuteMessageSchema,
  ChatMuteAck: P.ChatMuteAckSchema,
  ChatReportMessage: P.ChatReportMessageSchema,
  ChatReportAck: P.ChatReportAckSchema,
  WatchTournamentMessage: P.WatchTournamentMessageSchema,
  WatchTournamentAck: P.WatchTournamentAckSchema,
  TournamentNotice: P.TournamentNoticeSchema,
  ChatMessage: P.ChatMessageSchema,
  ChatMutes: P.ChatMutesSchema,
  GameState: P.GameStateSchema,
  Action: P.ActionSchema,
  GameEvent: P.GameEventSchema,
  RuleSet: P.RulesSchema,
} satisfies Record<string, z.ZodType>;

type Shape = keyof typeof SHAPES;

/** One HTTP route: what it takes and answers (by shape name), and what to know about it. */
interface Route {
  readonly route: string;
  readonly takes?: string;
  readonly answers: string;
  readonly note: string;
}

const ref = (s: Shape) => `[\`${s}\`](#${s.toLowerCase()})`;

const ROUTES: Route[] = [
  {
    route: 'POST /api/games',
    takes: ref('CreateGameBody'),
    answers: `201 ${ref('Created')}`,
    note: '`token` (secret, per human seat) is what an invite link carries',
  },
  {
    route: 'GET /api/games',
    takes: `query ${ref('ListGamesQuery')}, headers ${ref('TokenHeaders')}`,
    answers: ref('GameList'),
    note: 'lobby and history, newest first: public tables only, or the games of `X-Zilch-Tokens`',
  },
  {
    route: 'GET /api/games/:id',
    takes: `headers ${ref('TokenHeaders')}`,
    answers: ref('GameView'),
    note: 'as the seat of `Authorization: Bearer <token>`, else as a spectator',
  },
  {
    route: 'POST /api/games/:id/claim',
    takes: ref('ClaimBody'),
    answers: ref('Claimed'),
    note: 'takes the seat under a display name (shown as text)',
  },
  {
    route: 'POST /api/games/:id/actions',
    takes: ref('ActionBody'),
    answers: ref('Acted'),
    note: 'same as the socket `action` (for tests, the CLI and hot-seat play)',
  },
  {
    route: 'POST /api/games/:id/rematch',
    takes: ref('RematchBody'),
    answers: `201 ${ref('Rematched')}`,
    note: 'same seats, same rules; a new commitment, shown before its first roll',
  },
  {
    route: 'GET /api/games/:id/log',
    answers: ref('LogAnswer'),
    note: 'full replay data',
  },
  {
    route: 'GET /api/games/:id/export',
    answers: ref('GameExport'),
    note: 'for `zilch verify`; the server seed, result and chain head only once the game is over',
  },
  {
    route: 'GET /api/games/:id/verify',
    answers: ref('Verification'),
    note: 'checks the game against `?commitment=` (the one the table showed): seed, rules, every roll, replay to the end, result, hash chain',
  },
  {
    route: 'GET /api/players/:name/stats',
    answers: ref('PlayerStats'),
    note: 'over finished games',
  },
  {
    route: 'POST /api/advice',
    takes: ref('AdviceBody'),
    answers: ref('Advice'),
    note: 'from the `@zilch/strategy` advisor',
  },
  {
    route: 'GET /api/rules',
    answers: ref('RulesAnswer'),
    note: 'presets with their text, and the RuleSet JSON Schema',
  },
  {
    route: 'POST /api/rules/card',
    takes: ref('CardBody'),
    answers: ref('CardAnswer'),
    note: 'the strategy card of any rule set (made in a strategy thread; 503 `BUSY` when none is free)',
  },
  {
    route: 'GET /healthz, GET /readyz',
    answers: `${ref('Health')} (503 ${ref('ErrorBody')} \`NOT_READY\`)`,
    note: 'liveness and readiness; `GET /metrics` is Prometheus text',
  },
  {
    route: 'GET /api/account',
    answers: ref('SessionAnswer'),
    note: 'who this device is (session cookie `zilch_session`, sent to `/api/account` only); `user: null` before any identity',
  },
  {
    route: 'POST /api/account/seats',
    takes: ref('LinkSeatsBody'),
    answers: ref('LinkedSeats'),
    note: 'links seats this device holds tokens for; makes a guest silently if the device has no user. Seats an account holds never move',
  },
  {
    route: 'POST /api/account/profile',
    takes: ref('ProfileBody'),
    answers: ref('SignedIn'),
    note: 'display name, avatar colour, and the dice and felt (`looks`)',
  },
  {
    route: 'GET /api/account/games',
    answers: ref('AccountGames'),
    note: "the user's games on every device, with the seats it holds",
  },
  {
    route: 'POST /api/account/games/:id/tokens',
    answers: ref('SeatTokens'),
    note: "a new seat token for this device for each of the user's seats of the game",
  },
  {
    route: 'POST /api/account/games/:id/claim',
    takes: ref('AccountClaimBody'),
    answers: ref('Claimed'),
    note: "takes the seat as the session's account, under its name: the only way to sit at a rated table",
  },
  {
    route: 'GET /api/games/:id/rating',
    answers: ref('GameRating'),
    note: 'whether the table is rated; in play, each seat’s rating and the change a win, shared win or loss would make (`stakes`); once over, each seat’s rating before and after',
  },
  {
    route: 'GET /api/leaderboard',
    takes: `query ${ref('LeaderboardQuery')}`,
    answers: ref('Leaderboard'),
    note: 'per preset: players with `minGames` rated games; RD above `provisionalDeviation` listed apart',
  },
  {
    route: 'GET /api/players/:id/ratings',
    answers: ref('PlayerRatings'),
    note: "an account's public ratings per preset and history; 404 for a guest or unknown id",
  },
  {
    route: 'GET /api/games/:id/accuracy',
    answers: ref('GameAccuracy'),
    note: 'a finished game analysed by the coach: accuracy per seat, graded decisions with every option; `409 NOT_OVER` before the end, `503 BUSY` when the coach is busy; `provisional` answers are not stored',
  },
  {
    route: 'GET /api/players/:id/accuracy',
    answers: ref('AccuracyTrend'),
    note: "an account's analysed games per preset, newest first, with the mean accuracy",
  },
  {
    route: 'POST /api/practice',
    takes: ref('PracticeBody'),
    answers: `201 ${ref('PracticeCreated')}`,
    note: 'a practice table: you (seat 0, claim it with its token) against the chosen bot; never rated',
  },
  {
    route: 'GET /api/games/:id/practice',
    answers: ref('Practice'),
    note: 'a practice game’s seat, bot and hints used; `409 NOT_PRACTICE` for any other table',
  },
  {
    route: 'POST /api/games/:id/hint',
    takes: ref('HintBody'),
    answers: ref('Hint'),
    note: 'the coach for the practising seat’s decision now, counted by the server once per decision; `409 NOT_PRACTICE` on other tables (or `403` for another seat), `409 NOT_YOUR_TURN` off your turn, `409 GAME_OVER` after the end, `503 BUSY` when the coach is busy',
  },
  {
    route: 'GET /api/account/stats',
    answers: ref('AccountStats'),
    note: 'finished games per rule set',
  },
  {
    route: 'POST /api/account/passkeys/options',
    answers: ref('PasskeyOptions'),
    note: 'WebAuthn creation options; the challenge waits in the session for 5 minutes, usable once',
  },
  {
    route: 'POST /api/account/passkeys',
    takes: ref('RegisterPasskeyBody'),
    answers: `201 ${ref('Registered')}`,
    note: 'the first passkey makes a guest an account and answers 10 recovery codes, shown this once',
  },
  {
    route: 'GET /api/account/passkeys, DELETE /api/account/passkeys/:id',
    answers: ref('PasskeyList'),
    note: 'list; remove (never the last one: `LAST_PASSKEY`)',
  },
  {
    route: 'POST /api/account/recovery-codes',
    answers: ref('RecoveryCodes'),
    note: 'new codes; the old ones stop working',
  },
  {
    route: 'POST /api/account/signin/options',
    answers: ref('PasskeyOptions'),
    note: 'WebAuthn request options (any passkey of this site)',
  },
  {
    route: 'POST /api/account/signin',
    takes: ref('SignInBody'),
    answers: ref('SignedIn'),
    note: "a new session id; this device's guest seats move to the account",
  },
  {
    route: 'POST /api/account/signin/recovery',
    takes: ref('RecoverySignInBody'),
    answers: ref('SignedIn'),
    note: 'a recovery code signs in once',
  },
  {
    route: 'POST /api/account/signout, DELETE /api/account',
    answers: ref('SignedOut'),
    note: 'sign out on this device; delete the user (games stay, its seats renamed "Deleted player")',
  },
  {
    route: 'GET /api/account/push',
    answers: ref('PushStatus'),
    note: "accounts only (`NOT_AN_ACCOUNT`): the server's VAPID key, the notification settings, devices subscribed",
  },
  {
    route: 'POST /api/account/push/settings',
    takes: ref('PushSettings'),
    answers: ref('PushStatus'),
    note: 'which kinds to push; quiet hours (dropped, not held) in an IANA time zone',
  },
  {
    route: 'POST /api/account/push/subscriptions, POST /api/account/push/unsubscribe',
    takes: `${ref('PushSubscribeBody')}, ${ref('PushUnsubscribeBody')}`,
    answers: ref('PushStatus'),
    note:
      "this device's `PushSubscription` (https endpoints only); each notification's encrypted body is a " +
      ref('PushPayload'),
  },
  {
    route: 'GET /api/account/friends',
    answers: ref('Friends'),
    note: 'accounts only (`NOT_AN_ACCOUNT`: make a passkey first): friends with online, tables in play and whose move (friends only see this), requests both ways, blocks. Asking marks you online for your friends',
  },
  {
    route: 'POST /api/account/friends',
    takes: ref('FriendRequestBody'),
    answers: '`{ relation }`',
    note: `ask by account id (a profile link) or by a seat of a finished game you played; accepts their request if they asked first. At most ${P.FRIEND_REQUESTS_PER_DAY} requests a day (\`DAILY_LIMIT\`); a guest, an unknown id or someone who blocked you is \`NOT_FOUND\``,
  },
  {
    route: 'GET /api/account/friends/search?q=',
    answers: ref('FriendSearch'),
    note: 'accounts whose name contains `q` (2–40 characters), at most 20; those who blocked you are left out',
  },
  {
    route: 'GET /api/account/friends/:userId, POST …/:userId/accept, …/remove, …/block, …/unblock',
    answers: '`{ relation }`',
    note: 'relation is none, friend, incoming, outgoing or blocked. remove declines, takes back or unfriends; block also drops the friendship, cancels open challenges between you and hides their table chat from you',
  },
  {
    route: 'GET /api/account/challenges',
    answers: ref('Challenges'),
    note: 'open challenges to you, and those you sent in the last week (any state)',
  },
  {
    route: 'POST /api/account/challenges',
    takes: ref('ChallengeBody'),
    answers: ref('Challenge'),
    note: `a preset or house rules, rated (presets only), live (60 s a decision, expires in 10 min) or correspondence (1 day a decision, expires in 3 days). The challenged account gets a \`challenge\` push. At most ${P.CHALLENGES_PER_DAY} a day`,
  },
  {
    route: 'POST /api/account/challenges/:id/accept, …/decline, …/seat',
    answers: `${ref('ChallengeSeat')}, ${ref('Challenge')}`,
    note: 'accept makes the table (challenger seat 0) and answers your seat; decline (or take back your own); seat gives the challenger a fresh token for its seat. `CHALLENGE_CLOSED` once answered or expired',
  },
  {
    route: 'GET /api/account/tournaments',
    answers: ref('TournamentLobby'),
    note: 'the lobby, no account needed: open and running tournaments, newest first, then recently finished ones',
  },
  {
    route: 'POST /api/account/tournaments',
    takes: ref('TournamentBody'),
    answers: ref('Tournament'),
    note: `accounts only: a preset or house rules, Swiss / elimination / round-robin, ${P.TOURNAMENT_MIN_PLAYERS}–${P.TOURNAMENT_MAX_PLAYERS} players, rated (presets only; games between two people), live or correspondence, a start time or when full, bots as fillers or not. The creator is the first entrant. At most ${P.TOURNAMENTS_PER_DAY} a day`,
  },
  {
    route: 'GET /api/account/tournaments/:id',
    answers: ref('Tournament'),
    note: 'entrants, every game (spectate by its id), standings (Swiss Buchholz; the bracket reads from `games`), and `you` (joined, creator, your game in play) when signed in',
  },
  {
    route: 'POST /api/account/tournaments/:id/join, …/leave, …/start',
    answers: ref('Tournament'),
    note: 'join (a full tournament starts at once), leave before the start, or (the creator) start now with bots filling empty seats when allowed. `TOURNAMENT_FULL`, `TOURNAMENT_STARTED`, `NOT_CREATOR`',
  },
  {
    route: 'POST /api/account/tournaments/:id/edit',
    takes: ref('TournamentEdit'),
    answers: ref('Tournament'),
    note: 'the creator renames it or moves its start; `TOURNAMENT_STARTED` once it has started',
  },
  {
    route: 'POST /api/account/tournaments/:id/seat',
    answers: ref('TournamentSeat'),
    note: 'your seat at your newest table in it, with a fresh token for this device',
  },
  {
    route: 'GET /api/account/tournaments/player/:userId',
    answers: ref('TournamentHistory'),
    note: "a player's tournaments, newest first, with the final place in each finished one",
  },
  {
    route: 'GET /api/account/puzzles/next',
    answers: ref('Puzzle'),
    note: "a puzzle near the solver's rating (`?preset`, `?theme`, `?after`; a guest sends its device `?rating`); an account is not given puzzles it has tried while others remain. `NO_PUZZLES` (404) when the bank is empty (docs/puzzles.md)",
  },
  {
    route: 'POST /api/account/puzzles/:id/attempt',
    takes: ref('PuzzleAttempt'),
    answers: ref('PuzzleVerdict'),
    note: "answer a puzzle by option `id`: right or wrong, every option's win chance, ratings moved (an account's first try only; a guest's device rating is rated and handed back, the puzzle's never moves for it). `BAD_CHOICE` for an option it does not have; `ZILCH_PUZZLE_RATE_LIMIT` a minute per address",
  },
  {
    route: 'GET /api/account/puzzles/me',
    answers: ref('PuzzleMe'),
    note: "the signed-in account's puzzle rating (`account: false` for a guest: its rating is on its device)",
  },
  {
    route: 'GET /api/puzzles/daily, GET /api/puzzles/:id, GET /api/puzzles/banks',
    answers: `${ref('Puzzle')}, ${ref('PuzzleBanks')}`,
    note: "today's puzzle (UTC day; `?preset`), the same for everyone; a puzzle by id; each preset's bank size",
  },
  {
    route: 'GET /api/account/bot, POST /api/account/bot',
    takes: ref('MakeBotBody'),
    answers: ref('BotAccount'),
    note: 'accounts only: whether this is a bot account and its API tokens (never their secrets); POST makes it a bot account, for good (kept out of quick match and the leaderboard of people). docs/bot-api.md',
  },
  {
    route: 'POST /api/account/bot/tokens, DELETE /api/account/bot/tokens/:id',
    takes: ref('NewBotTokenBody'),
    answers: `${ref('NewBotToken')}, ${ref('BotAccount')}`,
    note: `an API token with scopes \`bot:play\` (bot accounts only: \`NOT_A_BOT\`), \`challenge:write\`, \`read\`; its secret is in this answer only (the server keeps its SHA-256). At most ${P.TOKENS_PER_ACCOUNT} live. DELETE revokes it: its calls are refused and its streams end at once`,
  },
  {
    route: 'GET /api/bot/account',
    answers: ref('BotMe'),
    note: '`Authorization: Bearer <API token>` on every `/api/bot` route: who the token speaks for, its scopes and limits',
  },
  {
    route: 'GET /api/bot/stream/event',
    takes: `headers ${ref('BotStreamHeaders')}`,
    answers: `NDJSON or server-sent events of ${ref('BotEvent')}`,
    note: 'one JSON object a line (an empty line every 7 s keeps it open): open challenges to you, then each new one and each gone; your games starting and ending. Ends with `closed` when the token is revoked. With `Accept: text/event-stream`, server-sent events instead: each object one event’s `data:` (no `id:`: every connection sends the open challenges and games in play again), `: keep-alive` comments',
  },
  {
    route: 'GET /api/bot/game/stream/:id',
    takes: `query ${ref('BotStreamQuery')}, headers ${ref('BotGameStreamHeaders')}`,
    answers: `NDJSON or server-sent events of ${ref('BotGameLine')}`,
    note: '`gameFull` first (your view and `choices`, your legal moves now), then a `gameState` per stored change with its `seq`, the action and events (the newest line of a burst carries the view and choices); `?since=N` resumes with every change after N. Ends with `closed` (`over`, `revoked`, `shutdown`). With `Accept: text/event-stream`, server-sent events: each line one event, `id:` its `seq`, so `Last-Event-ID: N` resumes as `?since=N`; `: keep-alive` comments; `204` for a resume past the end of a finished game (an EventSource then stops)',
  },
  {
    route: 'POST /api/bot/game/:id/move',
    takes: ref('BotMoveBody'),
    answers: ref('BotMoved'),
    note: "`bot:play`: the socket's action path and refusals (`NOT_YOUR_TURN`, `ILLEGAL_SELECTION`, …); a retry with the same `clientId` answers the first result with `repeated: true`",
  },
  {
    route: 'POST /api/bot/challenge/ai',
    takes: ref('BotAiBody'),
    answers: ref('BotGameStart'),
    note: "`bot:play`: a game against one of the server's bots, started at once (you are seat 0). A bot that stops answering: called off before its first move, forfeited after 3 timed-out decisions in a row",
  },
  {
    route: 'POST /api/bot/challenge, …/challenge/:id/accept, …/challenge/:id/decline',
    takes: ref('ChallengeBody'),
    answers: `${ref('Challenge')}, ${ref('BotGameStart')}`,
    note: '`challenge:write` (accept and decline: or `bot:play`): the challenges of `/api/account/challenges` for programs; accepting over a bot’s cap of games at once is `TOO_MANY_GAMES`. A challenge to a built-in bot (`to: { userId: "zilch-expected" }`, any level of `BotId`) is accepted at once: the answer is `accepted` with its `gameId`, the bot sits at seat 1, and a rated game rates both on the bot ladder',
  },
  {
    route: 'GET /api/bot/leaderboard',
    takes: `query ${ref('BotLeaderboardQuery')}`,
    answers: ref('BotLeaderboard'),
    note: 'the bot ladder of a preset (no token): bot accounts (our built-in bots among them, with `house`) by their Glicko-2 rating from rated challenges between bots (and people who challenge them); bots never appear on `/api/leaderboard`',
  },
  {
    route: 'GET /api/bot/players/:id',
    takes: `params ${ref('BotProfileParams')}`,
    answers: ref('BotProfile'),
    note: "a bot's page (no token; the web's `/bots/:id`): its ratings on the bot ladder per preset and its 50 newest games, the opponent marked when a bot too; `NOT_FOUND` for an account that is not a bot",
  },
  {
    route: 'POST /api/games/:id/join',
    takes: ref('JoinTableBody'),
    answers: ref('JoinedTable'),
    note: "the public lobby: take the first free human seat of a table created with `public: true` (404 for any other table; 409 `ALREADY_STARTED` when every seat is taken); the token is new and this device's",
  },
  {
    route: 'GET /api/account/match',
    answers: ref('MatchStatus'),
    note: 'quick-match status; polling it (about once a second) is the heartbeat that keeps the player queued (`ZILCH_MATCH_EXPIRE_MS`). `matched` carries a fresh seat token for this device',
  },
  {
    route: 'POST /api/account/match',
    takes: ref('MatchJoinBody'),
    answers: ref('MatchStatus'),
    note: 'join quick match for a preset (replaces an earlier wait); `rated` needs an account. Makes a guest if the device has no user',
  },
  {
    route: 'DELETE /api/account/match',
    answers: ref('MatchStatus'),
    note: 'leave the queue; answers `matched` if a pair was made first',
  },
  {
    route: 'POST /api/account/match/bot',
    takes: ref('MatchBotBody'),
    answers: ref('MatchStatus'),
    note: 'after `ZILCH_MATCH_BOT_AFTER_MS` of waiting (`botOffer: true`): leave the queue for a new table against that bot (default `expected`)',
  },
  {
    route: 'POST /api/test/games/:id/dice',
    takes: ref('TestDiceBody'),
    answers: ref('TestDiceAnswer'),
    note: 'only when the server runs with `ZILCH_TEST_DICE=1` (never in production): queue the next rolls',
  },
];

/** When each code is sent; a new code in the protocol without a line here fails the type check. */
const CODES: Record<P.ErrorCode, string> = {
  BAD_REQUEST: '400 — the request does not match its schema (the message says where)',
  BAD_JSON: '400 — the body is not JSON',
  PAYLOAD_TOO_LARGE: '413 — the body is over the size limit',
  RATE_LIMITED:
    '429 — too many requests from one address (on `/api/bot`: from one API token, `retry-after` says when); on a socket, more than `ZILCH_SOCKET_ACTIONS_PER_SECOND` messages a second (burst twice that) or more than `ZILCH_SOCKET_MESSAGES_PER_IP` over all sockets of one address; after `ZILCH_SOCKET_MAX_REFUSALS` refusals within 10 s the socket gets `bye` and is disconnected',
  NOT_FOUND: '404 — no such game or route',
  UNAUTHORIZED:
    '403 — the token opens no seat of this game; 401 on `/api/bot` — no API token, or an unknown or revoked one',
  NOT_STARTED: '409 — an action before every seat is claimed',
  ALREADY_STARTED: '409 — a claim under a new name after the start',
  NOT_OVER: '409 — a rematch before the end',
  DUPLICATE_CLIENT_ID: '409 — the client id was used by another seat',
  BAD_RULES: '400 — an unknown preset or an invalid rule set',
  BAD_ACTION:
    '400 — a `timeout`, `forfeit` or `abort` sent by a player; 409 — an action the engine cannot read',
  NOT_YOUR_TURN: '409 — engine refusal',
  GAME_OVER: '409 — engine refusal',
  MUST_CHOOSE_START: '409 — engine refusal: take or refuse the offer first',
  NO_OFFER: '409 — engine refusal',
  MUST_ROLL_FIRST: '409 — engine refusal',
  MUST_KEEP_FIRST: '409 — engine refusal',
  ILLEGAL_SELECTION: '409 — engine refusal: those dice do not score',
  BELOW_BANK_MINIMUM: '409 — engine refusal',
  CSRF: '403 — a state-changing `/api/account` request whose `Origin` is missing or not this site',
  NO_SESSION: '401 — the device is not signed in (no user in its session)',
  NOT_AN_ACCOUNT:
    '403 — a guest asked for what only accounts have (recovery codes, rated quick match)',
  NOT_QUEUED: '409 — leaving quick match, or taking its bot, while not waiting',
  NOT_YOURSELF: '400 — befriending, blocking or challenging yourself',
  DAILY_LIMIT:
    '429 — over the per-day cap of friend requests, challenges or new tournaments of this account',
  CHALLENGE_CLOSED:
    '409 — accepting or declining a challenge already answered, taken back or expired',
  TOURNAMENT_FULL: '409 — joining a tournament with every seat taken',
  TOURNAMENT_STARTED: '409 — joining, leaving or editing a tournament that has started (or ended)',
  NOT_CREATOR: '403 — editing or starting a tournament someone else created',
  CHALLENGE_EXPIRED:
    '400 — no passkey request pending in the session, or it timed out, or was used',
  PASSKEY_NOT_VERIFIED: '400 on registration, 401 on sign-in — the WebAuthn answer did not verify',
  UNKNOWN_PASSKEY: '401 on sign-in, 404 on removal — no such passkey here',
  LAST_PASSKEY: '409 — removing the only passkey of an account',
  BAD_RECOVERY_CODE: '401 — an unknown or used recovery code',
  CHAT_EMPTY: 'socket only — a chat message with nothing left once normalised',
  CHAT_TOO_LONG:
    'socket only — a chat message over `CHAT_MAX_GRAPHEMES` (280) characters once normalised',
  CHAT_TOO_FAST:
    'socket only — a sender (a seat; a spectator by address) over `CHAT_BURST` (5) messages at once, earning one back every `CHAT_REFILL_SECONDS` (3 s); the message says how long to wait',
  BAD_SUBSCRIPTION:
    '400 — a push subscription with malformed keys (not a P-256 point, or not a 16-byte secret)',
  PUSH_ENDPOINT_NOT_ALLOWED:
    '400 — a push endpoint that is not https on one of the push services the server sends to (ZILCH_PUSH_HOSTS)',
  PUSH_ENDPOINT_ADDRESS:
    '400 — a push endpoint whose host resolves to a loopback, private, link-local, CGNAT, multicast, unspecified or reserved address (or to none)',
  PUSH_ENDPOINT_TAKEN:
    '409 — the push endpoint belongs to another account, and the keys given are not the ones that browser subscribed with',
  NOT_RATEABLE:
    '400 — `rated: true` on a table that cannot be rated (not two human seats, a bot, an absent bot, custom rules); 409 — an account taking a second seat of a rated table',
  ACCOUNT_REQUIRED:
    '403 — a seat of a rated table claimed without an account (`POST /api/games/:id/claim`, or a guest session)',
  BAD_STATE: '400 — `POST /api/advice` could not read the state',
  NOT_PRACTICE:
    '409 — a hint asked on a table that is not a practice game (403 for a seat other than the practising one)',
  NO_PUZZLES: '404 — no puzzle of these rules (or theme) in the bank yet',
  BAD_CHOICE: '400 — a puzzle answer names an option the puzzle does not have',
  MISSING_SCOPE: '403 — the API token lacks the scope the call needs',
  NOT_A_BOT: '403 — a `bot:play` token asked for, or used, by an account that is not a bot account',
  TOO_MANY_GAMES:
    "429 — a bot at its cap of games in play at once (the service's limit, 8 by default)",
  TOO_MANY_STREAMS: '429 — an API token with its cap of streams open at once (12 by default)',
  BOT_ACCOUNT: '403 — a bot account asked to join quick match (bots play challenges only)',
  NOT_JOINED: 'socket only — send `join` first',
  SPECTATOR: 'socket only — spectators cannot act',
  BUSY: '503 — the game stayed locked by other writers; try again',
  SHUTTING_DOWN: '503 — the server is restarting; try again elsewhere',
  NOT_READY: '503 — `GET /readyz` while the server cannot serve',
  INTERNAL: '500 — a server fault (logged)',
};

const SAFE_INT = Number.MAX_SAFE_INTEGER;

/** A JSON Schema (as z.toJSONSchema writes it) in TypeScript-like notation. */
function render(s: Record<string, unknown>, indent: string): string {
  if (typeof s.$ref === 'string') return s.$ref.slice(1);
  if ('const' in s) return JSON.stringify(s.const).replaceAll('"', "'");
  if (Array.isArray(s.enum)) {
    const values = s.enum.map((v) => JSON.stringify(v).replaceAll('"', "'"));
    const line = values.join(' | ');
    return line.length <= 72 ? line : values.map((v) => `\n${indent}  | ${v}`).join('');
  }
  const union = (s.anyOf ?? s.oneOf) as Record<string, unknown>[] | undefined;
  if (union) {
    const parts = union.map((u) => render(u, indent));
    if (parts.some((p) => p.includes('\n'))) {
      return union.map((u) => `\n${indent}  | ${render(u, `${indent}    `)}`).join('');
    }
    return parts.join(' | ');
  }
  const bounds = constraints(s);
  switch (s.type) {
    case 'string':
    case 'boolean':
    case 'null':
      return `${s.type}${bounds}`;
    case 'integer':
    case 'number':
      return `${s.type === 'integer' ? 'integer' : 'number'}${bounds}`;
    case 'array': {
      const item = render((s.items ?? {}) as Record<string, unknown>, indent);
      const union = item.startsWith('\n') || (!item.startsWith('{') && item.includes(' | '));
      const wrapped = union ? `(${item})` : item;
      return `${wrapped}[]${bounds}`;
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = new Set((s.required ?? []) as string[]);
      if (Object.keys(props).length === 0) {
        const extra = s.additionalProperties as Record<string, unknown> | undefined;
        return `{ [key: string]: ${extra && Object.keys(extra).length ? render(extra, indent) : 'unknown'} }`;
      }
      const fields = Object.entries(props).map(([k, v]) => {
        const type = render(v, `${indent}  `);
        return {
          head: `${k}${required.has(k) ? '' : '?'}:${type.startsWith('\n') ? '' : ' '}${type}`,
          note: typeof v.description === 'string' ? ` // ${v.description}` : '',
        };
      });
      const inline = `{ ${fields.map((f) => f.head).join('; ')} }`;
      if (fields.every((f) => !f.note && !f.head.includes('\n')) && inline.length <= 72) {
        return inline;
      }
      const lines = fields.map((f) => `${indent}  ${f.head};${f.note}`);
      return `{\n${lines.join('\n')}\n${indent}}`;
    }
    default:
      return 'unknown';
  }
}

/** Length and range limits worth telling a client, as a short suffix. */
function constraints(s: Record<string, unknown>): string {
  const out: string[] = [];
  const range = (lo: unknown, hi: unknown, unit: string) => {
    const l = typeof lo === 'number' ? lo : undefined;
    const h = typeof hi === 'number' && Math.abs(hi) !== SAFE_INT ? hi : undefined;
    if (l === undefined && h === undefined) return;
    if (l !== undefined && l === h) out.push(`${unit}${l}`);
    else if (h === undefined) out.push(`${unit}≥ ${l}`);
    else if (l === undefined || l === -SAFE_INT) out.push(`${unit}≤ ${h}`);
    else out.push(`${unit}${l}–${h}`);
  };
  if (s.type === 'string') range(s.minLength, s.maxLength, 'length ');
  if (s.type === 'array') range(s.minItems, s.maxItems, 'items ');
  if (s.type === 'integer' || s.type === 'number') {
    range(s.minimum === -SAFE_INT ? undefined : s.minimum, s.maximum, '');
  }
  if (typeof s.pattern === 'string') out.push(`/${s.pattern}/`);
  return out.length ? ` (${out.join(', ')})` : '';
}

/** Every shape rendered from its JSON Schema, with references between shapes by name. */
function shapes(): string {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(SHAPES)) registry.add(schema, { id });
  const json = z.toJSONSchema(registry, {
    uri: (id) => `#${id}`,
    unrepresentable: 'any',
    io: 'input',
  }).schemas as Record<string, Record<string, unknown>>;
  return Object.keys(SHAPES)
    .map((id) => {
      const s = json[id]!;
      const about = typeof s.description === 'string' ? `${s.description}\n\n` : '';
      const type = render(s, '');
      const eq = type.startsWith('\n') ? '=' : '= ';
      return `### ${id}\n\n${about}\`\`\`ts\n${id} ${eq}${type}\n\`\`\``;
    })
    .join('\n\n');
}

const cell = (s: string) => s.replaceAll('|', '\\|');

const target = fileURLToPath(new URL('../docs/protocol.md', import.meta.url));

/** The whole document, formatted as `npm run format` would leave it. */
export async function protocolDocs(): Promise<string> {
  const config = await resolveConfig(target);
  return format(draft(), { ...config, filepath: target });
}

/** The document before formatting. */
function draft(): string {
  const routes = ROUTES.map(
    (r) => `| \`${r.route}\` | ${cell(r.takes ?? '')} | ${cell(r.answers)} | ${cell(r.note)} |`,
  ).join('\n');
  const codes = P.ERROR_CODES.map((c) => `| \`${c}\` | ${cell(CODES[c])} |`).join('\n');
  return `# Zilch wire protocol (contract between \`packages/server\` and its clients)

<!-- Generated by \`npm run docs:protocol\` from packages/protocol (scripts/protocol-docs.ts). Do not edit by hand. -->

The server is authoritative: clients send **intents**, never dice. Every rejection is
${ref('ErrorBody')} \`{ code, message }\` (a stable code from the closed list below, and a
sentence for players). Engine types (\`GameState\`, \`Action\`, \`GameEvent\`, \`RuleSet\`)
come from \`@zilch/engine\` and are sent as plain JSON. Every shape below is a zod schema of
\`@zilch/protocol\`, which the server validates requests and answers with and clients import;
the OpenAPI document at \`/api/openapi.json\` (browsable at \`/api/docs\`) is built from the same
schemas.

## HTTP (JSON, prefix \`/api\`)

Every route answers a refusal as ${ref('ErrorBody')} with a 4xx or 5xx status.

| route | takes | answers | |
| --- | --- | --- | --- |
${routes}

- \`seq\` counts accepted actions; \`version\` is bumped by every stored change (claims, start, actions, rematch link) — the newest view has the highest \`version\`.
- While \`status\` is \`'waiting'\`, \`state\` is a preview (nobody has rolled for the first player yet).
- A game starts (\`status: 'playing'\`) as soon as every human seat is claimed; a table of bots only starts at once.
- \`claim\` also accepts \`seed\` (1–128 printable ASCII characters, no spaces): the player's own seed mixed into the dice (else the seat's seed is HMAC(server seed, \`seat:<n>\`), fixed by the commitment). Send it after seeing the commitment: the web client sends 16 random bytes from \`crypto.getRandomValues\`. Claiming again with the same token before the start renames the seat; after the start only the same name is accepted (\`ALREADY_STARTED\` otherwise).
- \`rematch\` keeps each seat's token: the links people already hold open the same seat of the new game, with a new commitment (in the answer and the view) and no roll yet: it starts once every human seat has claimed it again (with a fresh \`seed\`), so the server fixes its seed before it can know the players'. A rematch of bots only starts at once. Everyone at the old table receives an \`update\` whose view has \`rematchId\`. Calling it again returns the same new game.
- Tokens never travel in a URL: \`?token=\` or \`?tokens=\` on an API route is refused (\`BAD_REQUEST\`); a seat's view takes \`Authorization: Bearer <token>\`, links carry tokens in the fragment (\`/t/<id>#seat=…\`, \`#watch=…\`).
- \`GET /api/games\` lists newest first (\`limit\` ≤ 500, default 100): without tokens only tables created with \`public: true\`; with \`X-Zilch-Tokens: a,b\` the games those tokens open (at most 50). \`GET /api/games/:id/log\` also gives \`actors\` (per entry: \`player\`, \`bot\`, \`absent\` = the absent-player bot stood in, \`timer\`).
- \`POST /api/advice\` answers in expected points (\`kind: 'points'\`) until the server has solved the rule set for win probability; \`mode\` asks for one or the other.
- \`turnTimerSeconds\` (5 s to 7 days) overrides the rule set's \`turnTimerSeconds\`. The timer runs per decision: the turn's start and every accepted action give the seat a full timer (\`view.timer.deadline\`). When it runs out the server plays \`timeout\` — or, at a table with \`absentBot\`, that bot finishes the turn for the seat. With \`absentBot\`, a human seat with no live connection is also played by the bot once its turn has waited \`ZILCH_ABSENT_GRACE_MS\` (default 30 s). Quick-match tables always have a timer and a rule for absent players: a seat that never moved calls the game off (\`abort\`, no winner), and at a rated table the second timed-out decision in a row is a \`forfeit\` (docs/server.md, Quick match).

## Error codes

The closed list \`ERROR_CODES\` (\`ErrorCodeSchema\`); the server cannot send any other.

| code | when (HTTP status) |
| --- | --- |
${codes}

## Socket.io (path \`/socket.io\`)

Client → server, each with an ack callback (acks are \`{ ok: true, … } | { ok: false, error: ErrorBody }\`):

- \`join\` ${ref('JoinMessage')} → ack ${ref('JoinAck')}. Without a token (or with the spectator token) you are a spectator. Re-sending \`join\` after a reconnect gives the full current view.
- \`action\` ${ref('ActionMessage')} → ack ${ref('ActionAck')}. \`clientId\` is a client-made unique id; a retry with the same id is applied once (the ack repeats the first answer). \`action\` is a ${ref('Move')}: an engine \`Action\` **without** \`seat\` (the token decides the seat); \`timeout\`, \`forfeit\` and \`abort\` are server-only.
- \`react\` ${ref('ReactMessage')} → ack ${ref('ReactAck')}, with emoji one of ${P.REACTIONS.join(' ')} (only after \`join\`).
- \`chat\` ${ref('ChatSendMessage')} → ack ${ref('ChatSendAck')} (only after \`join\`): the joined seat speaks in the \`seats\` channel, a spectator in the \`spectators\` channel; nothing in the message can name another sender. The text is normalised (\`normaliseChat\`: NFC, control and invisible characters removed, spaces collapsed), limited to ${P.CHAT_MAX_GRAPHEMES} characters, rate-limited per sender (\`CHAT_TOO_FAST\`), masked for profanity unless the table was created with \`chatFilter: false\`, stored, then pushed to everyone at the table except the seats that muted its sender.
- \`chatHistory\` ${ref('ChatHistoryMessage')} → ack ${ref('ChatHistoryAck')}: the newest ${P.CHAT_HISTORY} messages without those the asking seat muted, its mutes (\`null\` for a spectator) and whether the table filters. Send it after every \`join\`.
- \`chatMute\` ${ref('ChatMuteMessage')} → ack ${ref('ChatMuteAck')}: a seat mutes or unmutes another seat or every spectator, kept in the store for that seat (any device holding its token); spectators cannot mute (\`SPECTATOR\`).
- \`chatReport\` ${ref('ChatReportMessage')} → ack ${ref('ChatReportAck')}: reports a message of this table (\`NOT_FOUND\` otherwise); the store keeps the text, its author, the reporter, the reason and the time for the operators.
- \`watchTournament\` ${ref('WatchTournamentMessage')} → ack ${ref('WatchTournamentAck')}: from now on this socket gets the tournament's \`tournament\` notices (no account needed).

The server answers an action's ack only after the action is stored; the \`update\` for it may arrive just before the ack.

Server → client:

- \`update\` ${ref('Update')} after every accepted action (and after bot moves, claims, the start, timers, a rematch), to everyone in the game's room, only after the action is stored. Each socket gets the view of its own seat (\`you\`). Presence changes (a seat connects or leaves) also send an \`update\` with \`events: []\` and the same \`seq\`.
- \`reaction\` ${ref('Reaction')}.
- \`chat\` ${ref('ChatMessage')}: a new chat message of a joined table (render \`text\` as text, never markup).
- \`tournament\` ${ref('TournamentNotice')} to the sockets watching a tournament whenever it changes (it starts, a game ends, a round is paired and its tables made, it ends): fetch it again.
- \`bye\` ${ref('Bye')} just before the server disconnects a socket that kept sending over its limits; its address may not connect again for 10 s.

Connections: a page may open a socket only from an allowed \`Origin\` (\`ZILCH_ALLOWED_ORIGINS\`, default the server's own host); one address may hold \`ZILCH_SOCKETS_PER_IP\` sockets.

## Game export (\`zilch verify\`)

${ref('GameExport')} comes in two formats; \`zilch verify <file> --commitment <hex>\`, \`GET /api/games/:id/verify?commitment=<hex>\` and the fairness page run the same checker (\`checkExport\` in \`@zilch/protocol\`).

**Format 2** (every game made since): \`setupHash = SHA-256(canonical JSON {"game": id, "players": n, "rules": rules})\` (keys sorted, no spaces), \`seedHash = SHA-256(serverSeed)\`, \`commitment = SHA-256("zilch/commit/2\\n" + setupHash + "\\n" + seedHash)\` — shown before the first roll, so it fixes the server seed, the rules and the seat count. A seat whose player sent no seed gets \`HMAC-SHA256(serverSeed, "seat:<n>")\`, first 16 bytes, hex. Rolls come from \`HMAC-SHA256(key = serverSeed, message = JSON.stringify(playerSeeds) + "\\n" + counter)\`. The hash chain starts at \`SHA-256("zilch/chain/2\\n" + commitment + "\\n" + canonical {playerSeeds, setupDice})\`, takes each entry as \`h = SHA-256(h + "\\n" + canonical {action, actor, dice, seat, seq})\`, and ends with \`chain = SHA-256(h + "\\nresult\\n" + canonical {scores, winners})\`. The checker fails with a named \`reason\`: \`WRONG_COMMITMENT\` (another game than the commitment you saw), \`COMMITMENT_MISMATCH\`, \`SEED_MISMATCH\`, \`RULES_CHANGED\`, \`BAD_SEEDS\`, \`DICE_MISMATCH\`, \`REPLAY_FAILED\`, \`TRUNCATED\` (the log stops before the game ends or skips a seq), \`RESULT_MISMATCH\`, \`CHAIN_MISMATCH\`; \`NOT_OVER\` until the seed is revealed.

**Format 1** (games made before format 2, still verifiable): \`commitment = SHA-256(serverSeed)\` alone (the rules are not bound), rolls from \`playerSeeds.join(':') + ':' + counter\`; a seed containing \`:\` is refused as ambiguous (\`BAD_SEEDS\`).

In both, \`serverSeed\` is 64 hex characters used as its UTF-8 text (not decoded), \`counter\` a decimal number from 0, giving 32-byte blocks read in order; each byte \`b < 252\` gives the die \`b % 6 + 1\`, bytes 252–255 are skipped (no modulo bias). \`setupDice\` are the rolls that chose the first player, then each entry's \`dice\` in log order — all from one stream. \`serverSeed\`, \`result\` and \`chain\` are \`null\` until the game is over.

## Shapes

Rendered from the schemas' JSON Schema: \`?\` marks an optional field, \`(…)\` the limits a value must keep, \`//\` the schema's description.

${shapes()}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await protocolDocs();
  if (process.argv.includes('--check')) {
    const same = readFileSync(target, 'utf8') === text;
    if (!same) console.error('docs/protocol.md is stale: run `npm run docs:protocol`.');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
