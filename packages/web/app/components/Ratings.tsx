import { PRESETS, isPresetId } from '@zilch/engine';
import type { PlayerRatings, Rating, RatingPoint } from '@zilch/protocol';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { BotMark } from './BotMark.tsx';
import { plural } from '../lib/words.ts';

// uPlot comes with the first chart, not with the page.
const Chart = lazy(() => import('./Chart.tsx').then((m) => ({ default: m.Chart })));

/** A preset's display name (its id when this build does not know it). */
export function presetName(id: string): string {
  return isPresetId(id) ? PRESETS[id].name : id;
}

/** "1532 ± 87": a rating and its deviation, rounded. */
export function ratingText(rating: number, deviation: number): string {
  return `${Math.round(rating)} ± ${Math.round(deviation)}`;
}

/** A player's ratings, one card per preset: rating ± deviation, a chart of its history, recent games. */
export function Ratings({ data }: { data: PlayerRatings }) {
  if (data.ratings.length === 0)
    return (
      <div className="card">
        <h2>Ratings</h2>
        <p className="muted">
          No rated games yet. Rated games are two-player games between accounts at a table created
          as rated; games of 3 or more players are never rated.
        </p>
      </div>
    );
  return (
    <>
      {data.ratings.map((r) => (
        <PresetRating
          key={r.preset}
          rating={r}
          history={data.history.filter((h) => h.preset === r.preset)}
        />
      ))}
    </>
  );
}

function PresetRating({ rating, history }: { rating: Rating; history: RatingPoint[] }) {
  const name = presetName(rating.preset);
  // The chart starts from the rating before the first game shown (its deviation is not kept).
  const start = history[0] ? history[0].rating - history[0].change : null;
  const x = [0, ...history.map((_h, i) => i + 1)];
  const recent = history.slice(-5).reverse();
  return (
    <div className="card rating-card" data-testid={`rating-${rating.preset}`}>
      <h2>Rating: {name}</h2>
      <p className="rating-now">
        <strong data-testid="rating-value">{ratingText(rating.rating, rating.deviation)}</strong>
        {rating.provisional && <span className="tag">provisional</span>}
        <span className="muted small">
          {' '}
          · {plural(rating.games, 'rated game', 'rated games')},{' '}
          {plural(rating.wins, 'win', 'wins')} ·{' '}
          <Link href={`/leaderboard?preset=${encodeURIComponent(rating.preset)}`}>Leaderboard</Link>
        </span>
      </p>
      <p className="help">
        Glicko-2: the rating is within ± 2 deviations of the player’s true strength 95 times in 100.
        Each rated game narrows the deviation.
      </p>
      {history.length > 0 && (
        <Suspense fallback={<div className="chart" aria-hidden="true" />}>
          <Chart
            x={x}
            xLabel="Rated game"
            yLabel="Rating"
            percent={false}
            title={`${name} rating after each rated game: ${history
              .map((h) => Math.round(h.rating))
              .join(', ')}`}
            series={[
              {
                name: 'Rating',
                values: [start, ...history.map((h) => h.rating)].map((v) =>
                  v === null ? null : Math.round(v),
                ),
              },
              {
                name: '+ deviation',
                values: [null, ...history.map((h) => Math.round(h.rating + h.deviation))],
              },
              {
                name: '− deviation',
                values: [null, ...history.map((h) => Math.round(h.rating - h.deviation))],
              },
            ]}
          />
        </Suspense>
      )}
      <h3>Recent rated games</h3>
      <ul className="rating-games">
        {recent.map((h) => (
          <li key={h.gameId}>
            <Link href={`/t/${h.gameId}/review`}>
              {h.result === 'win' ? 'Won' : h.result === 'loss' ? 'Lost' : 'Drew'} against{' '}
              {h.opponent}
            </Link>
            {h.opponentBotAccount && (
              <BotMark
                page={`/bots/${encodeURIComponent(h.opponentBotAccount)}`}
                name={h.opponent}
              />
            )}{' '}
            <span className={h.change >= 0 ? 'gain' : 'loss'}>
              {h.change >= 0 ? '+' : '−'}
              {Math.abs(Math.round(h.change))}
            </span>{' '}
            <span className="muted small">{new Date(h.at).toLocaleDateString()}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
