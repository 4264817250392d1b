import { lean, optionGain, selectOption, type GameState } from '@zilch/engine';
import type { Move } from '@zilch/protocol';
import { plural, waitingFor } from './words.ts';

/** What the dice chosen so far would do if kept. */
export interface SelectionInfo {
  faces: number[];
  legal: boolean;
  /** Points the keep adds (0 when illegal). */
  gain: number;
  /** Running total after the keep. */
  total: number;
  /** Dice left to roll after the keep (all of them again after hot dice). */
  diceLeft: number;
  hot: boolean;
  /** Why the selection cannot be kept, in words (null when legal). */
  problem: string | null;
}

/** Scores the chosen positions of the roll in front of the player, live, with the engine's own rules. */
export function evaluateSelection(
  s: GameState,
  positions: readonly number[],
): SelectionInfo | null {
  const roll = s.turn.roll;
  if (s.phase !== 'keep' || !roll || positions.length === 0) return null;
  const faces = positions.map((p) => roll[p] as number).sort((a, b) => a - b);
  const sel = selectOption(s, positions.slice());
  if ('error' in sel) {
    return {
      faces,
      legal: false,
      gain: 0,
      total: s.turn.total,
      diceLeft: s.turn.available,
      hot: false,
      problem: sel.error.message,
    };
  }
  const gain = optionGain(sel.option, s.turn.total, s.turn.sets);
  const left = s.turn.available - sel.option.dice;
  return {
    faces,
    legal: true,
    gain,
    total: s.turn.total + gain,
    diceLeft: left === 0 ? s.rules.dice : left,
    hot: left === 0,
    problem: null,
  };
}

/** One control: whether it may be used now, its label, and why not when disabled. */
export interface ControlState {
  enabled: boolean;
  label: string;
  reason: string | null;
  move: Move | null;
  /** The id of the element that explains a disabled control, when not its own reason. */
  describedBy?: string;
}

/** The Roll and Bank buttons for the position, enabled only when the engine would accept them. */
export function rollAndBank(
  s: GameState,
  positions: readonly number[],
  myTurn: boolean,
  onTurnName: string,
): { roll: ControlState; bank: ControlState } {
  const off = (label: string, reason: string): ControlState => ({
    enabled: false,
    label,
    reason,
    move: null,
  });
  if (s.phase === 'over') {
    const r = 'The game is over.';
    return { roll: off('Roll', r), bank: off('Bank', r) };
  }
  if (!myTurn) {
    const r = waitingFor(onTurnName);
    return { roll: off('Roll', r), bank: off('Bank', r) };
  }
  const min = lean.bankMinimum(s);
  const belowMin = (total: number) =>
    `You need at least ${plural(min, 'point', 'points')} ${
      s.onBoard[s.current] || s.rules.openingMinimum <= s.rules.bankMinimum
        ? 'to bank'
        : 'to get on the board'
    }; you would have ${total.toLocaleString('en-US')}.`;
  switch (s.phase) {
    case 'choose': {
      const r = 'First choose: start fresh or inherit the offer.';
      return { roll: off('Roll', r), bank: off('Bank', r) };
    }
    case 'roll':
      return {
        roll: {
          enabled: true,
          label: `Roll ${plural(s.turn.available, 'die', 'dice')}`,
          reason: null,
          move: { type: 'roll' },
        },
        bank: off('Bank', 'Roll first: nobody banks without rolling.'),
      };
    case 'decide': {
      const n = s.turn.available;
      return {
        roll: {
          enabled: true,
          label: `Roll ${plural(n, 'die', 'dice')}`,
          reason: null,
          move: { type: 'roll' },
        },
        bank:
          s.turn.total >= min
            ? {
                enabled: true,
                label: `Bank ${s.turn.total.toLocaleString('en-US')}`,
                reason: null,
                move: { type: 'bank' },
              }
            : off('Bank', belowMin(s.turn.total)),
      };
    }
    case 'keep': {
      const sel = evaluateSelection(s, positions);
      if (!sel) {
        const r = 'Choose at least one scoring die to set aside.';
        return { roll: off('Roll', r), bank: off('Bank', r) };
      }
      if (!sel.legal) {
        // The selection line already says why; repeating it under both buttons made three.
        const r = '';
        return {
          roll: { ...off('Roll', r), describedBy: 'selection-line' },
          bank: { ...off('Bank', r), describedBy: 'selection-line' },
        };
      }
      const dice = positions.slice();
      const n = sel.diceLeft;
      return {
        roll: {
          enabled: true,
          label: sel.hot ? `Hot dice! Roll all ${n}` : `Keep & roll ${plural(n, 'die', 'dice')}`,
          reason: null,
          move: { type: 'keep', dice, then: 'roll' },
        },
        bank:
          sel.total >= min
            ? {
                enabled: true,
                label: `Keep & bank ${sel.total.toLocaleString('en-US')}`,
                reason: null,
                move: { type: 'keep', dice, then: 'bank' },
              }
            : off('Bank', belowMin(sel.total)),
      };
    }
  }
}

const WORDS = ['one', 'two', 'three', 'four', 'five', 'six'];

/** A face as a word, for screen readers ("five"). */
export function faceWord(face: number): string {
  return WORDS[face - 1] ?? String(face);
}
