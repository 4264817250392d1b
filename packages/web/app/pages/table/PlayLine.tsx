import { plural } from '../../lib/words.ts';

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
  return (
    <div className={`play-line ${note ? 'noted' : ''} ${pending > 0 ? 'skipping' : ''}`}>
      <div className="play-text">
        {note && (
          <p className="last-turn" data-testid="last-turn">
            {note}
          </p>
        )}
        <p className="play-say small" role="log" aria-live="polite" data-testid="play-line">
          {said}
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
