import { useEffect, useState } from 'react';
import type { GameRating, GameView } from '@zilch/protocol';
import { getGameRating } from './api.ts';

/**
 * Whether the open table is rated and what it puts at stake (each seat's rating and the change a
 * win, a shared win or a loss would make). Asked when the table opens and again whenever a seat
 * is taken (the stakes appear once two accounts sit down); null until the first answer.
 */
export function useRating(view: GameView): GameRating | null {
  const [r, setR] = useState<GameRating | null>(null);
  const seated = view.seats.filter((s) => s.claimed).length;
  const over = view.status === 'over';
  useEffect(() => {
    let stop = false;
    void getGameRating(view.id).then((a) => {
      if (!stop && a.ok) setR(a.value);
    });
    return () => {
      stop = true;
    };
  }, [view.id, seated, over]);
  return r;
}

/** A rating as shown beside a name: a whole number. */
export function ratingText(x: number): string {
  return String(Math.round(x));
}

/** A signed rating change: '+12', '−9', '±0'. */
export function deltaText(x: number): string {
  const n = Math.round(x);
  return n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '±0';
}
