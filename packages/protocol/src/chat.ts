// Table chat over socket.io: what clients send, what the server answers and pushes. The text
// normaliser and the limits both sides use live in text.ts (no zod: the web app imports them).
import { z } from 'zod';
import { ackSchema } from './errors.ts';
import { GameIdSchema } from './moves.ts';
import { CHAT_HISTORY, CHAT_MAX_GRAPHEMES } from './text.ts';

/** Who a chat message is from: a seat (its name at the time), or a spectator. */
const ChannelSchema = z
  .enum(['seats', 'spectators'])
  .describe('`seats`: the players at the table; `spectators`: people watching');

/** A chat message as the server stores and delivers it. */
export const ChatMessageSchema = z.object({
  id: z.string().describe('Sortable: later messages have greater ids'),
  gameId: z.string(),
  channel: ChannelSchema,
  seat: z.number().int().min(0).nullable().describe('null for a spectator'),
  name: z.string().describe("The seat's name when sent, or `Spectator <tag>`"),
  text: z.string().describe('Normalised plain text; clients must render it as text, never HTML'),
  at: z.number().describe('Epoch milliseconds'),
});

/** A chat message. */
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** What a seat has muted: other seats by number, and whether all spectators. */
export const ChatMutesSchema = z.object({
  seats: z.array(z.number().int().min(0)),
  spectators: z.boolean(),
});

/** What a seat has muted. */
export type ChatMutes = z.infer<typeof ChatMutesSchema>;

// ---- client → server ----

/** `chat`: a message to the table (seats) or to the other spectators (after `join`). */
export const ChatSendMessageSchema = z
  .object({
    gameId: GameIdSchema,
    // A bound on the raw text before any Unicode work; the real limit applies after normalising.
    text: z.string().max(4 * CHAT_MAX_GRAPHEMES),
  })
  .strict();

/** `chat` message. */
export type ChatSendMessage = z.infer<typeof ChatSendMessageSchema>;

/** `chatHistory`: the table's recent messages (after `join`), without those you muted. */
export const ChatHistoryMessageSchema = z.object({ gameId: GameIdSchema }).strict();

/** `chatHistory` message. */
export type ChatHistoryMessage = z.infer<typeof ChatHistoryMessageSchema>;

/** `chatMute`: a seat mutes or unmutes another seat or all spectators (kept for that seat). */
export const ChatMuteMessageSchema = z
  .object({
    gameId: GameIdSchema,
    target: z.union([z.number().int().min(0).max(7), z.literal('spectators')]),
    muted: z.boolean(),
  })
  .strict();

/** `chatMute` message. */
export type ChatMuteMessage = z.infer<typeof ChatMuteMessageSchema>;

/** `chatReport`: report a message of this table to the operators (kept in the store). */
export const ChatReportMessageSchema = z
  .object({
    gameId: GameIdSchema,
    messageId: z.string().min(1).max(64),
    reason: z.string().max(500).optional(),
  })
  .strict();

/** `chatReport` message. */
export type ChatReportMessage = z.infer<typeof ChatReportMessageSchema>;

// ---- acknowledgements ----

/** `chat` ack: the message as stored (the text may differ: normalised, filtered). */
export const ChatSendAckSchema = ackSchema({ message: ChatMessageSchema });

/** `chat` ack. */
export type ChatSendAck = z.infer<typeof ChatSendAckSchema>;

/** `chatHistory` ack: the newest messages, oldest first, and your mutes (null for spectators). */
export const ChatHistoryAckSchema = ackSchema({
  messages: z.array(ChatMessageSchema).max(CHAT_HISTORY),
  mutes: ChatMutesSchema.nullable(),
  filtered: z.boolean().describe('Whether this table filters profanity'),
});

/** `chatHistory` ack. */
export type ChatHistoryAck = z.infer<typeof ChatHistoryAckSchema>;

/** `chatMute` ack: the seat's mutes now. */
export const ChatMuteAckSchema = ackSchema({ mutes: ChatMutesSchema });

/** `chatMute` ack. */
export type ChatMuteAck = z.infer<typeof ChatMuteAckSchema>;

/** `chatReport` ack. */
export const ChatReportAckSchema = ackSchema({});

/** `chatReport` ack. */
export type ChatReportAck = z.infer<typeof ChatReportAckSchema>;
