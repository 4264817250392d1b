import type { ErrorCode as EngineErrorCode } from '@zilch/engine';
import { z } from 'zod';

/**
 * Every code the server may put in a refusal. Clients switch on these, so the list is closed:
 * a code the server sends that is not here fails its type check.
 */
export const ERROR_CODES = [
  // Requests the server cannot read.
  'BAD_REQUEST',
  'BAD_JSON',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'NOT_FOUND',
  // Tokens, seats and the life of a table.
  'UNAUTHORIZED',
  'NOT_STARTED',
  'ALREADY_STARTED',
  'NOT_OVER',
  'DUPLICATE_CLIENT_ID',
  // Engine refusals (@zilch/engine ErrorCode).
  'BAD_RULES',
  'BAD_ACTION',
  'NOT_YOUR_TURN',
  'GAME_OVER',
  'MUST_CHOOSE_START',
  'NO_OFFER',
  'MUST_ROLL_FIRST',
  'MUST_KEEP_FIRST',
  'ILLEGAL_SELECTION',
  'BELOW_BANK_MINIMUM',
  // Accounts and sessions (docs/server.md, identity).
  'CSRF',
  'NO_SESSION',
  'NOT_AN_ACCOUNT',
  'CHALLENGE_EXPIRED',
  'PASSKEY_NOT_VERIFIED',
  'UNKNOWN_PASSKEY',
  'LAST_PASSKEY',
  'BAD_RECOVERY_CODE',
  // Table chat.
  'CHAT_EMPTY',
  'CHAT_TOO_LONG',
  'CHAT_TOO_FAST',
  // Web Push subscriptions.
  'BAD_SUBSCRIPTION',
  'PUSH_ENDPOINT_NOT_ALLOWED',
  'PUSH_ENDPOINT_ADDRESS',
  'PUSH_ENDPOINT_TAKEN',
  // Friends and challenges.
  'NOT_YOURSELF',
  'DAILY_LIMIT',
  'CHALLENGE_CLOSED',
  // Tournaments.
  'TOURNAMENT_FULL',
  'TOURNAMENT_STARTED',
  'NOT_CREATOR',
  // Quick match.
  'NOT_QUEUED',
  // Ratings (docs/server.md, ratings).
  'NOT_RATEABLE',
  'ACCOUNT_REQUIRED',
  // The coach.
  'BAD_STATE',
  // Practice: hints are for the practising seat of a practice game.
  'NOT_PRACTICE',
  // Puzzles.
  'NO_PUZZLES',
  'BAD_CHOICE',
  // The bot API (docs/bot-api.md).
  'MISSING_SCOPE',
  'NOT_A_BOT',
  'TOO_MANY_GAMES',
  'TOO_MANY_STREAMS',
  'BOT_ACCOUNT',
  // Sockets only.
  'NOT_JOINED',
  'SPECTATOR',
  // The server itself.
  'BUSY',
  'SHUTTING_DOWN',
  'NOT_READY',
  'INTERNAL',
] as const;

/** A stable refusal code. */
export const ErrorCodeSchema = z.enum(ERROR_CODES).describe('Stable refusal code');

/** A stable refusal code. */
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Every refusal, over HTTP and in socket acks: a stable code and a sentence for players. */
export const ErrorBodySchema = z
  .object({
    code: ErrorCodeSchema,
    message: z.string().min(1).describe('A sentence a player understands'),
  })
  .meta({ id: 'ErrorBody' });

/** Every refusal, over HTTP and in socket acks. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** A refused message's ack. */
export const AckErrorSchema = z.object({ ok: z.literal(false), error: ErrorBodySchema });

/** A refused message's ack. */
export type AckError = z.infer<typeof AckErrorSchema>;

/** A socket message's ack: `{ ok: true, …shape }`, or a refusal. */
export function ackSchema<S extends z.ZodRawShape>(shape: S) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true) }).extend(shape),
    AckErrorSchema,
  ]);
}

// Engine refusals reach clients unchanged: the build fails if the engine gains a code not listed here.
const engineCodesListed: EngineErrorCode extends ErrorCode ? true : false = true;
void engineCodesListed;
