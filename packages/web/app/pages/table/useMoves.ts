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

/** Dice tapped while they tumble: kept (and shown) until they land, then chosen. */
export interface EarlyTaps {
  /** The dice shown chosen: the taps kept in a tumble, else the player's selection. */
  selected: number[];
  /** The dice tumble and taps on them are being kept (each tapped die is marked as waiting). */
  keeping: boolean;
  /** The number of dice tapped in this tumble. */
  count: number;
  /** A tap on a die (or its key): kept during the tumble, otherwise a toggle. */
  tap: (index: number) => void;
}

/** `toggles` applied one by one to `cur`: a die in both ends up unchosen. */
function toggled(cur: readonly number[], toggles: readonly number[]): number[] {
  return toggles.reduce<number[]>(
    (acc, i) => (acc.includes(i) ? acc.filter((x) => x !== i) : [...acc, i]),
    cur.slice(),
  );
}

/**
 * Keeps the taps made on the player's own dice while they tumble (a player reaches for the dice
 * as they fall) and chooses those dice when they land, instead of swallowing the taps.
 */
export function useEarlyTaps(
  tumbling: boolean,
  moves: Moves,
  phase: GameState['phase'],
): EarlyTaps {
  const [queued, setQueued] = useState<number[]>([]);
  const { toggle, setSelected } = moves;
  const landed = !tumbling && queued.length > 0;
  useEffect(() => {
    if (!landed) return;
    // Landed: a roll that can be kept from takes the taps; a zilch drops them. They toggle on
    // top of any tap that came between the landing and this effect, so none is lost.
    if (phase === 'keep') setSelected((cur) => toggled(cur, queued));
    setQueued([]);
  }, [landed, queued, phase, setSelected]);
  const tap = useCallback(
    (i: number) => {
      if (!tumbling) return toggle(i);
      setQueued((q) => (q.includes(i) ? q.filter((x) => x !== i) : [...q, i]));
    },
    [tumbling, toggle],
  );
  // The render that lands the dice already shows what the effect above is about to choose, so
  // the tapped dice never flicker off and on.
  const selected = tumbling
    ? queued
    : landed && phase === 'keep'
      ? toggled(moves.selected, queued)
      : moves.selected;
  return { selected, keeping: tumbling, count: tumbling ? queued.length : 0, tap };
}
