import type { GameState } from '@zilch/engine';
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { useTable } from '../../lib/useTable.ts';
import type { Move } from '@zilch/protocol';

/** The player's side of a turn: the dice chosen, a move in flight and its rejection. */
export interface Moves {
  selected: number[];
  setSelected: Dispatch<SetStateAction<number[]>>;
  busy: boolean;
  actionError: string | null;
  act: (move: Move) => Promise<void>;
  toggle: (index: number) => void;
}

/** Holds the selection and sends moves; a new position (`seq`) clears the selection. */
export function useMoves(
  send: ReturnType<typeof useTable>['send'],
  seq: number,
  myTurn: boolean,
  phase: GameState['phase'],
  /** Told of every move sent (the guided game's tip has then done its job). */
  onAct?: () => void,
): Moves {
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const posKey = `${seq}`;
  useEffect(() => setSelected([]), [posKey]);

  const act = useCallback(
    async (move: Move) => {
      onAct?.();
      setBusy(true);
      setActionError(null);
      const r = await send(move);
      setBusy(false);
      if (!r.ok) setActionError(r.error.message);
    },
    [send, onAct],
  );
  const toggle = useCallback(
    (i: number) => {
      if (!myTurn || phase !== 'keep') return;
      setSelected((cur) => (cur.includes(i) ? cur.filter((x) => x !== i) : [...cur, i]));
    },
    [myTurn, phase],
  );
  return { selected, setSelected, busy, actionError, act, toggle };
}
