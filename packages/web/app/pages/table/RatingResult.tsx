import type { GameRating, GameView } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { nameOf } from '../../components/Scoreboard.tsx';
import { getGameRating } from '../../lib/api.ts';

/** A finished rated game's rating changes per player (asked again while the server applies them). */
export function RatingResult({ view }: { view: GameView }) {
  const [r, setR] = useState<GameRating | null>(null);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (tries: number) => {
      const a = await getGameRating(view.id);
      if (stop || !a.ok) return;
      setR(a.value);
      // The rating is applied just after the last move is stored: ask again a few times.
      if (a.value.status === 'pending' && tries > 0)
        timer = setTimeout(() => void ask(tries - 1), 700);
    };
    void ask(10);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [view.id]);
  if (!r?.rated) return null;
  if (r.status !== 'applied')
    return (
      <p className="muted" data-testid="rating-result">
        {r.status === 'void'
          ? 'Rated table, but not between two accounts: no rating changed.'
          : 'Updating ratings…'}
      </p>
    );
  return (
    <div data-testid="rating-result">
      <h3>
        Rating changes · <Link href="/leaderboard">Leaderboard</Link>
      </h3>
      <ul className="rating-games">
        {r.changes.map((c) => {
          const d = Math.round(c.after - c.before);
          return (
            <li key={c.seat}>
              {nameOf(view, c.seat)}: {Math.round(c.before)} → {Math.round(c.after)}{' '}
              <span className={d >= 0 ? 'gain' : 'loss'}>
                ({d >= 0 ? '+' : '−'}
                {Math.abs(d)})
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
