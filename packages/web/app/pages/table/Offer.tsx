import { KeyHint } from '../../components/KeyHint.tsx';
import type { BannerInfo } from '../../lib/banners.ts';
import { offersLine, plural, says } from '../../lib/words.ts';

/**
 * The live region where a pushed update's banner appears (kept even when empty so it is
 * announced). It is laid over the play-by-play, which says the same: it takes no room of its own.
 */
export function BannerSlot({ banner }: { banner: BannerInfo | null }) {
  return (
    <div className="banner-slot" role="status" aria-live="polite">
      {banner && (
        <div className={`banner banner-${banner.kind}`} data-testid="banner">
          <strong>{banner.title}</strong> <span>{banner.detail}</span>
        </div>
      )}
    </div>
  );
}

/**
 * The previous player's banked points on offer: inherit them with the dice left, or start fresh.
 * Both choices look alike (neither is the "primary" one): which is better depends on the
 * position, and only the coach, when it is on, marks its pick.
 */
export function Offer(props: {
  points: number;
  dice: number;
  allDice: number;
  mine: boolean;
  who: string;
  from: string;
  pick: 'fresh' | 'inherit' | null;
  onFresh: () => void;
  onInherit: () => void;
}) {
  const { points, dice, allDice, mine, who, from, pick } = props;
  const mark = (which: 'fresh' | 'inherit') =>
    pick === which ? (
      <span className="tag tag-go coach-pick" data-testid="coach-pick">
        ★ Coach&apos;s pick
      </span>
    ) : null;
  return (
    <div className="offer" data-testid="offer">
      <p>
        <strong>{offersLine(from)}</strong>{' '}
        <strong>
          {plural(points, 'point', 'points')} with {plural(dice, 'die', 'dice')}
        </strong>
        .{' '}
        {mine
          ? 'Take it and roll only those dice, or start fresh with all of them.'
          : `${says(who, 'is', 'are')} choosing.`}
      </p>
      {mine && (
        <div className="offer-choices">
          <button
            type="button"
            className={`btn big choice ${pick === 'fresh' ? 'picked' : ''}`}
            onClick={props.onFresh}
            aria-keyshortcuts="F"
            data-testid="offer-fresh"
          >
            Start fresh
            <span className="small">
              0 points · {plural(allDice, 'die', 'dice')} <KeyHint>· key F</KeyHint>
            </span>
            {mark('fresh')}
          </button>
          <button
            type="button"
            className={`btn big choice ${pick === 'inherit' ? 'picked' : ''}`}
            onClick={props.onInherit}
            aria-keyshortcuts="I"
            data-testid="offer-inherit"
          >
            Inherit {plural(points, 'point', 'points')}
            <span className="small">
              {plural(dice, 'die', 'dice')} <KeyHint>· key I</KeyHint>
            </span>
            {mark('inherit')}
          </button>
        </div>
      )}
    </div>
  );
}
