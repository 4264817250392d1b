import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { plural, shorterSays } from '../../lib/words.ts';

/**
 * The play-by-play: the step on show in words (a live region, so screen readers hear each roll,
 * keep and bank as it is shown) and, while other players' moves are queued, a fast-forward.
 */
export function PlayLine({
  said,
  pending,
  onSkip,
  note = null,
}: {
  /** The words of the latest step that had some (a tumble has none). */
  said: string;
  pending: number;
  onSkip: () => void;
  /** The final round's line for the player on turn: the first of the two lines while it lasts. */
  note?: string | null;
}) {
  const { box, text, shown } = useFitted(said, `${pending > 0}:${note ?? ''}`);
  return (
    <div className={`play-line ${note ? 'noted' : ''} ${pending > 0 ? 'skipping' : ''}`}>
      <div className="play-text">
        {note && (
          <p className="last-turn" data-testid="last-turn">
            {note}
          </p>
        )}
        <p
          className="play-say small"
          role="log"
          aria-live="polite"
          data-testid="play-line"
          ref={box}
        >
          {/* Screen readers hear every word; the eye reads what fits the line's fixed room. */}
          <span className="sr-only">{said}</span>
          <span className="play-shown" aria-hidden="true" ref={text} data-testid="play-shown">
            {shown}
          </span>
        </p>
      </div>
      {/* Always laid out, shown only while moves are queued, so it never moves the felt. */}
      {
        <button
          type="button"
          className="btn small ghost fast-forward"
          style={{ visibility: pending > 0 ? 'visible' : 'hidden' }}
          onClick={onSkip}
          data-testid="fast-forward"
          aria-label={`Fast-forward: show the ${plural(pending, 'step', 'steps')} still to come at once`}
        >
          {/* One flex item (a .btn stacks its children): "ahead" folds away on a narrow phone. */}
          <span>
            Skip<span className="ff-more"> ahead</span> »
          </span>
        </button>
      }
    </div>
  );
}

/**
 * The play-by-play keeps a fixed height (nothing below it moves), so it shows the longest of its
 * shorter forms (`shorterSays`) that fits: a line is never cut mid-word. Measured before paint.
 */
function useFitted(said: string, layout: string) {
  const box = useRef<HTMLParagraphElement>(null);
  const text = useRef<HTMLSpanElement>(null);
  const forms = useMemo(() => shorterSays(said), [said]);
  const [fit, setFit] = useState({ said, layout, width: 0, from: 0 });
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const on = () => setWidth(box.current?.clientWidth ?? 0);
    on();
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  const current = fit.said === said && fit.layout === layout && fit.width === width;
  const from = current ? fit.from : 0;
  useLayoutEffect(() => {
    const b = box.current;
    const t = text.current;
    if (!b || !t) return;
    const over = t.offsetHeight > b.clientHeight + 1;
    if (!current) setFit({ said, layout, width, from: 0 });
    else if (over && from < forms.length - 1) setFit({ said, layout, width, from: from + 1 });
  });
  const shown = forms[Math.min(from, forms.length - 1)] ?? '';
  return { box, text, shown };
}
