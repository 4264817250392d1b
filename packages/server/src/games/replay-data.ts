// What lets anyone check a game: its log, the fairness export and its verification.
import type { GameExport, LogAnswer } from '@zilch/protocol';
import { verifyExport, type VerifyResult } from '../fairness/verify.ts';
import type { GameContext } from './context.ts';
import { ok, type Result } from './errors.ts';
import { logOf } from './loaded.ts';
import { notFound } from './refusals.ts';

/** The full log of a game (replay data), with each entry's seq and who made it. */
export async function logAnswer(
  ctx: GameContext,
  gameId: string,
): Promise<Result<LogAnswer>> {
  const g = await ctx.games.load(gameId);
  if (!g) return notFound(gameId);
  return ok({
    log: logOf(g),
    seqs: g.entries.map((e) => e.seq),
    actors: g.entries.map((e) => e.actor),
  });
}

/** The fairness export; the server seed only once the game is over. */
export async function exportOf(ctx: GameContext, gameId: string): Promise<Result<GameExport>> {
  const g = await ctx.games.load(gameId);
  if (!g) return notFound(gameId);
  const r = g.record;
  return ok({
    version: 1,
    id: r.id,
    rules: r.rules,
    players: r.seats.length,
    seats: r.seats.map((s, seat) => ({
      seat,
      kind: s.kind,
      ...(s.bot ? { bot: s.bot } : {}),
      name: s.name,
    })),
    commitment: r.commitment,
    serverSeed: r.status === 'over' ? r.serverSeed : null,
    playerSeeds: r.seats.map((s) => s.seed),
    setupDice: r.setupDice ?? [],
    entries: g.entries.map((e) => ({ action: e.action, dice: e.dice })),
  });
}

/** Checks a finished game's dice against its revealed seeds. */
export async function verifyGame(ctx: GameContext, gameId: string): Promise<Result<VerifyResult>> {
  const x = await exportOf(ctx, gameId);
  return x.ok ? ok(verifyExport(x.value)) : x;
}
