import { type AccountGame, type PlayerRatings, type PresetStats, type User } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Ratings } from '../../components/Ratings.tsx';
import { getPlayerRatings } from '../../lib/api.ts';
import { accountGames, accountStats } from '../../lib/account.ts';

/** The account's ratings per preset (a guest has none: rated seats are for accounts). */
export function MyRatings({ user }: { user: User }) {
  const [data, setData] = useState<PlayerRatings | null>(null);
  useEffect(() => {
    if (user.kind === 'account')
      void getPlayerRatings(user.id).then((r) => r.ok && setData(r.value));
  }, [user.id, user.kind]);
  if (user.kind !== 'account') return null;
  if (data === null) return <p className="loading">Loading…</p>;
  return (
    <>
      <Ratings data={data} />
      <p className="muted small">
        Others see your ratings on <Link href={`/players/${user.id}`}>your public profile</Link>.
      </p>
    </>
  );
}

/** Statistics per rule set over finished games. */
export function Stats() {
  const [rows, setRows] = useState<PresetStats[] | null>(null);
  useEffect(() => void accountStats().then((r) => r.ok && setRows(r.value.byRules)), []);
  return (
    <div className="card">
      <h2>Statistics</h2>
      {rows === null ? (
        <p className="loading">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="muted">No finished games yet.</p>
      ) : (
        <div
          className="table-scroll"
          role="region"
          aria-label="Statistics per rule set"
          tabIndex={0}
        >
          <table className="stats">
            <thead>
              <tr>
                <th scope="col">Rules</th>
                <th scope="col">Games</th>
                <th scope="col">Wins</th>
                <th scope="col">Points a turn</th>
                <th scope="col">Zilch turns</th>
                <th scope="col">Best</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.rules}>
                  <th scope="row">{r.rules}</th>
                  <td>{r.games}</td>
                  <td>
                    {r.wins} ({Math.round((100 * r.wins) / Math.max(1, r.games))}%)
                  </td>
                  <td>{Math.round(r.averageTurn)}</td>
                  <td>{Math.round(r.zilchRate * 100)}%</td>
                  <td>{r.bestScore.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The account's games, newest first: a table in play, a review once over. */
export function Games() {
  const [games, setGames] = useState<AccountGame[] | null>(null);
  useEffect(() => void accountGames().then((r) => r.ok && setGames(r.value.games)), []);
  return (
    <div className="card">
      <h2>Recent games</h2>
      {games === null ? (
        <p className="loading">Loading…</p>
      ) : games.length === 0 ? (
        <p className="muted">No games yet.</p>
      ) : (
        <ul className="my-games" data-testid="account-games">
          {games.slice(0, 20).map((g) => (
            <li key={g.id}>
              <Link
                href={g.status === 'over' ? `/t/${g.id}/review` : `/t/${g.id}`}
                className="game-link"
              >
                <span className="game-name">{g.seats.map((s) => s.name).join(' vs ')}</span>
                <span className="tag">{outcome(g)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Won 10,050 – 7,300", "In play", … */
function outcome(g: AccountGame): string {
  if (g.status === 'waiting') return 'Waiting for players';
  if (g.status !== 'over' || !g.scores) return 'In play';
  const mine = Math.max(...g.yourSeats.map((s) => g.scores?.[s] ?? 0));
  const best = Math.max(...g.scores);
  return `${mine === best ? 'Won' : 'Lost'} · review`;
}
