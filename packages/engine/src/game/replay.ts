import { recordedDice } from '../dice/source.ts';
import type { RuleSet } from '../rules/schema.ts';
import { applyAction, createGame } from './apply.ts';
import type { Action, GameEvent, GameState } from './types.ts';

/** One accepted action and the dice it consumed. */
export interface LogEntry {
  readonly action: Action;
  readonly dice: number[][];
}

/** Everything needed to rebuild a game: a game is its log. */
export interface GameLog {
  readonly rules: RuleSet;
  readonly players: number;
  /** Dice used to choose the first player (random seat or roll-off). */
  readonly setupDice: number[][];
  readonly entries: LogEntry[];
}

/** Rebuilds the state (and every event) from a log; throws if the log is not a valid game. */
export function replay(log: GameLog): { state: GameState; events: GameEvent[] } {
  const setup = recordedDice(log.setupDice);
  const created = createGame(log.rules, log.players, setup);
  if (!created.ok) throw new Error(`replay: ${created.error.message}`);
  if (setup.remaining !== 0) throw new Error('replay: unused setup dice');
  let state = created.state;
  const events = created.events.slice();
  log.entries.forEach((entry, i) => {
    const dice = recordedDice(entry.dice);
    const r = applyAction(state, entry.action, dice);
    if (!r.ok)
      throw new Error(`replay: action #${i + 1} was refused (${r.error.code}: ${r.error.message})`);
    if (dice.remaining !== 0) throw new Error(`replay: action #${i + 1} left recorded dice unused`);
    state = r.state;
    events.push(...r.events);
  });
  return { state, events };
}
