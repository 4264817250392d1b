import { useEffect, useState } from 'react';
import { Icon } from '../../components/ReactionIcon.tsx';
import { Link } from 'wouter';
import { BotMark, botPageOf } from '../../components/BotMark.tsx';
import { nameOf } from '../../components/Scoreboard.tsx';
import { claimSeat, rematch } from '../../lib/api.ts';
import { reviewData } from '../../lib/reviewData.ts';
import { holdSeat } from '../../lib/storage.ts';
import { resultLine, speaker } from '../../lib/words.ts';
import { RatingResult } from './RatingResult.tsx';
import { AccuracySummary } from '../analysis/AccuracySummary.tsx';
import { GameOverSocial } from '../friends/GameOverSocial.tsx';
import { PracticeResult } from '../practice/PracticeResult.tsx';
import type { GameView } from '@zilch/protocol';

/** The winner, with the way on: review the game, check the dice, or play a rematch. */
export function GameOver({
  view,
  tokens,
  navigate,
}: {
  view: GameView;
  tokens: Record<number, string>;
  navigate: (to: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  // The review is the likely next page: its code, the chart's and the game's log load now, while
  // the player reads the result, so the review draws at once when opened.
  useEffect(() => {
    void import('../ReviewPage.tsx');
    void import('../../components/Chart.tsx');
    void reviewData(view.id);
  }, [view.id]);
  const token = Object.values(tokens)[0];
  const ranked = view.state.scores
    .map((score, seat) => ({ seat, score }))
    .sort((a, b) => b.score - a.score || a.seat - b.seat);
  return (
    <section className="card game-over" aria-labelledby="over-title" data-testid="game-over">
      <h2 id="over-title">
        <Icon name="trophy" />{' '}
        {resultLine(
          view.state.winners,
          view.state.scores,
          speaker((seat) => nameOf(view, seat), Object.keys(tokens).map(Number)),
        )}
      </h2>
      <ol className="final-scores" aria-label="Final scores" data-testid="final-scores">
        {ranked.map(({ seat, score }) => (
          <li key={seat} className={view.state.winners.includes(seat) ? 'winner' : ''}>
            <span>
              {nameOf(view, seat)}
              {view.seats[seat] && botPageOf(view.seats[seat]) && (
                <BotMark
                  page={botPageOf(view.seats[seat])}
                  level={view.seats[seat].bot}
                  name={nameOf(view, seat)}
                />
              )}
            </span>
            <strong>{score.toLocaleString('en-US')}</strong>
            {view.state.winners.includes(seat) && <span className="tag tag-go">winner</span>}
          </li>
        ))}
      </ol>
      <RatingResult view={view} />
      {/* The ways on first: on a phone the card lies over the felt, and what follows scrolls. */}
      <div className="row">
        <Link href={`/t/${view.id}/review`} className="btn primary">
          Review the game
        </Link>
        <Link href={`/t/${view.id}/fairness`} className="btn">
          Check the dice
        </Link>
        {token && (
          <button
            type="button"
            className="btn"
            onClick={async () => {
              let next = view.rematchId;
              if (!next) {
                const r = await rematch(view.id, token);
                if (!r.ok) return setError(r.error.message);
                next = r.value.gameId;
              }
              // A rematch keeps every seat's token, so the seats held here open the new game too.
              // It rolls only once every human seat has claimed it again, each with a fresh seed
              // sent after its commitment was fixed (a refusal: this device's claim came late).
              for (const [seat, t] of Object.entries(tokens)) {
                holdSeat(next, Number(seat), t);
                const name = view.seats[Number(seat)]?.name;
                if (name) await claimSeat(next, t, name);
              }
              navigate(`/t/${next}`);
            }}
          >
            {view.rematchId ? 'Go to the rematch' : 'Rematch'}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <PracticeResult gameId={view.id} />
      <AccuracySummary view={view} mine={Object.keys(tokens).map(Number)} />
      <GameOverSocial view={view} />
    </section>
  );
}
