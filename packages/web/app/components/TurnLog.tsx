import type { GameEvent } from '@zilch/engine';
import { useMemo } from 'react';
import { turnLines } from '../lib/events.ts';

/**
 * The turns so far, newest first; `bare` leaves out the card and heading (shown under a tab).
 * `name` is the table's speaker (words.ts): this device's own seat reads "You", as on the felt.
 */
export function TurnLog({
  name,
  events,
  bare = false,
}: {
  name: (seat: number) => string;
  events: readonly GameEvent[];
  bare?: boolean;
}) {
  const lines = useMemo(() => turnLines(events).reverse().slice(0, 30), [events]);
  const list =
    lines.length === 0 ? (
      <p className="muted">No turns yet.</p>
    ) : (
      <ol reversed className="log" tabIndex={0} aria-label="Turns, newest first">
        {lines.map((l) => (
          // Only the newest 30 are listed, so each says its own turn number.
          <li key={l.turn} value={l.turn}>
            <strong>{name(l.seat)}</strong>
            {l.items.length > 0 && ` ${l.items.join(', ')}`}
            {l.outcome && <span className="outcome"> — {l.outcome}</span>}
          </li>
        ))}
      </ol>
    );
  if (bare) return list;
  return (
    <section className="card turn-log" aria-labelledby="log-title">
      <h2 id="log-title">Turn log</h2>
      {list}
    </section>
  );
}
