import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useUser } from '../../lib/account.ts';
import { challengesList } from '../../lib/social.ts';

/** How often the header asks for challenges to answer (the push notice is the fast path). */
const POLL_MS = 20_000;

/** The in-app notice of challenges waiting for an answer: a header badge to the Friends page. */
export function ChallengeBadge() {
  const user = useUser();
  const [n, setN] = useState(0);
  const account = user?.kind === 'account';
  useEffect(() => {
    if (!account) return setN(0);
    const ask = () => void challengesList().then((r) => r.ok && setN(r.value.incoming.length));
    ask();
    const t = setInterval(ask, POLL_MS);
    return () => clearInterval(t);
  }, [account]);
  if (n === 0) return null;
  return (
    <Link
      href="/friends"
      className="your-move-badge challenge-badge"
      data-testid="challenge-badge"
      aria-label={`Challenges (${n}): ${n} waiting for your answer`}
    >
      <span className="your-move-word">Challenges (</span>
      {n}
      <span className="your-move-word">)</span>
    </Link>
  );
}
