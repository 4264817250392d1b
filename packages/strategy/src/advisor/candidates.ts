import { heldOf, keepChoices, lean, NO_SETS, optionSets, type GameState } from '@zilch/engine';
import type { Move } from './types.ts';

/** Where a move leaves the player: about to roll, or banked with a total. */
export type After =
  | {
      readonly kind: 'roll';
      readonly total: number;
      readonly dice: number;
      readonly held: number;
      readonly locked: number;
      /** Set doubling: the points of each held set (index 0 is face 1). */
      readonly sets: readonly number[];
      /** First-roll mercy: this is a fresh turn's first roll, whose zilch is a mercy. */
      readonly mercy: boolean;
    }
  | {
      readonly kind: 'bank';
      readonly total: number;
      /** Dice still available at the bank (all of them after hot dice). */
      readonly dice: number;
      /** The bank follows hot dice (no offer when the rules say so). */
      readonly hot: boolean;
    };

/** One option of a position before it is valued. */
export interface Candidate {
  readonly move: Move;
  readonly label: string;
  readonly after: After;
}

/** Every option of the player on turn: keeps × (roll | bank), bank/roll, fresh/inherit, roll. */
export function candidates(s: GameState): Candidate[] {
  const t = s.turn;
  const N = s.rules.dice;
  switch (s.phase) {
    case 'over':
      return [];
    case 'choose': {
      const offer = s.offer!;
      return [
        {
          move: { type: 'fresh' },
          label: `Start fresh with ${diceWord(N)}`,
          after: { ...rollAfter(0, N, 0, 0, NO_SETS), mercy: Boolean(s.rules.firstRollMercy) },
        },
        {
          move: { type: 'inherit' },
          label: `Inherit ${offer.points} with ${diceWord(offer.dice)}`,
          after: rollAfter(offer.points, offer.dice, 0, 0, NO_SETS),
        },
      ];
    }
    case 'roll':
      return [rollNow(s)];
    case 'decide': {
      const out = [rollNow(s)];
      if (lean.canBank(s))
        out.push({
          move: { type: 'bank' },
          label: `Bank ${t.total}`,
          after: { kind: 'bank', total: t.total, dice: t.available, hot: t.hot },
        });
      return out;
    }
    case 'keep': {
      return keepChoices(s).flatMap((c): Candidate[] => {
        const hot = t.available - c.option.dice === 0;
        const sets = hot ? NO_SETS : optionSets(c.option, t.sets);
        const held = hot ? 0 : c.option.grows ? heldOf(sets) : t.held | c.option.forms;
        const locked = hot && s.rules.lockOnHotDice ? c.total : t.locked;
        const faces = c.option.keep.join(' ');
        const out: Candidate[] = [
          {
            move: { type: 'keep', dice: c.positions, then: 'roll' },
            label: `Keep ${faces} (${c.total}) and roll ${diceWord(c.diceLeft)}`,
            after: rollAfter(c.total, c.diceLeft, held, locked, sets),
          },
        ];
        if (c.canBank)
          out.push({
            move: { type: 'keep', dice: c.positions, then: 'bank' },
            label: `Keep ${faces} and bank ${c.total}`,
            after: { kind: 'bank', total: c.total, dice: c.diceLeft, hot },
          });
        return out;
      });
    }
  }
}

function diceWord(n: number): string {
  return n === 1 ? '1 die' : `${n} dice`;
}

function rollNow(s: GameState): Candidate {
  const t = s.turn;
  const first = s.phase === 'roll' && t.rolls === 0 && t.inherited === 0;
  return {
    move: { type: 'roll' },
    label: `Roll ${diceWord(t.available)}`,
    after: {
      ...rollAfter(t.total, t.available, t.held, t.locked, t.sets),
      mercy: first && Boolean(s.rules.firstRollMercy),
    },
  };
}

function rollAfter(
  total: number,
  dice: number,
  held: number,
  locked: number,
  sets: readonly number[],
): After & { kind: 'roll' } {
  return { kind: 'roll', total, dice, held, locked, sets, mercy: false };
}
