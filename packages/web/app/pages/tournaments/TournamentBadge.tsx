import type { TournamentTables } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useUser } from '../../lib/account.ts';
import { tournamentTables } from '../../lib/tournaments.ts';

/** How often the header asks for tournament games in play (the push notice is the fast path). */
const POLL_MS = 10_000;

/** The in-app notice that your next tournament game is ready: a header badge to the tournament. */
export function TournamentBadge() {
  const user = useUser();
  const [tables, setTables] = useState<TournamentTables['tables']>([]);
  const account = user?.kind === 'account';
  useEffect(() => {
    if (!account) return setTables([]);
    const ask = () => void tournamentTables().then((r) => r.ok && setTables(r.value.tables));
    ask();
    const t = setInterval(ask, POLL_MS);
    return () => clearInterval(t);
  }, [account]);
  const first = tables[0];
  if (!first) return null;
  return (
    <Link
      href={`/tournaments/${encodeURIComponent(first.tournamentId)}`}
      className="your-move-badge tournament-badge"
      data-testid="tournament-badge"
      data-kind={first.kind}
      aria-label={`Tournament game ready: round ${first.round} of ${first.name}`}
    >
      <span className="your-move-word">Tournament </span>game
    </Link>
  );
}
