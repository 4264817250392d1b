import './tournaments.css';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { StatusNote, type Note } from '../../components/StatusNote.tsx';
import { useUser } from '../../lib/account.ts';
import { takeTournamentSeat, tournamentAction, useTournament } from '../../lib/tournaments.ts';
import { describeTournament, stateOf } from './LobbyPage.tsx';
import { Bracket, Standings } from './Standings.tsx';

/** One tournament: its terms, entrants, your game, standings or bracket, and every game (spectate). */
export default function TournamentPage({ id }: { id: string }) {
  const user = useUser();
  const [, navigate] = useLocation();
  const { data: t, error, reload } = useTournament(id);
  const [note, setNote] = useState<Note | null>(null);
  if (error && !t) return <p role="alert">{error}</p>;
  if (!t) return <p className="loading">Loading…</p>;
  const account = user?.kind === 'account';
  const name = new Map(t.people.map((p) => [p.id, p.name]));
  const act = async (what: 'join' | 'leave' | 'start' | 'cancel') => {
    const r = await tournamentAction(id, what);
    setNote(r.ok ? null : { ok: false, text: r.error.message });
    await reload();
  };
  return (
    <section className="page tournament-page" data-status={t.status}>
      <h1>{t.name}</h1>
      <p className="muted">{describeTournament(t)}</p>
      <p data-testid="tournament-state">
        {stateOf(t)} · created by {t.creator.name} · {t.bots ? 'bots fill empty seats' : 'no bots'}
      </p>
      <StatusNote note={note} />
      {t.you?.gameId && (
        <div className="card your-game" role="status">
          Your game is ready.{' '}
          <button
            type="button"
            className="btn primary"
            onClick={async () => {
              const r = await takeTournamentSeat(id);
              if (r.ok) navigate(`/t/${r.value.gameId}`);
              else setNote({ ok: false, text: r.error.message });
            }}
          >
            Play your game
          </button>
        </div>
      )}
      {t.status === 'open' && (
        <div className="row">
          {!account ? (
            <p>
              To join, <Link href="/me">make a passkey</Link> first.
            </p>
          ) : t.you?.joined ? (
            <button type="button" className="btn" onClick={() => void act('leave')}>
              Leave
            </button>
          ) : (
            <button type="button" className="btn primary" onClick={() => void act('join')}>
              Join
            </button>
          )}
          {t.you?.creator && (
            <button type="button" className="btn" onClick={() => void act('start')}>
              Start now{t.bots ? ' (bots fill empty seats)' : ''}
            </button>
          )}
          {t.you?.creator && (
            <button
              type="button"
              className="btn"
              onClick={() => {
                if (window.confirm('Cancel this tournament for everyone who joined?'))
                  void act('cancel');
              }}
            >
              Cancel the tournament
            </button>
          )}
        </div>
      )}
      {t.status === 'open' ? (
        <section aria-labelledby="entrants-title">
          <h2 id="entrants-title">
            Players ({t.entrants}/{t.players})
          </h2>
          <ol className="entrants" data-testid="entrants">
            {t.people.map((p) => (
              <li key={p.id}>
                {p.name} <span className="muted">{p.rating}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : t.format === 'elimination' ? (
        <Bracket t={t} />
      ) : (
        <Standings t={t} />
      )}
      {t.games.length > 0 && (
        <section aria-labelledby="games-title">
          <h2 id="games-title">Games</h2>
          <ul className="tournament-games" data-testid="tournament-games">
            {t.games
              .slice()
              .reverse()
              .map((g) => (
                <li key={`${g.round}-${g.board}`}>
                  <span className="muted">R{g.round}</span>{' '}
                  <span>
                    {name.get(g.a) ?? g.a} {g.b === null ? '— bye' : `vs ${name.get(g.b) ?? g.b}`}
                  </span>{' '}
                  {g.over ? (
                    <span>
                      {g.b === null
                        ? ''
                        : g.winner === null
                          ? 'draw'
                          : `${name.get(g.winner) ?? g.winner} won`}
                    </span>
                  ) : (
                    <span>playing</span>
                  )}{' '}
                  {g.gameId && <Link href={`/t/${g.gameId}`}>{g.over ? 'Replay' : 'Watch'}</Link>}
                </li>
              ))}
          </ul>
        </section>
      )}
      <p>
        <Link href="/tournaments">All tournaments</Link>
      </p>
    </section>
  );
}
