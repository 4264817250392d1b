import type { Tournament } from '@zilch/protocol';
import { BotMark } from '../../components/BotMark.tsx';

/** A bot account's page; a filler bot ("bot:N") has none. */
function pageOf(id: string): string | null {
  return id.startsWith('bot:') ? null : `/bots/${encodeURIComponent(id)}`;
}

/** The standings table (Swiss, round-robin): place, name, points, tie-break, wins, games. */
export function Standings({ t }: { t: Tournament }) {
  const final = t.status === 'over';
  return (
    <section aria-labelledby="standings-title">
      <h2 id="standings-title">{final ? 'Final table' : 'Standings'}</h2>
      <table className="standings" data-testid="standings">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Player</th>
            <th scope="col">Points</th>
            <th scope="col" title="Buchholz: the sum of the opponents' points">
              Buchholz
            </th>
            <th scope="col">Won</th>
            <th scope="col">Games</th>
          </tr>
        </thead>
        <tbody>
          {t.standings.map((s) => (
            <tr key={s.id} data-player={s.id}>
              <td>{s.rank}</td>
              <th scope="row">
                {s.name}
                {s.bot && <BotMark page={pageOf(s.id)} name={s.name} />}
              </th>
              <td data-testid="points">{s.points}</td>
              <td data-testid="buchholz">{s.buchholz}</td>
              <td>{s.wins}</td>
              <td>{s.games}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The bracket (single elimination): one column per round, each game its two players, the winner marked. */
export function Bracket({ t }: { t: Tournament }) {
  const name = new Map(t.people.map((p) => [p.id, p.name]));
  const rounds = [...new Set(t.games.map((g) => g.round))].sort((a, b) => a - b);
  return (
    <section aria-labelledby="bracket-title">
      <h2 id="bracket-title">Bracket</h2>
      <div className="bracket" data-testid="bracket">
        {rounds.map((r) => (
          <div key={r} className="bracket-round">
            <h3>Round {r}</h3>
            <ul>
              {t.games
                .filter((g) => g.round === r)
                .map((g) => (
                  <li key={g.board}>
                    {[g.a, g.b].map((p, i) => (
                      <span key={i} className={p !== null && p === g.winner ? 'winner' : undefined}>
                        {p === null ? 'bye' : (name.get(p) ?? p)}
                      </span>
                    ))}
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
      {t.status === 'over' && t.standings[0] && (
        <p data-testid="champion">
          Winner: <strong>{t.standings[0].name}</strong>
        </p>
      )}
    </section>
  );
}
