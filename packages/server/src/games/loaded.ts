// A game as this process holds it in memory, and what follows from that alone.
import type { GameLog, GameState } from '@zilch/engine';
import { fairDice, type FairDice } from '../fairness/dice-stream.ts';
import type { EntryRecord, GameRecord } from '../store/records.ts';

/** A game held in memory: its row, replayed state, dice stream and log. */
export interface Loaded {
  record: GameRecord;
  state: GameState | null;
  dice: FairDice | null;
  entries: EntryRecord[];
  byClient: Map<string, EntryRecord>;
}

/** The game's replayable log: rules, setup dice and every stored action with its dice. */
export function logOf(g: Loaded): GameLog {
  return {
    rules: g.record.rules,
    players: g.record.seats.length,
    setupDice: g.record.setupDice ?? [],
    entries: g.entries.map((e) => ({ action: e.action, dice: e.dice })),
  };
}

/** A fair stream positioned after every die the game has used so far. */
export function streamAt(g: Loaded): FairDice {
  const s = fairDice(
    g.record.serverSeed,
    g.record.seats.map((x) => x.seed),
    g.record.fairFormat,
  );
  const used =
    (g.record.setupDice ?? []).reduce((n, r) => n + r.length, 0) +
    g.entries.reduce((n, e) => n + e.dice.reduce((m, r) => m + r.length, 0), 0);
  if (used > 0) s.roll(used);
  return s;
}
