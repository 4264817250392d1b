import type { GameState } from '@zilch/engine';
import { useEffect, type RefObject } from 'react';
import type { Move } from '@zilch/protocol';

/** What the table's keys act on. */
export interface TableKeys {
  roll: readonly number[] | null;
  toggle: (index: number) => void;
  act: (move: Move) => Promise<void>;
  myTurn: boolean;
  phase: GameState['phase'];
  spectator: boolean;
  rollRef: RefObject<HTMLButtonElement | null>;
  bankRef: RefObject<HTMLButtonElement | null>;
  toggleCoach: () => void;
  /** Asks for a hint (practice games; a no-op elsewhere). */
  hint: () => void;
}

/**
 * Keys: 1–9 and 0 toggle dice, R rolls, B banks, F/I answer an offer, C toggles the coach, H asks
 * for a hint (practice).
 */
export function useTableKeys(k: TableKeys): void {
  const { roll, toggle, act, myTurn, phase, spectator, rollRef, bankRef, toggleCoach, hint } = k;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT'))
        return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const key = e.key.toLowerCase();
      if (/^[0-9]$/.test(key) && roll) {
        const i = key === '0' ? 9 : Number(key) - 1;
        if (i < roll.length) {
          e.preventDefault();
          toggle(i);
        }
      } else if (key === 'r') rollRef.current?.click();
      else if (key === 'b') bankRef.current?.click();
      else if (key === 'f' && myTurn && phase === 'choose') void act({ type: 'fresh' });
      else if (key === 'i' && myTurn && phase === 'choose') void act({ type: 'inherit' });
      else if (key === 'c' && !spectator) toggleCoach();
      else if (key === 'h' && !spectator) hint();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [roll, toggle, act, myTurn, phase, spectator, rollRef, bankRef, toggleCoach, hint]);
}
