import type { Challenge, Challenges, Person } from '@zilch/protocol';
import { BotMark } from '../../components/BotMark.tsx';

/** A challenge's other side, with the BOT mark when it is a bot. */
function Who({ p }: { p: Person }) {
  return (
    <>
      <strong>{p.name}</strong>
      {p.bot && <BotMark page={`/bots/${encodeURIComponent(p.id)}`} name={p.name} />}
    </>
  );
}

/** "classic, rated, live (60 s a decision)". */
function terms(c: Challenge): string {
  const timer =
    c.turnTimerSeconds === null
      ? 'no timer'
      : c.turnTimerSeconds >= 3600
        ? `${Math.round(c.turnTimerSeconds / 3600)} h a decision`
        : `${c.turnTimerSeconds} s a decision`;
  return `${c.rules === 'custom' ? 'house rules' : c.rules}, ${c.rated ? 'rated' : 'casual'}, ${c.mode} (${timer})`;
}

/** Challenges to answer, and those sent (with the way to an accepted one's table). */
export function ChallengeList({
  data,
  onAccept,
  onDecline,
  onGo,
}: {
  data: Challenges;
  onAccept: (id: string) => void;
  onDecline: (id: string, mine: boolean) => void;
  onGo: (id: string) => void;
}) {
  const sent = data.outgoing.filter((c) => c.status === 'open' || c.status === 'accepted');
  if (data.incoming.length === 0 && sent.length === 0) return null;
  return (
    <section aria-labelledby="challenges-title">
      <h2 id="challenges-title">Challenges</h2>
      <ul className="people" data-testid="challenges">
        {data.incoming.map((c) => (
          <li key={c.id} className="challenge">
            <span className="who">
              <Who p={c.from} /> challenges you: {terms(c)}
            </span>
            <span className="actions">
              <button type="button" className="btn primary" onClick={() => onAccept(c.id)}>
                Accept
              </button>
              <button type="button" className="btn" onClick={() => onDecline(c.id, false)}>
                Decline
              </button>
            </span>
          </li>
        ))}
        {sent.map((c) => (
          <li key={c.id} className="challenge">
            <span className="who">
              You challenged <Who p={c.to} />: {terms(c)}
              {c.status === 'open' ? ' — waiting' : ' — accepted'}
            </span>
            {c.status === 'open' ? (
              <button type="button" className="btn" onClick={() => onDecline(c.id, true)}>
                Take back
              </button>
            ) : (
              <button type="button" className="btn primary" onClick={() => onGo(c.id)}>
                Go to the table
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
