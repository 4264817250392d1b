import './notice.css';
import type { TournamentTables } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useUser } from '../../lib/account.ts';
import { tournamentTables } from '../../lib/tournaments.ts';

/** How often the app asks for tournament games in play (the push notice is the fast path). */
const POLL_MS = 10_000;

/**
 * The in-app notice that your next tournament game is ready: a line under the header (not in
 * it, so a phone's header keeps to one line), until you open the game or its tournament, or
 * dismiss it.
 */
export function TournamentNotice() {
  const user = useUser();
  const [location] = useLocation();
  const [tables, setTables] = useState<TournamentTables['tables']>([]);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const account = user?.kind === 'account';
  useEffect(() => {
    if (!account) return setTables([]);
    const ask = () => void tournamentTables().then((r) => r.ok && setTables(r.value.tables));
    ask();
    const t = setInterval(ask, POLL_MS);
    return () => clearInterval(t);
  }, [account]);
  const here = (t: TournamentTables['tables'][number]) =>
    location.startsWith(`/t/${t.gameId}`) || location === `/tournaments/${t.tournamentId}`;
  const next = tables.find((t) => !dismissed.has(t.gameId) && !here(t));
  if (!next) return null;
  return (
    <aside
      className="tournament-notice"
      role="status"
      data-testid="tournament-notice"
      data-kind={next.kind}
    >
      <span>
        Your round {next.round} game in {next.name} is ready.
      </span>{' '}
      <Link href={`/tournaments/${encodeURIComponent(next.tournamentId)}`}>Go to it</Link>
      <button
        type="button"
        className="btn"
        aria-label="Dismiss this notice"
        onClick={() => setDismissed(new Set([...dismissed, next.gameId]))}
      >
        ×
      </button>
    </aside>
  );
}
