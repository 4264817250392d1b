import type { GameEvent, GameState } from '@zilch/engine';
import { useState } from 'react';
import { tipFor } from '../../lib/guide.ts';

/** The guided first game's tip for this moment, until the player dismisses it. */
export function GuideTip({
  enabled,
  state,
  fresh,
  myTurn,
}: {
  enabled: boolean;
  state: GameState;
  fresh: readonly GameEvent[];
  myTurn: boolean;
}) {
  // Kept while the guide is off too, so a dismissed tip stays dismissed.
  const [seen, setSeen] = useState<Set<string>>(() => new Set());
  const tip = enabled ? tipFor(state, fresh, myTurn, seen) : null;
  if (!tip) return null;
  return (
    <aside className="tip card" aria-labelledby="tip-title" data-testid="tip">
      <h2 id="tip-title">Tip: {tip.title}</h2>
      <p>{tip.text}</p>
      <button
        type="button"
        className="btn small"
        onClick={() => setSeen((x) => new Set(x).add(tip.id))}
      >
        Got it
      </button>
    </aside>
  );
}
