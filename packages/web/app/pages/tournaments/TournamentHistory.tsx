import type { TournamentHistory as History } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { tournamentHistory } from '../../lib/tournaments.ts';
import { stateOf } from './LobbyPage.tsx';

/** A player's tournaments (profile): name, place (once over) or where it stands. */
export function TournamentHistory({ userId }: { userId: string }) {
  const [data, setData] = useState<History | null>(null);
  useEffect(() => {
    void tournamentHistory(userId).then((r) => r.ok && setData(r.value));
  }, [userId]);
  if (!data || data.tournaments.length === 0) return null;
  return (
    <section aria-labelledby="tournament-history-title">
      <h2 id="tournament-history-title">Tournaments</h2>
      <ul className="tournaments" data-testid="tournament-history">
        {data.tournaments.map((t) => (
          <li key={t.id}>
            <Link href={`/tournaments/${t.id}`}>{t.name}</Link>
            <span>
              {t.status === 'over' && t.rank !== null
                ? `Place ${t.rank} of ${t.entrants}`
                : stateOf(t)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
