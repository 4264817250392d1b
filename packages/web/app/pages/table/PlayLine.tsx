import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { plural, sentences } from '../../lib/words.ts';

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
          Skip ahead »
        </button>
      }
    </div>
  );
}

/**
 * The play-by-play keeps a fixed height (nothing below it moves), so words that do not fit are
 * left out a whole sentence at a time from the start, the newest kept, and "…" says some went:
 * a line is never cut mid-word. The dice are pictured just below, so a roll is told in figures.
 */
function useFitted(said: string, layout: string) {
  const box = useRef<HTMLParagraphElement>(null);
  const text = useRef<HTMLSpanElement>(null);
  const parts = useMemo(() => sentences(said), [said]);
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
    else if (over && from < parts.length - 1) setFit({ said, layout, width, from: from + 1 });
  });
  const shown = `${from > 0 ? '… ' : ''}${parts.slice(from).join(' ')}`;
  return { box, text, shown };
}
