import type { GameEvent } from '@zilch/engine';
import { useMemo } from 'react';
import { turnLines } from '../../lib/events.ts';
import { matchOption, type Decision } from '../../lib/review.ts';
import type { Advice } from '@zilch/protocol';

/** The coach's word on one decision: undefined while asked, null when it had none. */
export type Verdict = Advice | null | undefined;

/**
 * Every turn of the game in words, drawn from the log at once; beside each turn of a person the
 * coach's verdict on their decisions in it, filled in as the answers arrive.
 */
export function TurnList({
  events,
  decisions,
  advice,
  human,
  name,
}: {
  events: readonly GameEvent[];
  /** The decisions the coach is asked about, in the order of `advice`. */
  decisions: readonly Decision[];
  advice: readonly Verdict[];
  human: (seat: number) => boolean;
  name: (seat: number) => string;
}) {
  const lines = useMemo(() => turnLines(events), [events]);
  const byLine = useMemo(() => {
    const m = new Map<number, { d: Decision; a: Verdict }[]>();
    decisions.forEach((d, i) => {
      if (!human(d.state.current)) return;
      const list = m.get(d.line) ?? [];
      list.push({ d, a: advice[i] });
      m.set(d.line, list);
    });
    return m;
  }, [decisions, advice, human]);
  return (
    <section className="card" aria-labelledby="turns-h">
      <h2 id="turns-h">Turns</h2>
      <ol className="log review-turns" data-testid="review-turns">
        {lines.map((l) => (
          <li key={l.turn} value={l.turn}>
            <strong>{name(l.seat)}</strong> {l.items.join(', ')}
            {l.outcome && <span className="outcome"> — {l.outcome}</span>}
            {human(l.seat) && <TurnVerdict asked={byLine.get(l.turn) ?? []} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The coach on a turn: asking, the best play throughout, or what the worst decision cost. */
function TurnVerdict({ asked }: { asked: { d: Decision; a: Verdict }[] }) {
  if (asked.length === 0) return null;
  if (asked.some((x) => x.a === undefined))
    return <span className="verdict muted"> · coach: asking…</span>;
  let worst: { loss: number; kind: Advice['kind'] } | null = null;
  for (const { d, a } of asked) {
    if (!a) continue;
    const played = matchOption(d, a);
    if (played && played.loss > 0 && (!worst || played.loss > worst.loss))
      worst = { loss: played.loss, kind: a.kind };
  }
  if (asked.every((x) => x.a === null))
    return <span className="verdict muted"> · coach: no answer</span>;
  if (!worst)
    return (
      <span className="verdict" data-testid="verdict">
        {' '}
        · <span className="ok-mark">✓</span> coach: best play
      </span>
    );
  return (
    <span className="verdict" data-testid="verdict">
      {' '}
      · <span className="bad-mark">✗</span> coach: cost{' '}
      {worst.kind === 'win'
        ? `${(worst.loss * 100).toFixed(1)} percentage points`
        : `${Math.round(worst.loss)} expected points`}
    </span>
  );
}
