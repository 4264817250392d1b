import type { BannerInfo } from '../../lib/banners.ts';
import { plural, says } from '../../lib/words.ts';

/** The live region where a pushed update's banner appears (kept even when empty so it is announced). */
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

/** The previous player's banked points on offer: inherit them with the dice left, or start fresh. */
export function Offer(props: {
  points: number;
  dice: number;
  allDice: number;
  mine: boolean;
  who: string;
  from: string;
  onFresh: () => void;
  onInherit: () => void;
}) {
  const { points, dice, allDice, mine, who, from } = props;
  return (
    <div className="offer" data-testid="offer">
      <p>
        <strong>{from}</strong> banked and offers{' '}
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
          <button type="button" className="btn big" onClick={props.onFresh} aria-keyshortcuts="F">
            Start fresh
            <span className="small">0 points · {plural(allDice, 'die', 'dice')} · key F</span>
          </button>
          <button
            type="button"
            className="btn primary big"
            onClick={props.onInherit}
            aria-keyshortcuts="I"
          >
            Inherit {plural(points, 'point', 'points')}
            <span className="small">{plural(dice, 'die', 'dice')} · key I</span>
          </button>
        </div>
      )}
    </div>
  );
}
