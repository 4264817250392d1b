// Identity: guests, accounts with passkeys, recovery codes, the account's games and statistics.
// Every route lives under /api/account and rides on the session cookie (docs/server.md).
import { z } from 'zod';
import { DICE_STYLES, FELTS } from './names.ts';

export { DICE_STYLES, FELTS } from './names.ts';
import { GameSummarySchema } from './http.ts';
import { GameIdSchema, NameSchema, TokenSchema } from './moves.ts';

const int = z.number().int();
const epochMs = z.number().describe('Epoch milliseconds');
const seatIndex = int.min(0);

/** Avatar colours a player may choose (each keeps white initials readable at 4.5:1). */
export const AVATAR_COLOURS = [
  '#1f5f8b',
  '#7a3e9d',
  '#a33a3a',
  '#2f6b3a',
  '#8a5a00',
  '#3d4f8f',
  '#8c2f6b',
  '#4b5563',
] as const;

/** An avatar colour. */
export const AvatarColourSchema = z.enum(AVATAR_COLOURS).describe('Avatar background colour');

/** An avatar colour. */
export type AvatarColour = z.infer<typeof AvatarColourSchema>;

/** The dice and felt a player chose: applied wherever dice are drawn. */
export const LooksSchema = z
  .object({
    dice: z.enum(DICE_STYLES).describe('Dice style'),
    felt: z.enum(FELTS).describe('Table felt'),
  })
  .strict()
  .meta({ id: 'Looks' });

/** The dice and felt a player chose. */
export type Looks = z.infer<typeof LooksSchema>;

/** Who the session is: a guest (this device only) or an account (passkeys, any device). */
export const UserSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['guest', 'account']),
    name: z
      .string()
      .nullable()
      .describe('Display name; null until one is chosen or a seat is taken'),
    colour: AvatarColourSchema,
    looks: LooksSchema.nullable().describe('Dice and felt chosen on the profile; null: defaults'),
    createdAt: epochMs,
    passkeys: int.min(0).describe('Passkeys registered'),
    recoveryCodesLeft: int.min(0).describe('Unused recovery codes'),
  })
  .meta({ id: 'User' });

/** Who the session is. */
export type User = z.infer<typeof UserSchema>;

/** `GET /api/account` answer: the session's user, or null when this device has no identity yet. */
export const SessionAnswerSchema = z.object({ user: UserSchema.nullable() });

/** `GET /api/account` answer. */
export type SessionAnswer = z.infer<typeof SessionAnswerSchema>;

/** `POST /api/account/profile` body: the fields to change. */
export const ProfileBodySchema = z
  .object({
    name: NameSchema.optional(),
    colour: AvatarColourSchema.optional(),
    looks: LooksSchema.optional(),
  })
  .strict();

/** `POST /api/account/profile` body. */
export type ProfileBody = z.input<typeof ProfileBodySchema>;

/** `POST /api/account/seats` body: seats this device holds a token for, to link to the user. */
export const LinkSeatsBodySchema = z
  .object({
    seats: z.array(z.object({ gameId: GameIdSchema, token: TokenSchema }).strict()).max(100),
  })
  .strict();

/** `POST /api/account/seats` body. */
export type LinkSeatsBody = z.infer<typeof LinkSeatsBodySchema>;

/** `POST /api/account/seats` answer: seats now linked, and the user (a guest made on the way). */
export const LinkedSeatsSchema = z.object({ linked: int.min(0), user: UserSchema });

/** `POST /api/account/seats` answer. */
export type LinkedSeats = z.infer<typeof LinkedSeatsSchema>;

/** A game of the account, with the seats it holds there. */
export const AccountGameSchema = GameSummarySchema.extend({
  yourSeats: z.array(seatIndex).describe('Seats of this game linked to the user'),
});

/** A game of the account. */
export type AccountGame = z.infer<typeof AccountGameSchema>;

/** `GET /api/account/games` answer, newest first. */
export const AccountGamesSchema = z.object({ games: z.array(AccountGameSchema) });

/** `GET /api/account/games` answer. */
export type AccountGames = z.infer<typeof AccountGamesSchema>;

/** `POST /api/account/games/:id/tokens` answer: fresh seat tokens for this device. */
export const SeatTokensSchema = z.object({
  gameId: z.string(),
  seats: z.array(z.object({ seat: seatIndex, token: z.string() })),
});

/** `POST /api/account/games/:id/tokens` answer. */
export type SeatTokens = z.infer<typeof SeatTokensSchema>;

/** Statistics over the user's finished games under one rule set. */
export const PresetStatsSchema = z.object({
  rules: z.string().describe('The rule set name (a preset, or a custom name)'),
  games: int.min(0),
  wins: int.min(0),
  averageTurn: z.number().describe('Banked points per turn'),
  zilchRate: z.number().describe('Zilch turns / turns'),
  bestScore: int.describe('Highest final score'),
});

/** Statistics under one rule set. */
export type PresetStats = z.infer<typeof PresetStatsSchema>;

/** `GET /api/account/stats` answer: per rule set, most played first. */
export const AccountStatsSchema = z.object({ byRules: z.array(PresetStatsSchema) });

/** `GET /api/account/stats` answer. */
export type AccountStats = z.infer<typeof AccountStatsSchema>;

/** A WebAuthn options object for the browser (`PublicKeyCredential*OptionsJSON`), as made by the server. */
const WebAuthnOptionsSchema = z
  .looseObject({ challenge: z.string(), timeout: z.number().optional() })
  .describe('PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON');

/** `POST /api/account/passkeys/options` and `POST /api/account/signin/options` answer. */
export const PasskeyOptionsSchema = z.object({ options: WebAuthnOptionsSchema });

/** A passkey ceremony's options. */
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

const b64url = z.string().min(1).max(16_384);

/** What the browser's `navigator.credentials` answered, as JSON (`RegistrationResponseJSON` / `AuthenticationResponseJSON`). */
const CredentialJsonSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: b64url }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** `POST /api/account/passkeys` body: the new credential and a label for the list. */
export const RegisterPasskeyBodySchema = z
  .object({
    credential: CredentialJsonSchema,
    label: z.string().trim().min(1).max(60).optional(),
  })
  .strict();

/** `POST /api/account/passkeys` body. */
export type RegisterPasskeyBody = z.input<typeof RegisterPasskeyBodySchema>;

/** `POST /api/account/signin` body. */
export const SignInBodySchema = z.object({ credential: CredentialJsonSchema }).strict();

/** `POST /api/account/signin` body. */
export type SignInBody = z.input<typeof SignInBodySchema>;

/** `POST /api/account/signin/recovery` body. */
export const RecoverySignInBodySchema = z
  .object({ code: z.string().trim().min(1).max(64) })
  .strict();

/** `POST /api/account/signin/recovery` body. */
export type RecoverySignInBody = z.infer<typeof RecoverySignInBodySchema>;

/** One passkey of the account. */
export const PasskeySchema = z.object({
  id: z.string().describe('Credential id (base64url)'),
  label: z.string(),
  createdAt: epochMs,
  lastUsedAt: epochMs.nullable(),
  backedUp: z.boolean().describe('Synced by its provider (usable on the user’s other devices)'),
});

/** One passkey of the account. */
export type Passkey = z.infer<typeof PasskeySchema>;

/** `GET /api/account/passkeys` answer. */
export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });

/** `GET /api/account/passkeys` answer. */
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/** `DELETE /api/account/passkeys/:id` params. */
export const PasskeyParamsSchema = z.object({ id: b64url.max(1024) });

/**
 * `POST /api/account/passkeys` answer: the user, and on the first passkey (a guest becoming an
 * account) its recovery codes, shown this once.
 */
export const RegisteredSchema = z.object({
  user: UserSchema,
  recoveryCodes: z.array(z.string()).optional().describe('Only when the account was just made'),
});

/** `POST /api/account/passkeys` answer. */
export type Registered = z.infer<typeof RegisteredSchema>;

/** `POST /api/account/recovery-codes` answer: new codes (the old ones stop working), shown once. */
export const RecoveryCodesSchema = z.object({ codes: z.array(z.string()) });

/** `POST /api/account/recovery-codes` answer. */
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** Answers of sign-in and session changes: who the session is now. */
export const SignedInSchema = z.object({ user: UserSchema });

/** Answers of sign-in and session changes. */
export type SignedIn = z.infer<typeof SignedInSchema>;

/** `POST /api/account/signout` and `DELETE /api/account` answer. */
export const SignedOutSchema = z.object({ ok: z.literal(true) });
