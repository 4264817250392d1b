// A bare game row for store tests that write appends without playing a game.
import type { GameRecord } from '../src/store/records.ts';

/** A game in play at version 1 and seq 0, with no seats and placeholder rules. */
export function bareGame(id: string): GameRecord {
  return {
    id,
    createdAt: Date.now(),
    status: 'playing',
    version: 1,
    seq: 0,
    rules: { name: 'test' } as unknown as GameRecord['rules'],
    seats: [],
    spectatorToken: `s-${id}`,
    commitment: 'c',
    serverSeed: 's',
    fairFormat: 2,
    setupDice: null,
    turnTimer: null,
    absentBot: null,
    absence: null,
    rematchOf: null,
    rematchId: null,
    turnStartedAt: null,
    decisionAt: null,
    finishedAt: null,
    finalScores: null,
  };
}
