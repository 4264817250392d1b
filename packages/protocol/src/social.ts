// Friends and challenges (docs/server.md "Friends and challenges"). Routes live under
// /api/account/friends and /api/account/challenges: they ride on the session cookie, and only
// accounts (not guests) may use them. Private by default: what a friend sees (online, playing,
// whose move) is shown to accepted friends only; a blocked person cannot find, befriend or
// challenge the blocker.
import { RuleSetSchema } from '@zilch/engine';
import { z } from 'zod';
import { AvatarColourSchema } from './account.ts';
import { GameIdSchema, TokenSchema } from './moves.ts';

const epochMs = z.number().describe('Epoch milliseconds');
const UserIdSchema = z.string().min(1).max(64).describe("An account's id (as in /players/:id)");

/** Friend requests one account may send per UTC day. */
export const FRIEND_REQUESTS_PER_DAY = 50;
/** Challenges one account may send per UTC day. */
export const CHALLENGES_PER_DAY = 100;

/** Another account as social lists show it. */
export const PersonSchema = z
  .object({
    id: UserIdSchema,
    name: z.string(),
    colour: AvatarColourSchema,
    bot: z.boolean().optional().describe('A bot account (docs/bot-api.md): shown as a bot'),
  })
  .meta({ id: 'Person' });

/** Another account as social lists show it. */
export type Person = z.infer<typeof PersonSchema>;

/** Who a request or challenge is for: an account id (a profile link), or a seat of a finished game. */
export const SocialTargetSchema = z.union([
  z.object({ userId: UserIdSchema }).strict(),
  z
    .object({ gameId: GameIdSchema, seat: z.number().int().min(0).max(7) })
    .strict()
    .describe("A seat of a finished game you played in (the seat's account)"),
]);

/** Who a request or challenge is for. */
export type SocialTarget = z.infer<typeof SocialTargetSchema>;

/** `POST /api/account/friends` body: ask someone to be friends (or accept their request). */
export const FriendRequestBodySchema = z.object({ to: SocialTargetSchema }).strict();

/** `POST /api/account/friends` body. */
export type FriendRequestBody = z.input<typeof FriendRequestBodySchema>;

/** `:userId` of the routes acting on one other account. */
export const PersonParamsSchema = z.object({ userId: UserIdSchema });

/** `GET /api/account/friends/search` query: part of a name. */
export const FriendSearchQuerySchema = z.object({ q: z.string().trim().min(2).max(40) });

/** A game a friend is playing, and whether it waits for them. */
export const FriendGameSchema = z.object({
  gameId: GameIdSchema,
  toMove: z.boolean().describe('Whether this friend is to move there'),
});

/** An accepted friend, with what friends may see. */
export const FriendSchema = PersonSchema.extend({
  online: z.boolean().describe('Has the app open (or a table) now'),
  playing: z.array(FriendGameSchema).describe('Tables in play (spectate with their id)'),
  since: epochMs,
}).meta({ id: 'Friend' });

/** An accepted friend. */
export type Friend = z.infer<typeof FriendSchema>;

/** `GET /api/account/friends` answer: friends, requests both ways, and whom you blocked. */
export const FriendsSchema = z
  .object({
    friends: z.array(FriendSchema),
    incoming: z.array(PersonSchema),
    outgoing: z.array(PersonSchema),
    blocked: z.array(PersonSchema),
  })
  .meta({ id: 'Friends' });

/** `GET /api/account/friends` answer. */
export type Friends = z.infer<typeof FriendsSchema>;

/** How another account stands to you. */
export const RelationSchema = z.enum(['none', 'friend', 'incoming', 'outgoing', 'blocked']);

/** How another account stands to you. */
export type Relation = z.infer<typeof RelationSchema>;

/** `GET /api/account/friends/search` answer. */
export const FriendSearchSchema = z
  .object({ players: z.array(PersonSchema.extend({ relation: RelationSchema })) })
  .meta({ id: 'FriendSearch' });

/** `GET /api/account/friends/search` answer. */
export type FriendSearch = z.infer<typeof FriendSearchSchema>;

/** `GET /api/account/friends/:userId` answer: how this account stands to you. */
export const RelationAnswerSchema = z.object({ relation: RelationSchema });

/** How a challenged game is played: live (short per-decision timer) or correspondence (days). */
export const ChallengeModeSchema = z.enum(['live', 'correspondence']);

/** `POST /api/account/challenges` body. */
export const ChallengeBodySchema = z
  .object({
    to: SocialTargetSchema,
    rules: z
      .union([z.string().min(1).max(64), z.record(z.string(), z.unknown())])
      .describe('A preset id or a full RuleSet (house rules)'),
    rated: z.boolean().default(false).describe('Rated (a preset only)'),
    mode: ChallengeModeSchema.default('live'),
    turnTimerSeconds: RuleSetSchema.shape.turnTimerSeconds
      .optional()
      .describe('Per-decision timer (default: 60 s live, 1 day correspondence)'),
  })
  .strict();

/** `POST /api/account/challenges` body. */
export type ChallengeBody = z.input<typeof ChallengeBodySchema>;

/** `:id` of the routes acting on one challenge. */
export const ChallengeParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** One challenge, as either side sees it. */
export const ChallengeSchema = z
  .object({
    id: z.string(),
    from: PersonSchema,
    to: PersonSchema,
    rules: z.string().describe('Preset id, or "custom" for house rules'),
    rated: z.boolean(),
    mode: ChallengeModeSchema,
    turnTimerSeconds: z.number().int().nullable(),
    status: z.enum(['open', 'accepted', 'declined', 'expired', 'cancelled']),
    gameId: GameIdSchema.nullable(),
    createdAt: epochMs,
    expiresAt: epochMs,
  })
  .meta({ id: 'Challenge' });

/** One challenge. */
export type Challenge = z.infer<typeof ChallengeSchema>;

/** `GET /api/account/challenges` answer: open challenges to you, and yours (recent). */
export const ChallengesSchema = z
  .object({ incoming: z.array(ChallengeSchema), outgoing: z.array(ChallengeSchema) })
  .meta({ id: 'Challenges' });

/** `GET /api/account/challenges` answer. */
export type Challenges = z.infer<typeof ChallengesSchema>;

/** `POST /api/account/challenges/:id/accept` and `/seat` answer: your seat at the new table. */
export const ChallengeSeatSchema = z
  .object({ gameId: GameIdSchema, seat: z.number().int().min(0), token: TokenSchema })
  .meta({ id: 'ChallengeSeat' });

/** Your seat at a challenge's table. */
export type ChallengeSeat = z.infer<typeof ChallengeSeatSchema>;
