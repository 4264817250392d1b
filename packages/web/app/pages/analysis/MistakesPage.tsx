import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { GameAccuracy, GameView, LogAnswer } from '@zilch/protocol';
import { getGame, getLog } from '../../lib/api.ts';
import { decisionsOf } from '../../lib/review.ts';
import { heldGame } from '../../lib/storage.ts';
import { getAccuracy } from './api.ts';
import { Question } from './Question.tsx';
import { plural } from '../../lib/words.ts';

/**
 * Learn from your mistakes: each graded decision of the seats held here (every human seat when
 * none is), in game order, as a question with the position as it was; then the answer.
 */
export default function MistakesPage({ id }: { id: string }) {
  const [view, setView] = useState<GameView | null>(null);
  const [log, setLog] = useState<LogAnswer | null>(null);
  const [acc, setAcc] = useState<GameAccuracy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [at, setAt] = useState(0);
  const [right, setRight] = useState(0);
  useEffect(() => {
    let alive = true;
    void Promise.all([getGame(id), getLog(id), getAccuracy(id, () => alive)]).then(([g, l, a]) => {
      if (!alive) return;
      if (!g.ok) return setError(g.error.message);
      if (!l.ok) return setError(l.error.message);
      if (!a.ok) return setError(a.error.message);
      setView(g.value);
      setLog(l.value);
      setAcc(a.value);
    });
    return () => {
      alive = false;
    };
  }, [id]);
  const questions = useMemo(() => {
    if (!view || !log || !acc) return [];
    const held = Object.keys(heldGame(id)?.tokens ?? {}).map(Number);
    const humans = view.seats.filter((s) => s.kind === 'human').map((s) => s.seat);
    const seats = held.length ? held : humans;
    const byIndex = new Map(decisionsOf(log.log).decisions.map((d) => [d.index, d]));
    return acc.graded
      .filter((g) => seats.includes(g.seat))
      .flatMap((g) => {
        const d = byIndex.get(g.index);
        return d ? [{ g, d }] : [];
      });
  }, [view, log, acc, id]);

  const back = (
    <Link href={`/t/${id}/review`} className="btn">
      Back to the review
    </Link>
  );
  // More positions to learn from, cut from many games: the puzzles.
  const puzzles = (
    <Link href="/puzzles" className="btn">
      Try puzzles
    </Link>
  );
  if (error)
    return (
      <div className="page narrow mistakes">
        <h1>Learn from your mistakes</h1>
        <p role="alert" className="error">
          {error}
        </p>
        {back}
      </div>
    );
  if (!view || !acc)
    return (
      <div className="page narrow mistakes">
        <h1>Learn from your mistakes</h1>
        <p className="loading">Asking the coach about the game…</p>
      </div>
    );
  const q = questions[at];
  return (
    <div className="page narrow mistakes">
      <h1>Learn from your mistakes</h1>
      {questions.length === 0 ? (
        <>
          <p>No costly decision to replay in this game. Well played.</p>
          <p className="row">
            {back}
            {puzzles}
          </p>
        </>
      ) : q ? (
        <>
          <p className="muted" aria-live="polite">
            Question {at + 1} of {questions.length}
          </p>
          <Question
            key={q.g.index}
            view={view}
            decision={q.d}
            graded={q.g}
            onAnswer={(best) => {
              if (best) setRight((n) => n + 1);
              setAt((n) => n + 1);
            }}
          />
        </>
      ) : (
        <section className="card" data-testid="mistakes-done">
          <h2>Done</h2>
          <p>
            You found the best option in {right} of{' '}
            {plural(questions.length, 'position', 'positions')}.
          </p>
          <p className="row">
            <button
              type="button"
              className="btn"
              onClick={() => {
                setAt(0);
                setRight(0);
              }}
            >
              Again
            </button>
            {back}
            {puzzles}
          </p>
        </section>
      )}
    </div>
  );
}
