// socket.io messages (path /socket.io). Every client message takes an ack callback.
import { z } from 'zod';
import { ReactionEmojiSchema } from './bots.ts';
import {
  ChatHistoryAckSchema,
  ChatHistoryMessageSchema,
  ChatMessageSchema,
  ChatMuteAckSchema,
  ChatMuteMessageSchema,
  ChatReportAckSchema,
  ChatReportMessageSchema,
  ChatSendAckSchema,
  ChatSendMessageSchema,
  type ChatHistoryAck,
  type ChatHistoryMessage,
  type ChatMessage,
  type ChatMuteAck,
  type ChatMuteMessage,
  type ChatReportAck,
  type ChatReportMessage,
  type ChatSendAck,
  type ChatSendMessage,
} from './chat.ts';
import { ackSchema, ErrorBodySchema } from './errors.ts';
import { GameEventSchema } from './game-state.ts';
import { GameViewSchema } from './game-view.ts';
import { ClientIdSchema, GameIdSchema, MoveSchema, TokenSchema } from './moves.ts';
import {
  TournamentNoticeSchema,
  WatchTournamentMessageSchema,
  type TournamentNotice,
  type WatchTournamentMessage,
} from './tournaments.ts';

// ---- client → server ----

/** `join`: without a token (or with the spectator token) you watch. */
export const JoinMessageSchema = z
  .object({ gameId: GameIdSchema, token: TokenSchema.optional() })
  .strict();

/** `join` message. */
export type JoinMessage = z.infer<typeof JoinMessageSchema>;

/** `action`: a move of the joined seat; a retry with the same `clientId` is applied once. */
export const ActionMessageSchema = z
  .object({ gameId: GameIdSchema, clientId: ClientIdSchema, action: MoveSchema })
  .strict();

/** `action` message. */
export type ActionMessage = z.infer<typeof ActionMessageSchema>;

/** `react`: a quick reaction to everyone at the table (only after `join`). */
export const ReactMessageSchema = z
  .object({ gameId: GameIdSchema, emoji: ReactionEmojiSchema })
  .strict();

/** `react` message. */
export type ReactMessage = z.infer<typeof ReactMessageSchema>;

// ---- acknowledgements ----

/** `join` ack: the full current view. */
export const JoinAckSchema = ackSchema({ view: GameViewSchema });

/** `join` ack. */
export type JoinAck = z.infer<typeof JoinAckSchema>;

/** `action` ack, sent once the action is stored. */
export const ActionAckSchema = ackSchema({ seq: z.number().int().min(0) });

/** `action` ack. */
export type ActionAck = z.infer<typeof ActionAckSchema>;

/** `react` ack. */
export const ReactAckSchema = ackSchema({});

/** `watchTournament` ack: from now on `tournament` notices of it come. */
export const WatchTournamentAckSchema = ackSchema({});

/** `watchTournament` ack. */
export type WatchTournamentAck = z.infer<typeof WatchTournamentAckSchema>;

/** `react` ack. */
export type ReactAck = z.infer<typeof ReactAckSchema>;

// ---- server → client ----

/** `update`: after every stored change, each socket gets the view of its own seat. */
export const UpdateSchema = z.object({
  gameId: z.string(),
  seq: z.number().int().min(0),
  version: z.number().int().min(0),
  events: z.array(GameEventSchema).describe('Empty for presence changes'),
  view: GameViewSchema,
});

/** `update` message. */
export type Update = z.infer<typeof UpdateSchema>;

/** `reaction`: someone at the table reacted (`seat: null` for a spectator). */
export const ReactionSchema = z.object({
  gameId: z.string(),
  seat: z.number().int().min(0).nullable(),
  emoji: ReactionEmojiSchema,
  at: z.number().describe('Epoch milliseconds'),
});

/** `reaction` message. */
export type Reaction = z.infer<typeof ReactionSchema>;

/**
 * `bye`: the server is about to disconnect this socket and says why: `SHUTTING_DOWN` (the process
 * is restarting: reconnect at once, another process or this one when back will answer) or
 * `RATE_LIMITED` (flooding, too many refusals: wait before connecting again).
 */
export const ByeSchema = ErrorBodySchema;

/** `bye` message. */
export type Bye = z.infer<typeof ByeSchema>;

/**
 * socket.io event map of what clients send (use with `Socket<ServerToClientEvents, ClientToServerEvents>`).
 * The ack is required here so that socket.io's `emitWithAck` types the answer (it cannot see past
 * an optional last parameter); the server still answers nothing to a client that leaves it out.
 */
export interface ClientToServerEvents {
  join: (message: JoinMessage, ack: (answer: JoinAck) => void) => void;
  action: (message: ActionMessage, ack: (answer: ActionAck) => void) => void;
  react: (message: ReactMessage, ack: (answer: ReactAck) => void) => void;
  chat: (message: ChatSendMessage, ack: (answer: ChatSendAck) => void) => void;
  chatHistory: (message: ChatHistoryMessage, ack: (answer: ChatHistoryAck) => void) => void;
  chatMute: (message: ChatMuteMessage, ack: (answer: ChatMuteAck) => void) => void;
  chatReport: (message: ChatReportMessage, ack: (answer: ChatReportAck) => void) => void;
  watchTournament: (
    message: WatchTournamentMessage,
    ack: (answer: WatchTournamentAck) => void,
  ) => void;
}

/** socket.io event map of what the server pushes. */
export interface ServerToClientEvents {
  update: (update: Update) => void;
  reaction: (reaction: Reaction) => void;
  chat: (message: ChatMessage) => void;
  bye: (reason: Bye) => void;
  tournament: (notice: TournamentNotice) => void;
}

/** Every message schema by event name, for clients that check what they receive. */
export const SOCKET_SCHEMAS = {
  clientToServer: {
    join: { message: JoinMessageSchema, ack: JoinAckSchema },
    action: { message: ActionMessageSchema, ack: ActionAckSchema },
    react: { message: ReactMessageSchema, ack: ReactAckSchema },
    chat: { message: ChatSendMessageSchema, ack: ChatSendAckSchema },
    chatHistory: { message: ChatHistoryMessageSchema, ack: ChatHistoryAckSchema },
    chatMute: { message: ChatMuteMessageSchema, ack: ChatMuteAckSchema },
    chatReport: { message: ChatReportMessageSchema, ack: ChatReportAckSchema },
    watchTournament: { message: WatchTournamentMessageSchema, ack: WatchTournamentAckSchema },
  },
  serverToClient: {
    update: UpdateSchema,
    reaction: ReactionSchema,
    chat: ChatMessageSchema,
    bye: ByeSchema,
    tournament: TournamentNoticeSchema,
  },
} as const;
