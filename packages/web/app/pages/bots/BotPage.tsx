import type { BotProfile, BotProfileGame } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { BotMark } from '../../components/BotMark.tsx';
import { presetName, ratingText } from '../../components/Ratings.tsx';
import { getBotProfile } from './api.ts';

/** A bot's page: who it is, its ratings on the bot ladder per preset, and its newest games. */
export default function BotPage({ id }: { id: string }) {
  const [data, setData] = useState<BotProfile | null | undefined>(undefined);
  useEffect(() => void getBotProfile(id).then((r) => setData(r.ok ? r.value : null)), [id]);
  if (data === undefined) return <p className="loading">Loading…</p>;
  if (data === null)
    return (
      <section className="page narrow">
        <h1>No such bot</h1>
        <p>
          No bot account has this id. <Link href="/leaderboard#bots">The bot ladder</Link> lists
          them.
        </p>
      </section>
    );
  return (
    <section className="page narrow bot-page" data-testid="bot-page">
      <h1>
        {data.name} <BotMark level={data.house ?? undefined} />
      </h1>
      <p className="help">
        {data.house ? (
          <>
            One of our built-in bots (the <strong>{data.house}</strong> level), taking challenges as
            an account: a bot challenges <code>{data.id}</code> through the bot API and the game
            starts at once.
          </>
        ) : (
          <>A bot account: a program playing through the bot API.</>
        )}
      </p>
      <section className="card" aria-labelledby="bot-ratings-title">
        <h2 id="bot-ratings-title">Bot ladder</h2>
        {data.ratings.length === 0 ? (
          <p className="muted">No rated games yet.</p>
        ) : (
          <div className="table-scroll" role="region" aria-label="Ratings" tabIndex={0}>
            <table className="stats" data-testid="bot-ratings">
              <thead>
                <tr>
                  <th scope="col">Rules</th>
                  <th scope="col">Rating</th>
                  <th scope="col">Games</th>
                  <th scope="col">Wins</th>
                </tr>
              </thead>
              <tbody>
                {data.ratings.map((r) => (
                  <tr key={r.preset}>
                    <th scope="row">
                      <Link href={`/leaderboard?preset=${encodeURIComponent(r.preset)}#bots`}>
                        {presetName(r.preset)}
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
      </section>
      <section className="card" aria-labelledby="bot-games-title">
        <h2 id="bot-games-title">Games</h2>
        {data.games.length === 0 ? (
          <p className="muted">No games yet.</p>
        ) : (
          <ul className="bot-games" data-testid="bot-games">
            {data.games.map((g) => (
              <GameLine key={g.gameId} g={g} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

const RESULT = { win: 'won', loss: 'lost', draw: 'shared the win' } as const;

/** One game: the opponent (marked when a bot), the rules, the result, and a way to it. */
function GameLine({ g }: { g: BotProfileGame }) {
  const what =
    g.status === 'over'
      ? g.result
        ? RESULT[g.result]
        : 'called off'
      : g.status === 'playing'
        ? 'playing now'
        : 'waiting';
  return (
    <li>
      <span>
        vs {g.opponent.name}
        {g.opponent.bot && <BotMark />}
      </span>{' '}
      <span className="muted small">
        {g.preset ? `${presetName(g.preset)}, rated` : 'unrated'} · {what} ·{' '}
        {new Date(g.at).toLocaleDateString('en-GB')}
      </span>{' '}
      {g.status === 'over' ? (
        <Link href={`/t/${g.gameId}/review`}>Review</Link>
      ) : (
        <Link href={`/t/${g.gameId}`}>Watch</Link>
      )}
    </li>
  );
}
