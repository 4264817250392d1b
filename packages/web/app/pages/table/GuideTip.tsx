import type { GameEvent, GameState } from '@zilch/engine';
import { useCallback, useEffect, useState } from 'react';
import { tipFor, type Tip } from '../../lib/guide.ts';

/** The guided game's tip on show, and what ends it. */
export interface Guide {
  tip: Tip | null;
  /** The player read it ("Got it"): it never comes back. */
  dismiss: () => void;
  /** The player made a move: the tip has done its job and the next moment's tip may come. */
  acted: () => void;
}

/**
 * Which tip of the guided first game is on show. A tip stays until the player dismisses it or
 * makes a move, even when the moment that brought it has passed (a zilch tip outlives the
 * zilch's update); the table holds other players' moves while one is up.
 */
export function useGuide(
  enabled: boolean,
  state: GameState,
  events: readonly GameEvent[],
  myTurn: boolean,
  /** Names the moment on show; a move made in one moment does not bring its tip back. */
  moment: unknown,
  rolling: boolean,
): Guide {
  // Kept while the guide is off too, so a dismissed tip stays dismissed.
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const [pinned, setPinned] = useState<Tip | null>(null);
  const [actedIn, setActedIn] = useState<unknown>(undefined);
  const candidate =
    enabled && !rolling && actedIn !== moment ? tipFor(state, events, myTurn, seen) : null;
  useEffect(() => {
    if (!pinned && candidate) setPinned(candidate);
  }, [pinned, candidate]);
  const tip = enabled ? (pinned ?? candidate) : null;
  const dismiss = useCallback(() => {
    if (tip) setSeen((x) => new Set(x).add(tip.id));
    setPinned(null);
  }, [tip]);
  const acted = useCallback(() => {
    setPinned(null);
    setActedIn(moment);
  }, [moment]);
  return { tip, dismiss, acted };
}

/** The guided first game's tip, until the player dismisses it or moves on. */
export function GuideTip({ tip, onDismiss }: { tip: Tip | null; onDismiss: () => void }) {
  if (!tip) return null;
  return (
    <aside className="tip card" aria-labelledby="tip-title" data-testid="tip">
      <h2 id="tip-title">Tip: {tip.title}</h2>
      <p>{tip.text}</p>
      <button type="button" className="btn small" onClick={onDismiss}>
        Got it
      </button>
    </aside>
  );
}
