import './friends.css';
import type { Challenges, Friends, FriendSearch } from '@zilch/protocol';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../../components/Avatar.tsx';
import { BotMark } from '../../components/BotMark.tsx';
import { StatusNote, type Note } from '../../components/StatusNote.tsx';
import { useUser } from '../../lib/account.ts';
import {
  addFriend,
  challengesList,
  declineChallenge,
  friendAction,
  friendsList,
  searchPlayers,
  takeChallengeSeat,
} from '../../lib/social.ts';
import { ChallengeList } from './ChallengeList.tsx';
import { ChallengeForm } from './ChallengeForm.tsx';

/** The lists are asked again this often while the page is open (it is also "online" for friends). */
const POLL_MS = 5000;

/** Friends: challenges to answer, requests, the friends list, search and blocks (accounts only). */
export default function FriendsPage() {
  const user = useUser();
  const [, navigate] = useLocation();
  const [friends, setFriends] = useState<Friends | null>(null);
  const [challenges, setChallenges] = useState<Challenges | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [challenging, setChallenging] = useState<string | null>(null);
  // Challenges this page saw open: when one is accepted while it waits, the challenger goes to the table.
  const waiting = useRef(new Set<string>());
  const account = user?.kind === 'account';

  const refresh = async () => {
    const [f, c] = await Promise.all([friendsList(), challengesList()]);
    if (f.ok) setFriends(f.value);
    if (!c.ok) return;
    setChallenges(c.value);
    for (const ch of c.value.outgoing) {
      if (ch.status === 'open' || (ch.status === 'accepted' && !ch.gameId))
        waiting.current.add(ch.id);
      else if (ch.status === 'accepted' && ch.gameId && waiting.current.has(ch.id)) {
        waiting.current.delete(ch.id);
        const s = await takeChallengeSeat(ch.id, 'seat');
        if (s.ok) navigate(`/t/${s.value.gameId}`);
      }
    }
  };
  useEffect(() => {
    if (!account) return;
    void refresh();
    const t = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(t);
  }, [account]);

  const act = async (p: Promise<{ ok: boolean; error?: { message: string } }>, done: string) => {
    const r = await p;
    setNote(r.ok ? { ok: true, text: done } : { ok: false, text: r.error?.message ?? 'Failed.' });
    await refresh();
  };

  if (user === undefined) return <p className="loading">Loading…</p>;
  if (!account)
    return (
      <section className="page narrow friends">
        <h1>Friends</h1>
        <p>
          Friends and challenges need an account: <Link href="/me">make a passkey</Link> first (it
          keeps your games and name on every device).
        </p>
      </section>
    );
  return (
    <section className="page narrow friends">
      <h1>Friends</h1>
      <StatusNote note={note} />
      {challenges && (
        <ChallengeList
          data={challenges}
          onAccept={async (id) => {
            const r = await takeChallengeSeat(id, 'accept');
            if (r.ok) navigate(`/t/${r.value.gameId}`);
            else setNote({ ok: false, text: r.error.message });
          }}
          onGo={async (id) => {
            const r = await takeChallengeSeat(id, 'seat');
            if (r.ok) navigate(`/t/${r.value.gameId}`);
            else setNote({ ok: false, text: r.error.message });
          }}
          onDecline={(id, mine) =>
            act(declineChallenge(id), mine ? 'Challenge taken back.' : 'Challenge declined.')
          }
        />
      )}
      {friends && friends.incoming.length > 0 && (
        <section aria-labelledby="requests-title">
          <h2 id="requests-title">Friend requests</h2>
          <ul className="people">
            {friends.incoming.map((p) => (
              <li key={p.id}>
                <Avatar user={p} size={28} /> <span className="who">{p.name}</span>
                {p.bot && <BotMark page={`/bots/${encodeURIComponent(p.id)}`} name={p.name} />}
                <button
                  type="button"
                  className="btn primary"
                  onClick={() =>
                    act(friendAction(p.id, 'accept'), `You and ${p.name} are friends.`)
                  }
                >
                  Accept
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={() => act(friendAction(p.id, 'remove'), 'Request declined.')}
                >
                  Decline
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="friends-title">
        <h2 id="friends-title">Your friends</h2>
        {friends && friends.friends.length === 0 && (
          <p className="muted">
            No friends yet: find someone below, or add a player from a finished game.
          </p>
        )}
        <ul className="people" data-testid="friends-list">
          {friends?.friends.map((f) => (
            <li key={f.id} className="friend">
              <span className={f.online ? 'dot online' : 'dot'} aria-hidden="true" />
              <Avatar user={f} size={28} />{' '}
              <Link href={`/players/${f.id}`} className="who">
                {f.name}
              </Link>
              {f.bot && <BotMark page={`/bots/${encodeURIComponent(f.id)}`} name={f.name} />}
              <span className="sr-only">{f.online ? '(online)' : '(offline)'}</span>
              {f.playing.map((g) => (
                <Link key={g.gameId} href={`/t/${g.gameId}`} className="tag">
                  Watch{g.toMove ? ' (their move)' : ''}
                </Link>
              ))}
              <span className="actions">
                <button type="button" className="btn" onClick={() => setChallenging(f.id)}>
                  Challenge
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={() => act(friendAction(f.id, 'remove'), `${f.name} removed.`)}
                >
                  Remove
                </button>
                <button
                  type="button"
                  className="btn danger"
                  onClick={() => act(friendAction(f.id, 'block'), `${f.name} blocked.`)}
                >
                  Block
                </button>
              </span>
              {challenging === f.id && (
                <ChallengeForm
                  to={{ userId: f.id }}
                  name={f.name}
                  onDone={(sent, text) => {
                    setChallenging(null);
                    if (text) setNote({ ok: sent, text });
                    void refresh();
                  }}
                />
              )}
            </li>
          ))}
        </ul>
        {friends && friends.outgoing.length > 0 && (
          <p className="muted">
            Waiting for an answer: {friends.outgoing.map((p) => p.name).join(', ')}
          </p>
        )}
      </section>
      <Search
        onAdd={(id, name) => act(addFriend({ userId: id }), `Friend request sent to ${name}.`)}
      />
      {friends && friends.blocked.length > 0 && (
        <section aria-labelledby="blocked-title">
          <h2 id="blocked-title">Blocked</h2>
          <ul className="people">
            {friends.blocked.map((p) => (
              <li key={p.id}>
                <span className="who">{p.name}</span>
                {p.bot && <BotMark page={`/bots/${encodeURIComponent(p.id)}`} name={p.name} />}
                <button
                  type="button"
                  className="btn"
                  onClick={() => act(friendAction(p.id, 'unblock'), `${p.name} unblocked.`)}
                >
                  Unblock
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

/** Find players by part of their name. */
function Search({ onAdd }: { onAdd: (id: string, name: string) => void }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<FriendSearch | null>(null);
  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title">Find a player</h2>
      <form
        className="row"
        role="search"
        onSubmit={async (e) => {
          e.preventDefault();
          if (q.trim().length < 2) return;
          const r = await searchPlayers(q.trim());
          setFound(r.ok ? r.value : { players: [] });
        }}
      >
        <label className="sr-only" htmlFor="friend-search">
          Name
        </label>
        <input
          id="friend-search"
          value={q}
          minLength={2}
          maxLength={40}
          placeholder="Name"
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      {found && found.players.length === 0 && <p className="muted">Nobody by that name.</p>}
      <ul className="people">
        {found?.players.map((p) => (
          <li key={p.id}>
            <Avatar user={p} size={28} />{' '}
            <Link href={`/players/${p.id}`} className="who">
              {p.name}
            </Link>
            {p.bot && <BotMark page={`/bots/${encodeURIComponent(p.id)}`} name={p.name} />}
            {p.relation === 'none' ? (
              <button type="button" className="btn" onClick={() => onAdd(p.id, p.name)}>
                Add friend
              </button>
            ) : (
              <span className="tag">{p.relation === 'friend' ? 'Friend' : p.relation}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
