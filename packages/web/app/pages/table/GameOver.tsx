import { useState } from 'react';
import { Link } from 'wouter';
import { nameOf } from '../../components/Scoreboard.tsx';
import { rematch } from '../../lib/api.ts';
import { holdSeat } from '../../lib/storage.ts';
import { winLine } from '../../lib/words.ts';
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
  const winners = view.state.winners.map((w) => nameOf(view, w));
  const token = Object.values(tokens)[0];
  return (
    <section className="card game-over" aria-labelledby="over-title" data-testid="game-over">
      <h2 id="over-title">
        <span aria-hidden="true">🏆 </span>
        {winLine(winners)}
      </h2>
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
              for (const [seat, t] of Object.entries(tokens)) holdSeat(next, Number(seat), t);
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
    </section>
  );
}
