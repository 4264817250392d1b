import { optionGain, scoringTable, type ScoringOption } from '../scoring/table.ts';
import { bankMinimum, canBank } from './core.ts';
import type { Action, GameState } from './types.ts';

/** A selection the player on turn may keep, with the positions that pick it and what it yields. */
export interface KeepChoice {
  readonly option: ScoringOption;
  /** Die positions in the current roll (the first dice that match). */
  readonly positions: number[];
  /** Points this keep adds to the running total. */
  readonly gain: number;
  /** Running total after the keep. */
  readonly total: number;
  /** Dice left to roll after the keep (all of them again after hot dice). */
  readonly diceLeft: number;
  /** Whether banking right after this keep is allowed. */
  readonly canBank: boolean;
}

/** Positions of the first dice in `roll` that make up the option's faces (-1 for a face not there). */
export function positionsFor(roll: readonly number[], keep: readonly number[]): number[] {
  // Plain loops and a bit mask of used dice (at most 10): bots call this for every keep.
  const out = new Array<number>(keep.length);
  let used = 0;
  for (let k = 0; k < keep.length; k++) {
    let at = -1;
    for (let j = 0; j < roll.length; j++) {
      if (roll[j] === keep[k] && !(used & (1 << j))) {
        at = j;
        used |= 1 << j;
        break;
      }
    }
    out[k] = at;
  }
  return out;
}

/** Every selection the player may keep from the roll in front of them, best first. */
export function keepChoices(s: GameState): KeepChoice[] {
  const roll = s.turn.roll;
  if (s.phase !== 'keep' || !roll) return [];
  const info = scoringTable(s.rules).lookup(roll, s.turn.held);
  const min = bankMinimum(s);
  return info.options
    .map((option) => {
      const gain = optionGain(option, s.turn.total, s.turn.sets);
      const left = s.turn.available - option.dice;
      return {
        option,
        positions: positionsFor(roll, option.keep),
        gain,
        total: s.turn.total + gain,
        diceLeft: left === 0 ? s.rules.dice : left,
        canBank: s.turn.total + gain >= min,
      };
    })
    .sort((a, b) => b.gain - a.gain || a.option.dice - b.option.dice);
}

/** Every legal action of the player on turn (each keep choice once, plus keep-and-bank). */
export function legalActions(s: GameState): Action[] {
  const seat = s.current;
  switch (s.phase) {
    case 'over':
      return [];
    case 'choose':
      return [
        { type: 'fresh', seat },
        { type: 'inherit', seat },
      ];
    case 'roll':
      return [{ type: 'roll', seat }];
    case 'decide':
      return canBank(s)
        ? [
            { type: 'roll', seat },
            { type: 'bank', seat },
          ]
        : [{ type: 'roll', seat }];
    case 'keep':
      return keepChoices(s).flatMap((c): Action[] => {
        const keep: Action = { type: 'keep', seat, dice: c.positions };
        return c.canBank ? [keep, { ...keep, then: 'bank' }] : [keep];
      });
  }
}
