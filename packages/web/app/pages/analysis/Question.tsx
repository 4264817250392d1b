import { useMemo, useState } from 'react';
import type { GameView, GradedDecision } from '@zilch/protocol';
import { Cube } from '../../components/Die.tsx';
import { describeAction, type Decision } from '../../lib/review.ts';
import { lossWords, valueWords } from './api.ts';
import { plural } from '../../lib/words.ts';

/**
 * One costly decision as a question: the position as it was, "what do you do?", then every
 * option valued, the best marked, with what was played in the game and what was chosen now.
 */
export function Question(props: {
  view: GameView;
  decision: Decision;
  graded: GradedDecision;
  onAnswer: (best: boolean) => void;
}) {
  const { view, decision: d, graded: g, onAnswer } = props;
  const [chosen, setChosen] = useState<number | null>(null);
  const s = d.state;
  const name = (seat: number) => view.seats[seat]?.name || `Seat ${seat + 1}`;
  // Options in a fixed order that gives nothing away: by their words, not their value.
  const order = useMemo(
    () => g.options.map((o, i) => ({ o, i })).sort((p, q) => p.o.label.localeCompare(q.o.label)),
    [g],
  );
  const answered = chosen !== null;
  const pick = chosen === null ? null : g.options[chosen];
  const best = g.options[0];
  return (
    <section className="card question" aria-labelledby="q-h" data-testid="question">
      <h2 id="q-h">
        Turn {d.turn}: {name(s.current)}, what do you do?
      </h2>
      <ul className="q-scores" aria-label="Scores">
        {s.scores.map((score, seat) => (
          <li key={seat} className={seat === s.current ? 'on-turn' : ''}>
            <span>{name(seat)}</span> <strong>{score.toLocaleString('en-US')}</strong>
          </li>
        ))}
      </ul>
      <p>
        {s.turn.total.toLocaleString('en-US')} points running this turn
        {s.turn.roll
          ? ', and this roll in front of you'
          : `, ${plural(s.turn.available, 'die', 'dice')} to roll`}
        {s.offer
          ? `; offered ${plural(s.offer.points, 'point', 'points')} with ${plural(s.offer.dice, 'die', 'dice')}`
          : ''}
        {s.finalRound ? '; final round' : ''}. Target {s.rules.target.toLocaleString('en-US')}.
      </p>
      {s.turn.roll && (
        <div className="q-roll" aria-label={`Rolled ${s.turn.roll.join(' ')}`} role="img">
          {s.turn.roll.map((f, i) => (
            <Cube key={i} face={f} spin={0} size="small" />
          ))}
        </div>
      )}
      {!answered ? (
        <div className="q-options" role="group" aria-label="Your options">
          {order.map(({ o, i }) => (
            <button key={i} type="button" className="btn" onClick={() => setChosen(i)}>
              {o.label}
            </button>
          ))}
        </div>
      ) : (
        <>
          <p role="status" className={chosen === 0 || pick?.loss === 0 ? 'ok' : 'error'}>
            {pick?.loss === 0
              ? `Right: ${best?.label ?? ''} is the best option.`
              : `Not quite: ${pick?.label ?? ''} loses ${lossWords(g.kind, (pick?.loss ?? 0) * (g.kind === 'win' ? 100 : 1))}. Best: ${best?.label ?? ''}.`}
          </p>
          <p className="muted">
            In the game: {describeAction(d)} (cost {lossWords(g.kind, g.loss)}:{' '}
            {g.judgement === 'inaccuracy' ? 'an' : 'a'} {g.judgement}).
          </p>
          <div className="scroll-x" tabIndex={0} role="region" aria-label="Every option">
            <table className="data q-answer">
              <thead>
                <tr>
                  <th scope="col">Option</th>
                  <th scope="col">{g.kind === 'win' ? 'Win chance' : 'Expected'}</th>
                </tr>
              </thead>
              <tbody>
                {g.options.map((o, i) => (
                  <tr key={i} className={i === 0 ? 'best' : i === chosen ? 'chosen' : ''}>
                    <td>
                      {i === 0 && <span aria-label="best">✓ </span>}
                      {o.label}
                      {i === chosen && <span className="tag">your answer</span>}
                    </td>
                    <td>{valueWords(g.kind, o.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button
            type="button"
            className="btn primary"
            onClick={() => onAnswer(pick?.loss === 0)}
            autoFocus
          >
            Next
          </button>
        </>
      )}
    </section>
  );
}
