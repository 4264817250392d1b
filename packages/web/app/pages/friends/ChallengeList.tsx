import type { Challenge, Challenges } from '@zilch/protocol';

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
              <strong>{c.from.name}</strong> challenges you: {terms(c)}
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
              You challenged <strong>{c.to.name}</strong>: {terms(c)}
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
