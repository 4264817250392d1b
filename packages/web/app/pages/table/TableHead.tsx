import { describeRules, type RuleSet } from '@zilch/engine';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { GameRating, GameView } from '@zilch/protocol';
import { RatedMark } from '../../components/RatedMark.tsx';
import { turnHeading } from '../../lib/words.ts';
import type { TurnView } from './derived.ts';

/** The heading (whose turn, or the game's stage), the rules, the connection and the turn timer. */
export function TableHead({
  view,
  who,
  connected,
  rating = null,
  chat,
  hint = null,
}: {
  view: GameView;
  who: TurnView;
  connected: boolean;
  rating?: GameRating | null;
  /** The way to the chat on a phone, beside the heading (null where the chat is a tab). */
  chat: ReactNode;
  /** A practice game's Hint button, beside the heading. */
  hint?: ReactNode;
}) {
  const { myTurn, hotSeat, onTurn, spectator, playing } = who;
  return (
    <div className="table-head">
      <div className="table-title">
        <h1>
          {view.status === 'over'
            ? 'Game over'
            : view.status === 'waiting'
              ? 'Waiting for players'
              : turnHeading({ onTurn, myTurn, hotSeat, handOver: who.handOver })}
        </h1>
        {hint}
        {chat}
      </div>
      <p className="muted small table-sub">
        <Link href={`/rules/custom?from=${view.id}`}>{view.rules.name}</Link> · target{' '}
        {view.rules.target.toLocaleString('en-US')}
        <RatedMark rating={rating} />
        {spectator && <span className="tag">spectating</span>}
        <span className={`conn ${connected ? 'on' : 'off'}`}>
          {connected ? '● connected' : '○ reconnecting…'}
        </span>
      </p>
      <HouseRules rules={view.rules} />
      {view.timer?.deadline && playing && <Countdown deadline={view.timer.deadline} />}
      {view.absence && playing && (
        <p className="muted small" data-testid="absence-rule">
          {absenceLine(view.absence)}
        </p>
      )}
    </div>
  );
}

/** The quick-match rule for a player who stops playing, in words (docs/server.md, Quick match). */
function absenceLine(rule: NonNullable<GameView['absence']>): string {
  const never = rule.abortUnmoved ? 'A player who never makes a move calls the game off. ' : '';
  if (rule.forfeitAfter === null)
    return `${never}When a player's time runs out, a bot plays for them until they are back.`;
  const times =
    rule.forfeitAfter === 1
      ? 'Running out of time'
      : `Running out of time ${rule.forfeitAfter} decisions in a row`;
  return `${never}${times} forfeits the game.`;
}

/**
 * The rules that change how this table plays, always in sight (a table whose opening minimum or
 * penalty nobody mentioned plays like another game), with the full rules a click away.
 */
function HouseRules({ rules }: { rules: RuleSet }) {
  const n = (x: number) => x.toLocaleString('en-US');
  // House rules newer rule sets may carry (read loosely, so older ones still show).
  const more = rules as { rounds?: number | null; ties?: string; keepSetsWhole?: boolean };
  const facts = [
    `${rules.dice} dice`,
    `target ${n(rules.target)}${rules.end === 'immediate' ? ' (first to reach it wins)' : ''}`,
    rules.openingMinimum > 0 ? `first bank ≥ ${n(rules.openingMinimum)}` : null,
    rules.bankMinimum > 0 ? `every bank ≥ ${n(rules.bankMinimum)}` : null,
    rules.offers ? 'offers on' : null,
    rules.zilchPenalty
      ? `${rules.zilchPenalty.zilches} zilches in a row −${n(rules.zilchPenalty.points)}`
      : null,
    rules.nothingBonus !== null ? `nothing scores: ${n(rules.nothingBonus)}` : null,
    rules.lockOnHotDice ? 'hot dice locks points' : null,
    rules.turnTimerSeconds !== null ? `${rules.turnTimerSeconds} s per decision` : null,
    more.rounds ? `${more.rounds} rounds` : null,
    more.ties === 'play-off' ? 'ties played off' : null,
    more.keepSetsWhole ? 'sets kept whole' : null,
  ].filter((f): f is string => f !== null);
  return (
    <details className="house-rules small" data-testid="house-rules">
      <summary>
        <span className="muted">Rules: </span>
        {facts.join(' · ')}
      </summary>
      {describeRules(rules).map((sec) => (
        <div key={sec.title}>
          <h3>{sec.title}</h3>
          <ul>
            {sec.lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </div>
      ))}
    </details>
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
