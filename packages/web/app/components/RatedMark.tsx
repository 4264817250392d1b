import type { GameRating } from '@zilch/protocol';
import { deltaText, ratingText } from '../lib/useRating.ts';

/** The "Rated" mark of a rated table's heading, with the preset its ratings are kept in. */
export function RatedMark({ rating }: { rating: GameRating | null }) {
  if (!rating?.rated) return null;
  return (
    <span
      className="tag tag-rated"
      data-testid="rated-mark"
      title="Rated: the result moves both players' ratings"
    >
      ★ Rated
    </span>
  );
}

/** A seat's rating beside its name and what the game puts at stake for it (rated tables only). */
export function SeatStake({ rating, seat }: { rating: GameRating | null; seat: number }) {
  const s = rating?.stakes.find((x) => x.seat === seat);
  if (!s) return null;
  return (
    <span className="seat-stake small" data-testid={`stake-${seat}`}>
      <span className="seat-rating" aria-label={`rating ${ratingText(s.rating)}`}>
        {ratingText(s.rating)}
      </span>{' '}
      <span className="muted">
        win <span className="gain">{deltaText(s.win)}</span> · loss{' '}
        <span className="loss">{deltaText(s.loss)}</span>
      </span>
    </span>
  );
}
