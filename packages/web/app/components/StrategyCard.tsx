import type { RuleSet } from '@zilch/engine';
import type { CardAnswer } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { getCard } from '../lib/api.ts';

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

type GridLine = CardAnswer['grids'][number];

const cap = (w: string): string => (w[0]?.toUpperCase() ?? '') + w.slice(1);

/**
 * A card line whose numbers form grids: its words, then a small table per grid, one row per
 * number of dice and one column per band (three narrow columns fit a phone; six would not).
 */
function CardGrids({ line, wide }: { line: GridLine; wide: boolean }) {
  return (
    <>
      {line.lead}
      {line.grids.map((g) => (
        // A phone shows each grid folded under its caption (the whole card was 5,654 px of
        // tables at 375 px); a wide screen shows them open. Either way one tap opens or folds.
        <details className="card-grid-box" key={g.caption} open={wide}>
          <summary>
            {g.caption ? cap(g.caption) : 'The numbers'}{' '}
            <span className="muted small">
              ({g.dice.length} × {g.rows.length} table)
            </span>
          </summary>
          <div className="table-scroll">
            <table className="stats card-grid">
              {g.caption ? <caption>{cap(g.caption)}</caption> : null}
              <thead>
                <tr>
                  <td />
                  <th scope="colgroup" colSpan={g.rows.length}>
                    {cap(g.rowsBy)}
                  </th>
                </tr>
                <tr>
                  <th scope="col">Dice left</th>
                  {g.rows.map((r) => (
                    <th scope="col" key={r.label}>
                      <abbr title={r.label}>{r.short}</abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {g.dice.map((d, i) => (
                  <tr key={d}>
                    <th scope="row">{d}</th>
                    {g.rows.map((r) => (
                      <td key={r.label}>{r.cells[i]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ))}
    </>
  );
}

/** "Played exactly, this card wins …" for a measured card, or null. */
function figureWords(f: CardAnswer['figure']): string | null {
  return f
    ? `Played exactly, this card wins ${pct(f.winRate)} (95% interval ${pct(f.ci95[0])}–${pct(f.ci95[1])}) of ${f.games.toLocaleString('en-US')} two-player games against the ${f.against} bot, seats alternating.`
    : null;
}

/**
 * The strategy card of a rule set: the short card a person can carry (at most 20 numbers) first,
 * whole on a phone, and the detailed card with every table one tap away.
 */
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
  // Read once: the grids start open on a wide screen and folded on a phone.
  const [wide] = useState(() => window.matchMedia('(min-width: 700px)').matches);
  return (
    <section className="card strategy-card" aria-labelledby="strategy-card-title">
      <h2 id="strategy-card-title">Strategy card</h2>
      {error ? (
        <p className="muted">The strategy card is not available right now: {error}</p>
      ) : !answer ? (
        <p className="loading">Working out the card…</p>
      ) : (
        <>
          <ol className="short-card" aria-label="The short card">
            {answer.short.lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ol>
          <p className="muted small">
            {answer.short.numbers} numbers to remember.{' '}
            {figureWords(answer.short.figure) ?? 'Measured by the command line: zilch card.'}
          </p>
          <details className="detailed-card">
            <summary>The detailed card (every table)</summary>
            <ol>
              {answer.lines.map((l, i) => {
                const grids = answer.grids.find((g) => g.line === i);
                return <li key={l}>{grids ? <CardGrids line={grids} wide={wide} /> : l}</li>;
              })}
            </ol>
            <p className="muted small">
              {figureWords(answer.figure) ??
                'Its numbers come from the expected-points strategy of these rules; measured by the command line: zilch card --detailed.'}
            </p>
          </details>
        </>
      )}
    </section>
  );
}
