import type { RuleSet } from '@zilch/engine';
import type { CardAnswer } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { getCard } from '../lib/api.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The strategy card of a rule set: a short rule a person can learn, and how well it plays. */
export function StrategyCard({ rules }: { rules: RuleSet }) {
  const [card, setCard] = useState<{ rules: RuleSet; answer: CardAnswer } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    void getCard(rules).then((r) => {
      if (!live) return;
      if (r.ok) setCard({ rules, answer: r.value });
      else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [rules]);
  const answer = card?.rules === rules ? card.answer : null;
  return (
    <section className="card strategy-card" aria-labelledby="strategy-card-title">
      <h2 id="strategy-card-title">Strategy card</h2>
      {error ? (
        <p className="muted">The strategy card is not available right now: {error}</p>
      ) : !answer ? (
        <p className="loading">Working out the card…</p>
      ) : (
        <>
          <ol>
            {answer.lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ol>
          <p className="muted small">
            {answer.figure
              ? `Played exactly, this card wins ${pct(answer.figure.winRate)} (95% interval ${pct(answer.figure.ci95[0])}–${pct(answer.figure.ci95[1])}) of ${answer.figure.games.toLocaleString('en-US')} two-player games against the ${answer.figure.against} bot, seats alternating.`
              : 'Its numbers come from the expected-points strategy of these rules; measured by the command line: zilch card.'}
          </p>
        </>
      )}
    </section>
  );
}
