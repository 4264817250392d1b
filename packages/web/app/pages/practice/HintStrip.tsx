import type { AdviceOption } from '@zilch/protocol';
import type { HintView } from './useHint.ts';

/** An option's value in words: "48.2 % to win" or "1,240 expected points". */
function worth(kind: 'win' | 'points', v: number): string {
  return kind === 'win'
    ? `${(v * 100).toFixed(1)} % to win`
    : `${Math.round(v).toLocaleString('en-US')} expected points`;
}

/**
 * The hint's best option, laid over the play-by-play (like a banner): on a phone it stays in view
 * beside the dice it is about; the coach's full ranking is below the felt.
 */
export function HintStrip({ hint, onShow }: { hint: HintView; onShow: (o: AdviceOption) => void }) {
  const c = hint.current;
  if (!c) return null;
  const best = c.advice?.options[0];
  return (
    <div className="hint-slot" role="status" data-testid="hint-strip">
      <div className="banner banner-hint">
        {!c.advice ? (
          <span>{c.error}</span>
        ) : !best ? (
          <span>Nothing to decide here.</span>
        ) : (
          <>
            <strong>Hint</strong>{' '}
            <span>
              {best.label} · {worth(c.advice.kind, best.value)}
            </span>
            {best.move.type === 'keep' && (
              <button type="button" className="btn small ghost" onClick={() => onShow(best)}>
                Select
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
