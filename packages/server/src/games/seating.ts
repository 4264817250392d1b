// Tables and seats: creating a table, telling a token's seat, claiming seats and starting the game.
import { createGame, parseRules, presetRules, recordingDice, type RuleSet } from '@zilch/engine';
import { FAIR_FORMAT, type Created } from '@zilch/protocol';
import type { z } from 'zod';
import { commitmentV2, fairDice, newServerSeed, serverSeatSeed } from '../fairness/dice-stream.ts';
import { ratedPreset } from '../ratings/rateable.ts';
import type { AbsenceRule, GameRecord, SeatRecord } from '../store/records.ts';
import type { GameContext } from './context.ts';
import { ok, refuse, type Result } from './errors.ts';
import type { Loaded } from './loaded.ts';
import { badToken, notFound, withRetries } from './refusals.ts';
import type { CreateGameSchema } from './schemas.ts';
import { hashToken, newGameId, newToken } from './tokens.ts';
import type { GameView } from './view.ts';

/** The seats and links of a new table (the `POST /api/games` answer). */
export type CreatedGame = Created;

function botName(bot: string, seat: number): string {
  return `${bot[0]?.toUpperCase()}${bot.slice(1)} bot ${seat + 1}`;
}

function resolveRules(rules: string | Record<string, unknown>): Result<RuleSet> {
  const r = typeof rules === 'string' ? presetRules(rules) : parseRules(rules);
  return r.ok ? ok(r.rules) : refuse(r.error.code, r.error.message, 400);
}

/**
 * Creates a table (with `absence`, the server's rule for absent players); a table of bots only
 * starts at once. `ladder`: a bot-ladder table, rated though a built-in bot holds a seat.
 */
export async function createTable(
  ctx: GameContext,
  input: z.infer<typeof CreateGameSchema>,
  absence: AbsenceRule | null = null,
  ladder = false,
): Promise<Result<CreatedGame>> {
  const rules = resolveRules(input.rules);
  if (!rules.ok) return rules;
  const rated = input.rated ? ratedPreset(input, rules.value, ladder) : null;
  if (rated && !rated.ok) return rated;
  const serverSeed = newServerSeed();
  // A seat's seed until its player sends one follows from the committed server seed.
  const seats: SeatRecord[] = input.seats.map((s, i) =>
    s.kind === 'bot'
      ? {
          kind: 'bot',
          bot: s.bot,
          name: botName(s.bot, i),
          claimed: true,
          seed: serverSeatSeed(serverSeed, i),
        }
      : {
          kind: 'human',
          name: s.name ?? `Player ${i + 1}`,
          claimed: false,
          seed: serverSeatSeed(serverSeed, i),
        },
  );
  const tokens = seats.map((s) => (s.kind === 'human' ? newToken() : null));
  const spectatorToken = newToken();
  const id = newGameId();
  const record: GameRecord = {
    id,
    createdAt: Date.now(),
    status: 'waiting',
    version: 1,
    seq: 0,
    rules: rules.value,
    seats,
    spectatorToken,
    commitment: commitmentV2(id, rules.value, seats.length, serverSeed).commitment,
    serverSeed,
    fairFormat: FAIR_FORMAT,
    setupDice: null,
    turnTimer: input.turnTimerSeconds ?? null,
    absentBot: input.absentBot ?? null,
    absence,
    rematchOf: null,
    rematchId: null,
    turnStartedAt: null,
    decisionAt: null,
    finishedAt: null,
    finalScores: null,
  };
  const hashes = tokens.flatMap((t, seat) => (t ? [{ hash: hashToken(t), seat }] : []));
  await ctx.o.store.insert(
    record,
    hashes,
    ctx.o.node,
    ctx.o.leaseMs,
    input.public ?? false,
    rated ? rated.value : null,
  );
  if (record.seats.every((s) => s.claimed)) await startIfWaiting(ctx, record.id);
  return ok({
    gameId: record.id,
    seats: seats.map((s, seat) => ({
      seat,
      kind: s.kind,
      ...(s.bot ? { bot: s.bot } : {}),
      ...(tokens[seat] ? { token: tokens[seat] } : {}),
    })),
    spectatorToken,
    commitment: record.commitment,
  });
}

/** Starts a stored game whose seats are all claimed, unless it has started already. */
export async function startIfWaiting(ctx: GameContext, gameId: string): Promise<void> {
  await ctx.games.locked(gameId, async () => {
    const g = await ctx.games.load(gameId);
    if (g && g.record.status === 'waiting') await startGame(ctx, g, g.record);
  });
}

/** Rolls for the first player and opens the first turn; `next` already has every seat claimed. */
async function startGame(ctx: GameContext, g: Loaded, next: GameRecord): Promise<boolean> {
  const stream = fairDice(
    next.serverSeed,
    next.seats.map((s) => s.seed),
    next.fairFormat,
  );
  const rec = recordingDice(stream);
  const created = createGame(next.rules, next.seats.length, rec);
  if (!created.ok) throw new Error(created.error.message);
  const started: GameRecord = {
    ...next,
    status: 'playing',
    version: g.record.version + 1,
    setupDice: rec.take(),
    turnStartedAt: Date.now(),
    decisionAt: Date.now(),
  };
  if (!(await ctx.games.commit(g, started))) return false;
  g.record = started;
  g.state = created.state;
  g.dice = stream;
  ctx.games.remember(g);
  ctx.emit(g, created.events);
  return true;
}

/** The seat a token opens: a seat number, 'spectator', or null for an unknown token. */
export async function seatOf(
  ctx: GameContext,
  gameId: string,
  token: string | undefined,
): Promise<number | 'spectator' | null> {
  if (!token) return 'spectator';
  const g = await ctx.games.load(gameId);
  if (!g) return null;
  if (token === g.record.spectatorToken) return 'spectator';
  return ctx.o.store.seatOfToken(gameId, hashToken(token));
}

/** The view of a game for a token (a wrong token is refused, none means spectator). */
export async function viewFor(
  ctx: GameContext,
  gameId: string,
  token?: string,
): Promise<Result<GameView>> {
  const g = await ctx.games.load(gameId);
  if (!g) return notFound(gameId);
  const seat = await seatOf(ctx, gameId, token);
  if (seat === null) return badToken();
  return ok(ctx.view(g, seat === 'spectator' ? null : seat));
}

/**
 * Takes a seat under a display name; the game starts once every human seat is taken. A rated
 * table's seats are taken only through an account (`byAccount`: the caller linked the seat);
 * `botAccount` names the bot account taking it, so every view marks the seat as a bot.
 */
export function claimSeat(
  ctx: GameContext,
  gameId: string,
  token: string,
  name: string,
  seed?: string,
  byAccount = false,
  botAccount?: string,
): Promise<Result<{ seat: number; view: GameView }>> {
  return withRetries(() =>
    ctx.games.locked(gameId, async (): Promise<Result<{ seat: number; view: GameView }> | null> => {
      const g = await ctx.games.load(gameId);
      if (!g) return notFound(gameId);
      const seat = await ctx.o.store.seatOfToken(gameId, hashToken(token));
      if (seat === null) return badToken();
      if (!byAccount && g.record.status === 'waiting' && (await ctx.o.store.isRated(gameId)))
        return refuse(
          'ACCOUNT_REQUIRED',
          'This table is rated: sign in with a passkey to take a seat.',
          403,
        );
      const current = g.record.seats[seat]!;
      if (g.record.status !== 'waiting') {
        if (current.name === name) return ok({ seat, view: ctx.view(g, seat) });
        return refuse('ALREADY_STARTED', 'The game has started: names can no longer change.', 409);
      }
      if (!(await seatPlayer(ctx, g, seat, name, seed, botAccount))) return null;
      return ok({ seat, view: ctx.view(g, seat) });
    }),
  );
}

/**
 * A stranger takes the first free human seat of a public table (the lobby): a new token for
 * it, made only once the claim is stored, so two joiners never share a seat (the version check
 * lets one of them through; the other retries and takes the next seat or is refused).
 */
export function takeOpenSeat(
  ctx: GameContext,
  gameId: string,
  name: string,
): Promise<Result<{ seat: number; token: string; view: GameView }>> {
  return withRetries(() =>
    ctx.games.locked(gameId, async () => {
      const g = await ctx.games.load(gameId);
      if (!g || !(await ctx.o.store.isPublic(gameId))) return notFound(gameId);
      const seat = g.record.seats.findIndex((s) => s.kind === 'human' && !s.claimed);
      if (g.record.status !== 'waiting' || seat < 0)
        return refuse('ALREADY_STARTED', 'Every seat of this table is taken.', 409);
      if (!(await seatPlayer(ctx, g, seat, name))) return null;
      const token = await mintSeatToken(ctx, gameId, seat);
      return ok({ seat, token, view: ctx.view(g, seat) });
    }),
  );
}

/** A new token opening `seat` (only its hash is stored): another device's own link to it. */
export async function mintSeatToken(
  ctx: GameContext,
  gameId: string,
  seat: number,
): Promise<string> {
  const token = newToken();
  await ctx.o.store.addSeatToken(gameId, seat, hashToken(token));
  return token;
}

/** Stores `seat` as claimed under `name` (starting the game when it was the last); false: lost a version race. */
async function seatPlayer(
  ctx: GameContext,
  g: Loaded,
  seat: number,
  name: string,
  seed?: string,
  botAccount?: string,
): Promise<boolean> {
  const current = g.record.seats[seat]!;
  const seats = g.record.seats.slice();
  seats[seat] = {
    ...current,
    name,
    claimed: true,
    seed: seed ?? current.seed,
    ...(botAccount ? { botAccount } : {}),
  };
  const next: GameRecord = { ...g.record, seats, version: g.record.version + 1 };
  if (seats.every((s) => s.claimed)) return startGame(ctx, g, next);
  if (!(await ctx.games.commit(g, next))) return false;
  g.record = next;
  ctx.games.remember(g);
  ctx.emit(g, []);
  return true;
}

/**
 * Renames a seat (a deleted account's games stay, under another name; a built-in bot seated for
 * its account takes the account's name and `botAccount`); a no-op when unchanged.
 */
export function renameSeat(
  ctx: GameContext,
  gameId: string,
  seat: number,
  name: string,
  botAccount?: string,
): Promise<Result<null>> {
  return withRetries(() =>
    ctx.games.locked(gameId, async (): Promise<Result<null> | null> => {
      const g = await ctx.games.load(gameId);
      if (!g) return notFound(gameId);
      const current = g.record.seats[seat];
      if (!current || (current.name === name && current.botAccount === botAccount)) return ok(null);
      const seats = g.record.seats.slice();
      seats[seat] = { ...current, name, ...(botAccount ? { botAccount } : {}) };
      const next: GameRecord = { ...g.record, seats, version: g.record.version + 1 };
      if (!(await ctx.games.commit(g, next))) return null;
      g.record = next;
      ctx.games.remember(g);
      ctx.emit(g, []);
      return ok(null);
    }),
  );
}
