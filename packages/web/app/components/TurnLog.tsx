import type { GameEvent } from '@zilch/engine';
import { useMemo } from 'react';
import { turnLines } from '../lib/events.ts';
import type { GameView } from '@zilch/protocol';
import { nameOf } from './Scoreboard.tsx';

/** The turns so far, newest first. */
export function TurnLog({ view, events }: { view: GameView; events: readonly GameEvent[] }) {
  const lines = useMemo(() => turnLines(events).reverse().slice(0, 30), [events]);
  return (
    <section className="card turn-log" aria-labelledby="log-title">
      <h2 id="log-title">Turn log</h2>
      {lines.length === 0 ? (
        <p className="muted">No turns yet.</p>
      ) : (
        <ol reversed className="log" tabIndex={0} aria-label="Turns, newest first">
          {lines.map((l) => (
            // Only the newest 30 are listed, so each says its own turn number.
            <li key={l.turn} value={l.turn}>
              <strong>{nameOf(view, l.seat)}</strong> {l.items.join(', ')}
              {l.outcome && <span className="outcome"> — {l.outcome}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
