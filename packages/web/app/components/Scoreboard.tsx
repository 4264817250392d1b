import type { GameRating, GameView } from '@zilch/protocol';
import { BotMark, botPageOf } from './BotMark.tsx';
import { SeatStake } from './RatedMark.tsx';

/** Every seat with its score, whose turn it is and whether they are connected; text, not colour, carries each state. */
export function Scoreboard({
  view,
  mine,
  rating = null,
}: {
  view: GameView;
  mine: number[];
  /** A rated table: each player's rating and what the game puts at stake, beside the name. */
  rating?: GameRating | null;
}) {
  const s = view.state;
  const target = view.rules.target;
  const final = view.status === 'playing' ? s.finalRound : null;
  return (
    <section className="card scoreboard" aria-labelledby="scores-title">
      <h2 id="scores-title">Scores</h2>
      <p className="muted small">Target {target.toLocaleString('en-US')}</p>
      <ol className="seats">
        {view.seats.map((seat) => {
          const onTurn = view.status === 'playing' && s.current === seat.seat;
          const score = s.scores[seat.seat] ?? 0;
          const winner = view.status === 'over' && s.winners.includes(seat.seat);
          const pct = Math.min(100, Math.round((score / target) * 100));
          return (
            <li
              key={seat.seat}
              className={`seat ${onTurn ? 'on-turn' : ''} ${winner ? 'winner' : ''}`}
              aria-current={onTurn ? 'true' : undefined}
              data-testid={`seat-${seat.seat}`}
            >
              <span className="seat-turn" aria-hidden="true">
                {onTurn ? '▶' : winner ? '★' : ''}
              </span>
              <span className="seat-name">
                <span className="seat-label">{seat.name || `Seat ${seat.seat + 1}`}</span>
                {mine.includes(seat.seat) && <span className="tag">you</span>}
                {botPageOf(seat) && (
                  <BotMark
                    // During play the mark is not a way off the table; once over, it leads to the bot's page.
                    page={view.status === 'over' ? botPageOf(seat) : null}
                    level={seat.bot}
                    name={seat.name}
                  />
                )}
                <SeatStake rating={rating} seat={seat.seat} />
                <span className="sr-only">
                  {onTurn ? ', on turn' : ''}
                  {winner ? ', winner' : ''}
                </span>
              </span>
              <span className="seat-score" data-testid={`score-${seat.seat}`}>
                {score.toLocaleString('en-US')}
              </span>
              <span className="seat-state small">
                {presence(seat, mine)}
                {onTurn && s.turn.total > 0
                  ? ` · turn ${s.turn.total.toLocaleString('en-US')}`
                  : ''}
              </span>
              <span className="bar" aria-hidden="true">
                <span style={{ width: `${pct}%` }} />
              </span>
            </li>
          );
        })}
      </ol>
      {/* Its room is kept from the start where the rules have a final round: the turn log below
          does not move when it begins. */}
      {view.rules.end !== 'immediate' && (
        <p className="final-note" aria-hidden={!final}>
          {final && (
            <>
              <strong>Final round:</strong> {nameOf(view, final.by)} reached the target.
            </>
          )}
        </p>
      )}
    </section>
  );
}

/**
 * A seat's presence in words. Hot-seat: one device joins the server for all of its seats, so only
 * one of them counts as connected; every seat held on this device is present all the same.
 */
function presence(seat: GameView['seats'][number], mine: readonly number[]): string {
  if (seat.kind === 'bot') return '';
  if (!seat.claimed) return 'empty seat';
  if (mine.length > 1 && mine.includes(seat.seat)) return '● on this device';
  // This device's own seat is here by definition: the server's flag lags a join by a second or
  // two, and "offline" about yourself is wrong (the header says when the connection drops).
  if (mine.includes(seat.seat)) return '● online';
  return seat.connected ? '● online' : '○ offline';
}

/** A seat's display name. */
export function nameOf(view: GameView, seat: number): string {
  return view.seats[seat]?.name || `Seat ${seat + 1}`;
}
