import { KeyHint } from '../../components/KeyHint.tsx';
import { plural } from '../../lib/words.ts';
import './practice.css';
import type { HintView } from './useHint.ts';

/** The practice table's Hint button beside the heading, with the hints used so far. */
export function HintButton({ hint, myTurn }: { hint: HintView; myTurn: boolean }) {
  if (!hint.practice) return null;
  return (
    <div className="hint-open">
      <button
        type="button"
        className="btn small hint-button"
        onClick={hint.ask}
        disabled={!myTurn || hint.asking || hint.current !== null}
        aria-keyshortcuts="H"
        aria-describedby="hints-used"
        data-testid="hint"
      >
        {hint.asking ? 'Asking…' : 'Hint'}
        <KeyHint> · H</KeyHint>
      </button>
      <span id="hints-used" className="muted small hints-used" data-testid="hints-used">
        {plural(hint.hints, 'hint', 'hints')}
      </span>
    </div>
  );
}
