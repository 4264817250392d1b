import { useCallback, useEffect, useState } from 'react';
import type { AdviceState } from '../../components/Coach.tsx';
import type { Practice } from '@zilch/protocol';
import { askHint, getPractice } from './api.ts';

/** What the table needs of a practice game: its hint, the count, and the way to ask. */
export interface HintView {
  /** The practice game, or null for any other table (or before the answer). */
  practice: Practice | null;
  /** The hint for the decision on show (null: none asked for it). */
  current: AdviceState | null;
  /** Hints used, as the server counted them. */
  hints: number;
  asking: boolean;
  /** Asks for the hint of the decision now (when the practising seat is on turn). */
  ask: () => void;
}

/**
 * A practice table's hints: asks whether the table is practice, then asks for the coach on the
 * decision named by `posKey` when told. The server counts hints, so the figure shown is its own.
 */
export function useHint(
  gameId: string,
  token: string | undefined,
  posKey: string,
  can: boolean,
): HintView {
  const [practice, setPractice] = useState<Practice | null>(null);
  const [hint, setHint] = useState<AdviceState | null>(null);
  const [hints, setHints] = useState(0);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    let alive = true;
    void getPractice(gameId).then((r) => {
      if (!alive || !r.ok) return;
      setPractice(r.value);
      setHints(r.value.hints);
    });
    return () => {
      alive = false;
    };
  }, [gameId]);
  const ask = useCallback(() => {
    if (!practice || !token || !can || asking) return;
    setAsking(true);
    void askHint(gameId, token).then((r) => {
      setAsking(false);
      if (r.ok) {
        setHints(r.value.hints);
        setHint({ key: `${r.value.seq}`, advice: r.value.advice });
      } else setHint({ key: posKey, advice: null, error: `No hint: ${r.error.message}` });
    });
  }, [practice, token, can, asking, gameId, posKey]);
  return {
    practice,
    current: hint?.key === posKey ? hint : null,
    hints,
    asking,
    ask,
  };
}
