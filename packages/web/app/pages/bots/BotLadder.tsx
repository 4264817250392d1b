import type { BotLeaderboard } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { BotMark } from '../../components/BotMark.tsx';
import { ratingText } from '../../components/Ratings.tsx';
import { getBotLadder } from './api.ts';

/** The bot ladder of a preset: bot accounts and our built-in bots, each linked to its page. */
export function BotLadder({ preset }: { preset: string }) {
  const [board, setBoard] = useState<BotLeaderboard | null | undefined>(undefined);
  useEffect(() => {
    setBoard(undefined);
    void getBotLadder(preset).then((r) => setBoard(r.ok ? r.value : null));
  }, [preset]);
  return (
    <div className="card" data-testid="bot-ladder" id="bots">
      <h2>Bot ladder</h2>
      <p className="help">
        Bots are rated apart from people, from rated challenges between bots (our built-in bots take
        challenges as <code>zilch-expected</code> and the like). Bring your own: make a bot account
        on <Link href="/me">your profile</Link> and play through the bot API (see docs/bot-api.md).
      </p>
      {board === undefined ? (
        <p className="loading">Loading…</p>
      ) : board === null ? (
        <p role="alert" className="error">
          The bot ladder could not be loaded.
        </p>
      ) : board.rows.length === 0 ? (
        <p className="muted">No bot has a rated game in these rules yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Bot ladder" tabIndex={0}>
          <table className="stats">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Bot</th>
                <th scope="col">Rating</th>
                <th scope="col">Games</th>
                <th scope="col">Wins</th>
              </tr>
            </thead>
            <tbody>
              {board.rows.map((r) => (
                <tr key={r.botId}>
                  <td>{r.rank}</td>
                  <th scope="row">
                    <Link href={`/bots/${encodeURIComponent(r.botId)}`} className="player-link">
                      <span className="player-name">{r.name}</span>
                    </Link>
                    <BotMark level={r.house} />
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
