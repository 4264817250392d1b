import './tournaments.css';
import type { TournamentLobby, TournamentSummary } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { StatusNote, type Note } from '../../components/StatusNote.tsx';
import { useUser } from '../../lib/account.ts';
import { tournamentLobby } from '../../lib/tournaments.ts';
import { CreateTournament } from './CreateTournament.tsx';

/** The lobby is asked again this often while open. */
const POLL_MS = 10_000;

/** "Swiss · 3/8 · classic · rated · live". */
export function describeTournament(t: TournamentSummary): string {
  const format =
    t.format === 'round-robin' ? 'Round-robin' : t.format === 'swiss' ? 'Swiss' : 'Elimination';
  const rules = t.rules === 'custom' ? 'house rules' : t.rules;
  return `${format} · ${t.entrants}/${t.players} players · ${rules} · ${t.rated ? 'rated' : 'casual'} · ${t.mode}`;
}

/** Where a tournament stands, in words. */
export function stateOf(t: TournamentSummary): string {
  if (t.status === 'open')
    return t.startAt === null
      ? 'Starts when full'
      : `Starts ${new Date(t.startAt).toLocaleString()}`;
  if (t.status === 'running') return `Round ${t.round} of ${t.rounds}`;
  return t.status === 'over' ? 'Finished' : 'Cancelled';
}

function List({ title, items }: { title: string; items: TournamentSummary[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      <ul className="tournaments" data-testid={`tournaments-${title.toLowerCase()}`}>
        {items.map((t) => (
          <li key={t.id}>
            <Link href={`/tournaments/${t.id}`}>{t.name}</Link>
            <span className="muted">{describeTournament(t)}</span>
            <span>{stateOf(t)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Tournaments: open ones to join, running ones to follow, finished ones, and a create form. */
export default function LobbyPage() {
  const user = useUser();
  const [, navigate] = useLocation();
  const [lobby, setLobby] = useState<TournamentLobby | null>(null);
  const [creating, setCreating] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const refresh = async () => {
    const r = await tournamentLobby();
    if (r.ok) setLobby(r.value);
  };
  useEffect(() => {
    void refresh();
    const t = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(t);
  }, []);
  const all = lobby?.tournaments ?? [];
  return (
    <section className="page tournaments-page">
      <h1>Tournaments</h1>
      <StatusNote note={note} />
      {user?.kind === 'account' ? (
        creating ? (
          <CreateTournament
            onDone={(made, text) => {
              setCreating(false);
              if (made) navigate(`/tournaments/${made.id}`);
              else if (text) setNote({ ok: false, text });
            }}
          />
        ) : (
          <button type="button" className="btn primary" onClick={() => setCreating(true)}>
            Create a tournament
          </button>
        )
      ) : (
        <p>
          To create or join a tournament, <Link href="/me">make a passkey</Link> first.
        </p>
      )}
      {lobby && all.length === 0 && <p>No tournaments yet: create the first.</p>}
      <List title="Open" items={all.filter((t) => t.status === 'open')} />
      <List title="Running" items={all.filter((t) => t.status === 'running')} />
      <List title="Finished" items={all.filter((t) => t.status === 'over')} />
    </section>
  );
}
