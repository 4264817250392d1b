// What lets anyone check a game: its log, the fairness export and its verification.
import { chainHead, type GameExport, type LogAnswer } from '@zilch/protocol';
import { commitmentV2 } from '../fairness/dice-stream.ts';
import { nodeFairCrypto, verifyExport, type VerifyResult } from '../fairness/verify.ts';
import type { GameContext } from './context.ts';
import { ok, type Result } from './errors.ts';
import { logOf } from './loaded.ts';
import { notFound } from './refusals.ts';

/** The full log of a game (replay data), with each entry's seq and who made it. */
export async function logAnswer(ctx: GameContext, gameId: string): Promise<Result<LogAnswer>> {
  const g = await ctx.games.load(gameId);
  if (!g) return notFound(gameId);
  return ok({
    log: logOf(g),
    seqs: g.entries.map((e) => e.seq),
    actors: g.entries.map((e) => e.actor),
  });
}

/**
 * The fairness export; the server seed, result and chain head only once the game is over. Games
 * made before format 2 export format 1, which their stored commitment was made for.
 */
export async function exportOf(ctx: GameContext, gameId: string): Promise<Result<GameExport>> {
  const g = await ctx.games.load(gameId);
  if (!g) return notFound(gameId);
  const r = g.record;
  const over = r.status === 'over';
  const common = {
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
    serverSeed: over ? r.serverSeed : null,
    playerSeeds: r.seats.map((s) => s.seed),
    setupDice: r.setupDice ?? [],
  };
  if (r.fairFormat === 1) {
    return ok({
      version: 1,
      ...common,
      entries: g.entries.map((e) => ({ action: e.action, dice: e.dice })),
    });
  }
  const { setupHash, seedHash } = commitmentV2(r.id, r.rules, r.seats.length, r.serverSeed);
  const entries = g.entries.map((e) => ({
    seq: e.seq,
    seat: e.seat,
    actor: e.actor,
    action: e.action,
    dice: e.dice,
  }));
  const result =
    over && g.state ? { scores: g.state.scores.slice(), winners: g.state.winners.slice() } : null;
  return ok({
    version: 2,
    ...common,
    setupHash,
    seedHash,
    entries,
    result,
    chain: result
      ? await chainHead(
          nodeFairCrypto,
          r.commitment,
          common.playerSeeds,
          common.setupDice,
          entries,
          result,
        )
      : null,
  });
}

/** Checks a finished game against the commitment the caller saw (default: the stored one). */
export async function verifyGame(
  ctx: GameContext,
  gameId: string,
  expected?: string,
): Promise<Result<VerifyResult>> {
  const x = await exportOf(ctx, gameId);
  return x.ok ? ok(await verifyExport(x.value, expected)) : x;
}
