import { PRESET_IDS } from '@zilch/engine';
import type { Leaderboard, LeaderboardRow } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Avatar } from '../components/Avatar.tsx';
import { presetName, ratingText } from '../components/Ratings.tsx';
import { getLeaderboard } from '../lib/api.ts';
import { BotLadder } from './bots/BotLadder.tsx';
import { plural } from '../lib/words.ts';

/** The leaderboard of one preset: settled ratings ranked, provisional ones apart. */
export default function LeaderboardPage() {
  const asked = new URLSearchParams(useSearch()).get('preset') ?? undefined;
  const [, navigate] = useLocation();
  const [board, setBoard] = useState<Leaderboard | null | undefined>(undefined);
  useEffect(() => {
    setBoard(undefined);
    void getLeaderboard(asked).then((r) => setBoard(r.ok ? r.value : null));
  }, [asked]);
  const shown = board?.preset ?? asked ?? PRESET_IDS[0];
  // Every preset can be picked; those with rated players come first.
  const presets = [...new Set([...(board?.presets ?? []), ...PRESET_IDS])];
  return (
    <section className="page leaderboard">
      <h1>Leaderboard</h1>
      <div className="field">
        <div className="field-main">
          <label htmlFor="board-preset">Rules</label>
          <select
            id="board-preset"
            value={shown}
            onChange={(e) => navigate(`/leaderboard?preset=${encodeURIComponent(e.target.value)}`)}
          >
            {presets.map((id) => (
              <option key={id} value={id}>
                {presetName(id)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {board === undefined ? (
        <p className="loading">Loading…</p>
      ) : board === null ? (
        <p role="alert" className="error">
          The leaderboard could not be loaded. Try again in a moment.
        </p>
      ) : (
        <>
          <p className="help">
            Glicko-2 ratings from rated two-player games between accounts (games of 3 or more
            players are unrated). A player is listed after{' '}
            {plural(board.minGames, 'rated game', 'rated games')} in these rules; while the
            deviation is above {board.provisionalDeviation} the rating is provisional and listed
            apart. <Link href="/new">Create a rated table</Link>.
          </p>
          <Board
            title="Ranked"
            rows={board.players}
            empty="Nobody has a settled rating in these rules yet."
            testId="board-ranked"
          />
          <Board
            title="Provisional"
            rows={board.provisional}
            empty="No provisional ratings."
            testId="board-provisional"
          />
        </>
      )}
      <BotLadder preset={shown} />
    </section>
  );
}

function Board({
  title,
  rows,
  empty,
  testId,
}: {
  title: string;
  rows: LeaderboardRow[];
  empty: string;
  testId: string;
}) {
  return (
    <div className="card" data-testid={testId}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={`${title} players`} tabIndex={0}>
          <table className="stats">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Player</th>
                <th scope="col">Rating</th>
                <th scope="col">Games</th>
                <th scope="col">Wins</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.playerId}>
                  <td>{r.rank}</td>
                  <th scope="row">
                    <Link
                      href={`/players/${encodeURIComponent(r.playerId)}`}
                      className="player-link"
                    >
                      <Avatar user={{ name: r.name, colour: r.colour }} size={24} />{' '}
                      <span className="player-name">{r.name}</span>
                    </Link>
                  </th>
                  <td>{ratingText(r.rating, r.deviation)}</td>
                  <td>{r.games}</td>
                  <td>{r.wins}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
