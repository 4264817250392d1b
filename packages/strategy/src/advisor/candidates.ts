import { keepChoices, lean, type GameState } from '@zilch/engine';
import type { Move } from './types.ts';

/** Where a move leaves the player: about to roll, or banked with a total. */
export type After =
  | {
      readonly kind: 'roll';
      readonly total: number;
      readonly dice: number;
      readonly held: number;
      readonly locked: number;
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
          after: { kind: 'roll', total: 0, dice: N, held: 0, locked: 0 },
        },
        {
          move: { type: 'inherit' },
          label: `Inherit ${offer.points} with ${diceWord(offer.dice)}`,
          after: { kind: 'roll', total: offer.points, dice: offer.dice, held: 0, locked: 0 },
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
        const held = hot ? 0 : t.held | c.option.forms;
        const locked = hot && s.rules.lockOnHotDice ? c.total : t.locked;
        const faces = c.option.keep.join(' ');
        const out: Candidate[] = [
          {
            move: { type: 'keep', dice: c.positions, then: 'roll' },
            label: `Keep ${faces} (${c.total}) and roll ${diceWord(c.diceLeft)}`,
            after: { kind: 'roll', total: c.total, dice: c.diceLeft, held, locked },
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
  return {
    move: { type: 'roll' },
    label: `Roll ${diceWord(t.available)}`,
    after: { kind: 'roll', total: t.total, dice: t.available, held: t.held, locked: t.locked },
  };
}
