import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { GameAccuracy, GameView } from '@zilch/protocol';
import { plural } from '../../lib/words.ts';
import { getAccuracy } from './api.ts';

/**
 * Each seat's accuracy, and counts of inaccuracies, mistakes and blunders, with the way into
 * "learn from your mistakes" when the seats held here have any. Used on the game-over card and
 * in the review.
 */
export function AccuracySummary({ view, mine }: { view: GameView; mine: readonly number[] }) {
  const [a, setA] = useState<GameAccuracy | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (view.status !== 'over') return;
    let alive = true;
    void getAccuracy(view.id, () => alive).then((r) => {
      if (!alive) return;
      if (r.ok) setA(r.value);
      else setError(r.error.message);
    });
    return () => {
      alive = false;
    };
  }, [view.id, view.status]);
  if (view.status !== 'over') return null;
  const name = (seat: number) => view.seats[seat]?.name || `Seat ${seat + 1}`;
  const mistakes = a?.graded.filter((g) => mine.includes(g.seat)).length ?? 0;
  const seat = (n: number) => a?.seats.find((x) => x.seat === n) ?? null;
  // One layout before and after the answer (each seat's two lines, the note, the action row), so
  // nothing around it moves when the analysis arrives.
  return (
    <section className="accuracy" aria-labelledby={`acc-h-${view.id}`} data-testid="accuracy">
      <h3 id={`acc-h-${view.id}`}>Accuracy</h3>
      <ul className="accuracy-seats">
        {view.seats.map(({ seat: n }) => {
          const s = seat(n);
          return (
            <li key={n}>
              <span className="accuracy-name">{name(n)}</span>
              <strong className="accuracy-figure">
                {s?.accuracy == null ? '–' : s.accuracy.toFixed(1)}
              </strong>
              <span className="accuracy-counts">
                {!s
                  ? '…'
                  : `${plural(s.inaccuracies, 'inaccuracy', 'inaccuracies')} · ${plural(s.mistakes, 'mistake', 'mistakes')} · ${plural(s.blunders, 'blunder', 'blunders')}${s.kind === 'points' ? ' (in expected points: approximate)' : ''}`}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="help accuracy-help">
        Win chance lost at each decision against the best option (exact solver; expected points
        where these rules have no exact analysis). Inaccuracy ≥ 2, mistake ≥ 5, blunder ≥ 10 points
        of win %.
      </p>
      <div className="accuracy-learn" aria-live="polite">
        {error ? (
          <p className="muted">No accuracy for this game: {error}</p>
        ) : !a ? (
          <p className="muted">Asking the coach about every decision…</p>
        ) : mistakes > 0 ? (
          <Link href={`/t/${view.id}/mistakes`} className="btn" data-testid="learn-link">
            Learn from your mistakes ({mistakes})
          </Link>
        ) : (
          <p className="muted">No costly decision to learn from.</p>
        )}
      </div>
    </section>
  );
}
