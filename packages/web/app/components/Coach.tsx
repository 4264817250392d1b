import type { GameState } from '@zilch/engine';
import { useEffect, useState } from 'react';
import { getAdvice } from '../lib/api.ts';
import { chanceLoss, plural } from '../lib/words.ts';
import type { Advice, AdviceOption } from '@zilch/protocol';

/** Formats an option's value for its kind. */
function adviceValue(kind: Advice['kind'], value: number): string {
  return kind === 'win'
    ? `${(value * 100).toFixed(1)}% to win`
    : `${Math.round(value).toLocaleString('en-US')} expected points`;
}

/** The coach's answer for one position, or why there is none. */
export interface AdviceState {
  key: string;
  advice: Advice | null;
  error?: string;
}

// The server answers in expected points until its win solution for the rules is ready (it starts
// preparing on the first question): ask again now and then so the coach switches on its own.
const RETRY_MS = 10_000;
// Beyond this the win solution is not coming soon (or these rules have none); stop promising it.
const PATIENCE_MS = 5 * 60_000;

/**
 * Asks the server's coach about the position named by `stateKey` while `on`. In a two-player game
 * a points answer means the win solution is still being prepared, so it asks again every 10 s.
 */
export function useAdvice(
  state: GameState,
  stateKey: string,
  on: boolean,
): { current: AdviceState | null; preparing: number | null } {
  const [advice, setAdvice] = useState<AdviceState | null>(null);
  const [since, setSince] = useState<number | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!on) return;
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
              ? 'The coach cannot answer right now (the server is busy); it will try again on your next move.'
              : `The coach could not answer: ${r.error.message}`,
        });
    });
    return () => {
      alive = false;
    };
    // The key names the position; the state object changes identity on every update.
  }, [stateKey, on, tick]);
  const current = advice?.key === stateKey ? advice : null;
  const waitingForWin =
    on && state.players === 2 && current?.advice?.kind === 'points' && state.phase !== 'over';
  useEffect(() => {
    if (!waitingForWin || (since !== null && Date.now() - since > PATIENCE_MS)) return;
    if (since === null) setSince(Date.now());
    // The server says when it expects the win % to be ready: ask again just after that.
    const eta = current?.advice?.winEtaSeconds;
    const t = setTimeout(
      () => setTick((n) => n + 1),
      eta ? Math.min(RETRY_MS, eta * 1000 + 500) : RETRY_MS,
    );
    return () => clearTimeout(t);
  }, [waitingForWin, tick, since]);
  const preparing =
    waitingForWin && since !== null && Date.now() - since < PATIENCE_MS ? since : null;
  return { current, preparing };
}

/** The coach: every option of the position with its value, best first and marked. */
export function Coach({
  current,
  preparing,
  onShow,
}: {
  current: AdviceState | null;
  /** Since when the win % has been awaited (null: not awaited). */
  preparing: number | null;
  onShow: (o: AdviceOption) => void;
}) {
  return (
    <section className="coach card" aria-labelledby="coach-title" aria-live="polite">
      <h2 id="coach-title">Coach</h2>
      {preparing !== null && (
        <p className="muted small" data-testid="coach-preparing">
          {current?.advice?.winEtaSeconds
            ? `Win % ready in ~${current.advice.winEtaSeconds} s (being prepared on the server)`
            : 'Win % being prepared on the server'}
          : until it is ready the coach ranks by expected points, and it switches by itself.
        </p>
      )}
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
                  {current.advice!.kind === 'win'
                    ? chanceLoss(o.loss)
                    : `−${plural(Math.round(o.loss), 'point', 'points')}`}
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

/** The coach's pick between starting fresh and inheriting, when it has ranked them. */
export function offerPick(current: AdviceState | null): 'fresh' | 'inherit' | null {
  const best = current?.advice?.options[0]?.move.type;
  return best === 'fresh' || best === 'inherit' ? best : null;
}
