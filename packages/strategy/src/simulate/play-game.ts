import {
  applyInPlace,
  lean,
  scoringTable,
  type Action,
  type DiceSource,
  type GameState,
  type RuleSet,
} from '@zilch/engine';
import type { Bot } from '../bots/types.ts';

/** How one simulated game went, per game seat. */
export interface GameOutcome {
  readonly scores: number[];
  readonly winners: number[];
  /** Turns each seat started. */
  readonly turns: number[];
  /** Turns of each seat that ended in a zilch. */
  readonly zilches: number[];
}

/** A game longer than this is a bot that never ends its turns: stop with an error. */
const MAX_TURNS = 100_000;

// Functions, so the loop's narrowing of `s.phase` does not survive the in-place changes.
function isOver(s: GameState): boolean {
  return s.phase === 'over';
}

function isKeeping(s: GameState): boolean {
  return s.phase === 'keep';
}

function refuse(bot: Bot, s: GameState, a: Action, why: string): never {
  throw new Error(
    `bot ${bot.id} made an illegal move ${JSON.stringify(a)} in phase ${s.phase}: ${why}`,
  );
}

/**
 * Plays one game between bots on the engine's lean path: the state is changed in place and no
 * events are made. `first` is the seat that starts (the caller rotates seats, so the rule set's
 * way of choosing the first player is not used). Every action goes through the engine's checked
 * step, so a bot's illegal move stops the game with an error.
 */
export function playGame(
  rules: RuleSet,
  bots: readonly Bot[],
  dice: DiceSource,
  first: number,
): GameOutcome {
  const n = bots.length;
  const table = scoringTable(rules);
  const s = lean.initialState(rules, n, first);
  const turns = new Array<number>(n).fill(0);
  const zilches = new Array<number>(n).fill(0);
  turns[first] = 1;
  while (s.phase !== 'over') {
    const seat = s.current;
    const bot = bots[seat] as Bot;
    const turn = s.turnNumber;
    const a = bot.decide(s);
    const error = applyInPlace(s, a, dice, null, table);
    if (error) refuse(bot, s, a, `${error.code}: ${error.message}`);
    // A roll that scores leaves dice to keep; a roll that ends the turn is a zilch (a
    // first-roll mercy leaves the same turn going, with every die to roll).
    const ended = s.turnNumber !== turn || isOver(s);
    if ((a.type === 'roll' || (a.type === 'keep' && a.then === 'roll')) && !isKeeping(s) && ended)
      zilches[seat]! += 1;
    if (s.turnNumber !== turn && !isOver(s)) {
      turns[s.current]! += 1;
      if (s.turnNumber > MAX_TURNS) throw new Error(`game did not end after ${MAX_TURNS} turns`);
    }
  }
  return { scores: s.scores.slice(), winners: s.winners.slice(), turns, zilches };
}
