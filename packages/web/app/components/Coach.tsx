import type { GameState } from '@zilch/engine';
import { useEffect, useState } from 'react';
import { getAdvice } from '../lib/api.ts';
import type { Advice, AdviceOption } from '@zilch/protocol';

/** Formats an option's value for its kind. */
function adviceValue(kind: Advice['kind'], value: number): string {
  return kind === 'win'
    ? `${(value * 100).toFixed(1)}% to win`
    : `${Math.round(value).toLocaleString('en-US')} expected points`;
}

/** The coach: every option of the position with its value, best first and marked. */
export function Coach({
  state,
  stateKey,
  onShow,
}: {
  state: GameState;
  stateKey: string;
  onShow: (o: AdviceOption) => void;
}) {
  const [advice, setAdvice] = useState<{
    key: string;
    advice: Advice | null;
    error?: string;
  } | null>(null);
  useEffect(() => {
    let alive = true;
    void getAdvice(state).then((r) => {
      if (!alive) return;
      if (r.ok) setAdvice({ key: stateKey, advice: r.value });
      else
        setAdvice({
          key: stateKey,
          advice: null,
          error:
            r.error.code === 'HTTP_503'
              ? 'Coach unavailable right now.'
              : `Coach unavailable: ${r.error.message}`,
        });
    });
    return () => {
      alive = false;
    };
    // The key names the position; the state object changes identity on every update.
  }, [stateKey]);
  const current = advice?.key === stateKey ? advice : null;
  return (
    <section className="coach card" aria-labelledby="coach-title" aria-live="polite">
      <h2 id="coach-title">Coach</h2>
      {!current ? (
        <p className="muted">Thinking…</p>
      ) : !current.advice ? (
        <p className="muted" data-testid="coach-unavailable">
          {current.error}
        </p>
      ) : current.advice.options.length === 0 ? (
        <p className="muted">Nothing to decide here.</p>
      ) : (
        <ol className="advice">
          {current.advice.options.slice(0, 6).map((o, i) => (
            <li key={`${o.label}-${i}`} className={i === 0 ? 'best' : ''}>
              <span className="advice-label">
                {i === 0 && <strong className="tag tag-go">★ Best</strong>} {o.label}
              </span>
              <span className="advice-value">{adviceValue(current.advice!.kind, o.value)}</span>
              {i > 0 && o.loss > 0 && (
                <span className="advice-loss small muted">
                  −
                  {current.advice!.kind === 'win'
                    ? `${(o.loss * 100).toFixed(1)} pts %`
                    : Math.round(o.loss)}
                </span>
              )}
              {o.move.type === 'keep' && (
                <button type="button" className="btn small ghost" onClick={() => onShow(o)}>
                  Select these dice
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
