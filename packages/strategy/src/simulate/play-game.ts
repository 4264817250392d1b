import {
  lean,
  scoringTable,
  selectOption,
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

// A function, so the loop's narrowing of `s.phase` does not survive the in-place changes.
function isOver(s: GameState): boolean {
  return s.phase === 'over';
}

function refuse(bot: Bot, s: GameState, a: Action, why: string): never {
  throw new Error(
    `bot ${bot.id} made an illegal move ${JSON.stringify(a)} in phase ${s.phase}: ${why}`,
  );
}

/**
 * Plays one game between bots on the engine's lean path: the state is changed in place and no
 * events are made. `first` is the seat that starts (the caller rotates seats, so the rule set's
 * way of choosing the first player is not used). Every action is checked as the engine would.
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
    if (a.seat !== seat) refuse(bot, s, a, 'wrong seat');
    const rollOrCount = (): void => {
      if (s.phase !== 'roll' && s.phase !== 'decide') refuse(bot, s, a, 'cannot roll now');
      if (lean.roll(s, table, dice, null) === null) zilches[seat]! += 1;
    };
    switch (a.type) {
      case 'fresh':
      case 'inherit':
        if (s.phase !== 'choose') refuse(bot, s, a, 'no offer');
        lean.choose(s, a.type === 'inherit', null);
        break;
      case 'roll':
        rollOrCount();
        break;
      case 'bank':
        if (!lean.canBank(s)) refuse(bot, s, a, 'cannot bank now');
        lean.bank(s, null);
        break;
      case 'timeout':
        lean.timeout(s, null);
        break;
      case 'keep': {
        if (s.phase !== 'keep') refuse(bot, s, a, 'nothing to keep');
        const sel = selectOption(s, a.dice);
        if ('error' in sel) refuse(bot, s, a, sel.error.message);
        lean.keep(s, sel.option, null, null);
        if (a.then === 'bank') {
          if (!lean.canBank(s)) refuse(bot, s, a, 'below the bank minimum');
          lean.bank(s, null);
        } else if (a.then === 'roll') rollOrCount();
        break;
      }
    }
    if (s.turnNumber !== turn && !isOver(s)) {
      turns[s.current]! += 1;
      if (s.turnNumber > MAX_TURNS) throw new Error(`game did not end after ${MAX_TURNS} turns`);
    }
  }
  return { scores: s.scores.slice(), winners: s.winners.slice(), turns, zilches };
}
