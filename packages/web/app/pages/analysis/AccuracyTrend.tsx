import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { AccuracyTrend as Trend } from '@zilch/protocol';
import { getAccuracyTrend } from './api.ts';
import { plural } from '../../lib/words.ts';

// The profile shows this many recent games per rule set.
const RECENT = 12;

/** An account's accuracy per rule set: the mean, and recent games as bars (oldest left). */
export function AccuracyTrend({ userId }: { userId: string }) {
  const [data, setData] = useState<Trend | null>(null);
  useEffect(() => {
    void getAccuracyTrend(userId).then((r) => r.ok && setData(r.value));
  }, [userId]);
  return (
    <section className="card" aria-labelledby="trend-h" data-testid="accuracy-trend">
      <h2 id="trend-h">Accuracy</h2>
      {!data ? (
        <p className="muted">Loading…</p>
      ) : data.presets.length === 0 ? (
        <p className="muted">
          No analysed games yet: open the review of a finished game to measure its accuracy.
        </p>
      ) : (
        data.presets.map((p) => {
          const recent = p.games.slice(0, RECENT).reverse();
          return (
            <div key={p.preset} className="trend">
              <p>
                <strong>{p.preset}</strong>: mean {p.mean.toFixed(1)} over{' '}
                {plural(p.games.length, 'game', 'games')}
              </p>
              <ol
                className="trend-bars"
                aria-label={`Recent accuracy in ${p.preset}, oldest first`}
              >
                {recent.map((g) => (
                  <li key={g.gameId}>
                    <Link
                      href={`/t/${g.gameId}/review`}
                      title={`${g.accuracy.toFixed(1)} on ${new Date(g.at).toLocaleDateString()}`}
                    >
                      <span className="bar" style={{ height: `${Math.max(4, g.accuracy)}%` }} />
                      <span className="sr-only">{g.accuracy.toFixed(1)}</span>
                    </Link>
                  </li>
                ))}
              </ol>
            </div>
          );
        })
      )}
      {data && data.presets.length > 0 && (
        <p className="help">
          Each bar is a recent game, oldest first; a full bar is 100. Open one for its review.
        </p>
      )}
    </section>
  );
}
