// Quick match without HTTP, for `npm run bench`: the real queue, pairing passes and table
// making over a real store, with a clock the caller moves.
import { AccountService } from '../accounts/service.ts';
import type { Config } from '../config/config.ts';
import { GameService } from '../games/service.ts';
import { openDb } from '../store/db.ts';
import { GameStore } from '../store/game-store.ts';
import { AccountStore } from '../store/account-store.ts';
import { MatchStore } from '../store/match-store.ts';
import type { RangeRule } from './pairing.ts';
import { MatchService, type PassResult } from './service.ts';

/** A queue of players to pair, on the store `config` names. */
export interface MatchHarness {
  /** Queues players (`joinedAt` on the harness clock); ratings as given. */
  fill(players: { id: string; rating: number; joinedAt: number; preset: string }[]): Promise<void>;
  /** One pairing pass at the clock's time. */
  pass(): Promise<PassResult>;
  close(): Promise<void>;
}

/** Opens the store and builds the quick-match service over it, its clock read from `now`. */
export async function quickMatchHarness(
  config: Config,
  range: RangeRule,
  now: () => number,
): Promise<MatchHarness> {
  const db = await openDb(config);
  const games = new GameService({
    store: new GameStore(db.db, db.dialect, config.pgGroupCommit, db.sqlite),
    node: 'bench',
    leaseMs: config.leaseMs,
    testDice: false,
    connected: () => new Set(),
  });
  const accountStore = new AccountStore(db.db);
  const store = new MatchStore(db.db);
  const match = new MatchService({
    store,
    games,
    accounts: new AccountService(accountStore, games),
    accountStore,
    ratingOf: async () => 1500,
    // Players here never poll: nobody expires, and no bot is wanted.
    settings: {
      range,
      botAfterMs: Number.MAX_SAFE_INTEGER,
      expireMs: 86_400_000,
      turnSeconds: config.match.turnSeconds,
      forfeitAfter: config.match.forfeitAfter,
    },
    now,
  });
  return {
    async fill(players) {
      for (const p of players)
        await store.join({
          user_id: p.id,
          name: p.id,
          preset: p.preset,
          rated: 0,
          rating: p.rating,
          joined_at: p.joinedAt,
          seen_at: now(),
        });
    },
    pass: () => match.pass(),
    close: () => db.close(),
  };
}
