import type { GameEvent } from '@zilch/engine';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { BotMark, botPageOf } from '../components/BotMark.tsx';
import { Icon } from '../components/ReactionIcon.tsx';
import { Link } from 'wouter';
import { getAdvice } from '../lib/api.ts';
import { reviewData } from '../lib/reviewData.ts';
import { heldGame } from '../lib/storage.ts';
import { decisionsOf, describeAction, matchOption, pooled, type Decision } from '../lib/review.ts';
import type { Advice, GameView, LogAnswer } from '@zilch/protocol';
import { TurnList, type Verdict } from './review/TurnList.tsx';
import { AccuracySummary } from './analysis/AccuracySummary.tsx';

// uPlot loads in its own chunk as the page opens, behind a placeholder of the chart's own size
// so nothing below it moves.
const Chart = lazy(() => import('../components/Chart.tsx').then((m) => ({ default: m.Chart })));

/** The coach's answers so far: one per position asked (undefined: not yet answered). */
interface Analysed {
  advice: Verdict[];
  done: number;
  finished: boolean;
  unavailable: boolean;
}

/**
 * After the game: the winner, then at once (from the log alone) the scores turn by turn and every
 * turn in words; the coach's verdicts are added as its answers arrive, with the progress shown.
 */
export default function ReviewPage({ id }: { id: string }) {
  const [view, setView] = useState<GameView | null>(null);
  const [log, setLog] = useState<LogAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [analysed, setAnalysed] = useState<Analysed | null>(null);
  const mine = useMemo(() => Object.keys(heldGame(id)?.tokens ?? {}).map(Number), [id]);

  useEffect(() => {
    void reviewData(id).then(([g, l]) => {
      if (!g.ok) return setError(g.error.message);
      if (!l.ok) return setError(l.error.message);
      setView(g.value);
      setLog(l.value);
    });
  }, [id]);

  const replayed = useMemo(() => (log ? decisionsOf(log.log) : null), [log]);

  // Ask the coach about every turn start (the win chart) and every human decision (the verdicts).
  const asked = useMemo(() => {
    if (!replayed || !view) return [];
    const humans = new Set(view.seats.filter((s) => s.kind === 'human').map((s) => s.seat));
    return replayed.decisions.filter((d) => d.turnStart || humans.has(d.state.current));
  }, [replayed, view]);

  useEffect(() => {
    if (!asked.length || view?.status !== 'over') return;
    let alive = true;
    let unavailable = false;
    const advice: Verdict[] = new Array<Verdict>(asked.length).fill(undefined);
    setAnalysed({ advice: advice.slice(), done: 0, finished: false, unavailable });
    void pooled(
      asked,
      4,
      async (d) => {
        // The API is rate limited per client: back off and retry rather than lose a position.
        for (let attempt = 0; attempt < 6 && !unavailable && alive; attempt++) {
          const r = await getAdvice(d.state);
          if (r.ok) return r.value;
          // A 503 without a protocol code: the server (or a proxy) cannot answer at all.
          if (r.error.code === 'HTTP_503') unavailable = true;
          else if (r.error.code === 'RATE_LIMITED' || r.error.code === 'HTTP_429')
            await new Promise((res) => setTimeout(res, 2000 * (attempt + 1)));
          else return null;
        }
        return null;
      },
      (done, i, a) => {
        advice[i] = a;
        if (alive) setAnalysed({ advice: advice.slice(), done, finished: false, unavailable });
      },
    ).then(
      () =>
        alive &&
        setAnalysed({ advice: advice.slice(), done: asked.length, finished: true, unavailable }),
    );
    return () => {
      alive = false;
    };
  }, [asked, view?.status]);

  // Every state shares the page's width: the heading stays put when the game arrives.
  if (error)
    return (
      <div className="page review">
        <h1>Review</h1>
        <p role="alert" className="error">
          {error}
        </p>
      </div>
    );
  if (!view || !replayed)
    return (
      <div className="page review">
        <h1>Review</h1>
        <p className="loading">Loading the game…</p>
      </div>
    );
  const name = (seat: number) => view.seats[seat]?.name || `Seat ${seat + 1}`;
  const s = view.state;
  if (view.status !== 'over')
    return (
      <div className="page review">
        <h1>Review</h1>
        <p>
          The review opens when the game is over. <Link href={`/t/${id}`}>Back to the table</Link>
        </p>
      </div>
    );
  const winners = s.winners.map(name);
  return (
    <div className="page review">
      <h1>
        <Icon name="trophy" /> {winners.join(' and ')}{' '}
        {winners.length > 1 ? 'share the win' : 'won'}
      </h1>
      <section className="card" aria-labelledby="final-h">
        <h2 id="final-h">Final scores</h2>
        <ol className="final-scores">
          {view.seats
            .slice()
            .sort((a, b) => (s.scores[b.seat] ?? 0) - (s.scores[a.seat] ?? 0))
            .map((seat) => (
              <li key={seat.seat}>
                <span>
                  {name(seat.seat)}
                  {botPageOf(seat) && (
                    <BotMark page={botPageOf(seat)} level={seat.bot} name={name(seat.seat)} />
                  )}
                  {s.winners.includes(seat.seat) && <span className="tag tag-go">winner</span>}
                </span>
                <strong>{(s.scores[seat.seat] ?? 0).toLocaleString('en-US')}</strong>
              </li>
            ))}
        </ol>
        <p className="row">
          <Link href={`/t/${id}/fairness`} className="btn">
            Check the dice
          </Link>
          <Link href={`/t/${id}`} className="btn ghost">
            Back to the table
          </Link>
        </p>
        <AccuracySummary view={view} mine={mine} />
      </section>
      <Analysis
        view={view}
        decisions={asked}
        events={replayed.events}
        analysed={
          analysed ?? {
            advice: asked.map(() => undefined),
            done: 0,
            finished: false,
            unavailable: false,
          }
        }
        name={name}
        mine={mine}
      />
    </div>
  );
}

/** The chart (scores at once; the win chance once the coach has answered), the costly decisions and the turns. */
function Analysis(props: {
  view: GameView;
  decisions: Decision[];
  events: GameEvent[];
  analysed: Analysed;
  name: (seat: number) => string;
  mine: number[];
}) {
  const { view, decisions, analysed, name } = props;
  const [wanted, setWanted] = useState<'score' | 'win'>('score');
  const players = view.state.players;
  const starts = decisions
    .map((d, i) => ({ d, a: analysed.advice[i] ?? null }))
    .filter((x) => x.d.turnStart);
  const winReady = analysed.finished && players === 2 && starts.some((x) => x.a?.kind === 'win');
  const winChart = winReady && wanted === 'win';
  const human = useCallback((seat: number) => view.seats[seat]?.kind === 'human', [view.seats]);
  // The last point is the result: the final scores, or 1 for each winner and 0 for the others.
  const x = [...starts.map((_, i) => i + 1), starts.length + 1];
  const final = view.state;
  const series = view.seats.map((seat) => ({
    name: name(seat.seat),
    values: [
      ...starts.map(({ d, a }): number | null => {
        if (!winChart) return d.state.scores[seat.seat] ?? 0;
        const best = a?.kind === 'win' ? (a.options[0]?.value ?? null) : null;
        if (best === null) return null;
        return d.state.current === seat.seat ? best : 1 - best;
      }),
      winChart
        ? final.winners.includes(seat.seat)
          ? 1 / final.winners.length
          : 0
        : (final.scores[seat.seat] ?? 0),
    ],
  }));
  const costly = decisions
    .map((d, i) => {
      const a = analysed.advice[i];
      if (!a || !human(d.state.current)) return null;
      const played = matchOption(d, a);
      const best = a.options[0];
      if (!played || !best || played.loss <= 0) return null;
      return { d, a, played, best };
    })
    .filter((c): c is NonNullable<typeof c> => c !== null)
    .sort((p, q) => q.played.loss - p.played.loss)
    .slice(0, 5);
  const fmt = (kind: Advice['kind'], v: number) =>
    kind === 'win' ? `${(v * 100).toFixed(1)}%` : `${Math.round(v).toLocaleString('en-US')} pts`;
  // Why the win chance is not offered (yet), in the words of its switch.
  const winNote = winReady
    ? null
    : !analysed.finished
      ? `the coach is answering: ${analysed.done} of ${decisions.length}`
      : analysed.unavailable
        ? 'the coach is unavailable'
        : players === 2
          ? 'not ready for these rules on this server yet; open the review again later'
          : 'solved for two players only';
  return (
    <>
      <section className="card" aria-labelledby="chart-h">
        <h2 id="chart-h">{winChart ? 'Win probability, turn by turn' : 'Scores, turn by turn'}</h2>
        <fieldset className="chart-mode">
          <legend className="sr-only">Chart</legend>
          <label>
            <input
              type="radio"
              name="chart-mode"
              checked={!winChart}
              onChange={() => setWanted('score')}
            />{' '}
            Scores
          </label>
          <label>
            <input
              type="radio"
              name="chart-mode"
              checked={winChart}
              disabled={!winReady}
              onChange={() => setWanted('win')}
              data-testid="win-mode"
            />{' '}
            Chance to win
          </label>
          {/* A line of its own, kept when empty: the chart below never moves as it changes. */}
          <span className="chart-note muted small">{winNote && `Chance to win: ${winNote}.`}</span>
        </fieldset>
        <p className="help chart-help">
          {winChart
            ? "Each point is the coach's (the two-player win-probability solver's) chance of winning at the start of each turn, before its first roll; the last point is the result."
            : 'Each point is a score at the start of a turn; the last point is the final score.'}
        </p>
        <Suspense fallback={<div className="chart" aria-hidden="true" />}>
          <Chart
            x={x}
            series={series}
            yLabel={winChart ? 'Chance to win' : 'Score'}
            percent={winChart}
            title={
              winChart ? 'Win probability of each player by turn' : 'Score of each player by turn'
            }
          />
        </Suspense>
        <details>
          <summary>The chart as a table</summary>
          <div className="scroll-x" tabIndex={0} role="region" aria-label="Chart data">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Turn</th>
                  {series.map((s) => (
                    <th key={s.name} scope="col">
                      {s.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {x.map((t, i) => (
                  <tr key={t}>
                    <th scope="row">{i === x.length - 1 ? 'End' : t}</th>
                    {series.map((s) => (
                      <td key={s.name}>
                        {s.values[i] === null
                          ? '–'
                          : winChart
                            ? `${((s.values[i] as number) * 100).toFixed(1)}%`
                            : (s.values[i] as number).toLocaleString('en-US')}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>
      <section className="card" aria-labelledby="costly-h">
        <h2 id="costly-h">Decisions that cost the most</h2>
        {!analysed.finished && (
          <div aria-live="polite" data-testid="coach-progress">
            <p>
              Asking the coach about {decisions.length} positions: {analysed.done} done. Its
              verdicts are added below and beside each turn as they come.
            </p>
            <progress max={decisions.length} value={analysed.done} aria-label="Analysis progress" />
          </div>
        )}
        {analysed.unavailable ? (
          <p className="muted">Coach unavailable: no decision analysis for this game.</p>
        ) : costly.length === 0 ? (
          analysed.finished ? (
            <p>Every human decision matched the coach's best move. Well played.</p>
          ) : null
        ) : (
          <ol className="costly">
            {costly.map(({ d, a, played, best }) => (
              <li key={d.index}>
                <p>
                  <strong>Turn {d.turn}</strong>, {name(d.state.current)} with {d.state.turn.total}{' '}
                  running{d.state.turn.roll ? `, rolled ${d.state.turn.roll.join(' ')}` : ''}:
                </p>
                <p>
                  <span className="bad-mark" aria-hidden="true">
                    ✗
                  </span>{' '}
                  Played: {describeAction(d)} ({fmt(a.kind, played.value)})
                </p>
                <p>
                  <span className="ok-mark" aria-hidden="true">
                    ✓
                  </span>{' '}
                  Better: {best.label} ({fmt(a.kind, best.value)}) — cost{' '}
                  {a.kind === 'win'
                    ? `${(played.loss * 100).toFixed(1)} percentage points`
                    : `${Math.round(played.loss)} expected points`}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <TurnList
        events={props.events}
        decisions={decisions}
        advice={analysed.advice}
        human={human}
        name={name}
      />
    </>
  );
}
