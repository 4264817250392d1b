import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { GameView } from '@zilch/protocol';
import type { TurnView } from './derived.ts';

/** The heading (whose turn, or the game's stage), the rules, the connection and the turn timer. */
export function TableHead({
  view,
  who,
  connected,
}: {
  view: GameView;
  who: TurnView;
  connected: boolean;
}) {
  const { myTurn, hotSeat, onTurn, spectator, playing } = who;
  return (
    <div className="table-head">
      <h1>
        {view.status === 'over'
          ? 'Game over'
          : view.status === 'waiting'
            ? 'Waiting for players'
            : myTurn
              ? hotSeat
                ? `${onTurn}'s turn — pass the device`
                : 'Your turn'
              : `${onTurn}'s turn`}
      </h1>
      <p className="muted small">
        <Link href={`/rules/custom?from=${view.id}`}>{view.rules.name}</Link> · target{' '}
        {view.rules.target.toLocaleString('en-US')}
        {spectator && <span className="tag">spectating</span>}
        <span className={`conn ${connected ? 'on' : 'off'}`}>
          {connected ? '● connected' : '○ reconnecting…'}
        </span>
      </p>
      {view.timer?.deadline && playing && <Countdown deadline={view.timer.deadline} />}
    </div>
  );
}

/** Seconds left before the turn timer decides for the player. */
function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <p className={`timer ${left <= 10 ? 'urgent' : ''}`} aria-live={left <= 10 ? 'polite' : 'off'}>
      ⏱ {left}s left to decide
    </p>
  );
}
