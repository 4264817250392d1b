import {
  AVATAR_COLOURS,
  type AccountGame,
  type AvatarColour,
  type Passkey,
  type PlayerRatings,
  type PresetStats,
  type User,
} from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../components/Avatar.tsx';
import { Notifications } from '../components/Notifications.tsx';
import { StatusNote, type Note } from '../components/StatusNote.tsx';
import { Ratings } from '../components/Ratings.tsx';
import { AccuracyTrend } from './analysis/AccuracyTrend.tsx';
import { getPlayerRatings } from '../lib/api.ts';
import {
  accountGames,
  accountStats,
  deleteAccount,
  listPasskeys,
  newRecoveryCodes,
  registerPasskey,
  removePasskey,
  signOut,
  updateProfile,
  useUser,
} from '../lib/account.ts';

/** Names of the avatar colours, in the palette's order, for the colour picker's labels. */
const COLOUR_NAMES: Record<AvatarColour, string> = {
  '#1f5f8b': 'Blue',
  '#7a3e9d': 'Purple',
  '#a33a3a': 'Red',
  '#2f6b3a': 'Green',
  '#8a5a00': 'Amber',
  '#3d4f8f': 'Indigo',
  '#8c2f6b': 'Plum',
  '#4b5563': 'Slate',
};

/** The profile: identity, passkeys, recovery codes, statistics, games, sign out and delete. */
export default function ProfilePage() {
  const user = useUser();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (user === undefined) return <p className="loading">Loading…</p>;
  return (
    <section className="page narrow profile">
      <h1>Your profile</h1>
      {user === null ? (
        <NoIdentity onCodes={setCodes} />
      ) : (
        <>
          <Identity user={user} />
          {codes && <ShowCodes codes={codes} onDone={() => setCodes(null)} />}
          {user.kind === 'guest' ? (
            <SaveWithPasskey onCodes={setCodes} />
          ) : (
            <>
              <Passkeys user={user} />
              <Notifications />
              <Recovery user={user} onCodes={setCodes} />
            </>
          )}
          <MyRatings user={user} />
          {user.kind === 'account' && <AccuracyTrend userId={user.id} />}
          <Stats />
          <Games />
          <Leave user={user} />
        </>
      )}
    </section>
  );
}

/** A device without identity: sign in, or make an account here with a passkey. */
function NoIdentity({ onCodes }: { onCodes: (c: string[]) => void }) {
  return (
    <div className="card">
      <p>
        You are playing as a guest without a profile on this device. Sign in to see your games, or
        make an account here with a passkey: no password, nothing to remember.
      </p>
      <div className="row">
        <Link href="/signin" className="btn primary">
          Sign in
        </Link>
        <MakePasskey label="Create an account with a passkey" onCodes={onCodes} />
      </div>
    </div>
  );
}

/** Name, avatar and colour. */
function Identity({ user }: { user: User }) {
  const [name, setName] = useState(user.name ?? '');
  const [note, setNote] = useState<Note | null>(null);
  const save = async (set: { name?: string; colour?: AvatarColour }) => {
    const r = await updateProfile(set);
    setNote(r.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: r.error.message });
  };
  return (
    <div className="card identity">
      <div className="row">
        <Avatar user={user} size={56} />
        <div>
          <p className="identity-name">{user.name ?? 'Unnamed player'}</p>
          <p className="muted small">
            {user.kind === 'account'
              ? `Account · ${user.passkeys} ${user.passkeys === 1 ? 'passkey' : 'passkeys'}`
              : 'Guest on this device'}
          </p>
        </div>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save({ name: name.trim() });
        }}
      >
        <label htmlFor="profile-name">Display name</label>
        <div className="row">
          <input
            id="profile-name"
            value={name}
            maxLength={24}
            autoComplete="nickname"
            onChange={(e) => setName(e.target.value)}
          />
          <button
            type="submit"
            className="btn"
            disabled={!name.trim() || name.trim() === user.name}
          >
            Save name
          </button>
        </div>
      </form>
      <fieldset className="colours">
        <legend>Avatar colour</legend>
        {AVATAR_COLOURS.map((c) => (
          <label key={c} className="colour-choice">
            <input
              type="radio"
              name="avatar-colour"
              value={c}
              checked={user.colour === c}
              onChange={() => void save({ colour: c })}
            />
            <span className="swatch" style={{ background: c }} aria-hidden="true" />
            <span className="sr-only">{COLOUR_NAMES[c]}</span>
          </label>
        ))}
      </fieldset>
      <StatusNote note={note} />
    </div>
  );
}

/** A button that makes a passkey on this device (and hands new recovery codes up). */
function MakePasskey({
  label,
  onCodes,
  onMade,
  primary = true,
}: {
  label: string;
  onCodes: (c: string[]) => void;
  onMade?: () => void;
  primary?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={`btn ${primary ? 'primary' : ''}`}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const r = await registerPasskey(deviceLabel());
          setBusy(false);
          if (!r.ok) return setError(r.error.message);
          if (r.value.recoveryCodes) onCodes(r.value.recoveryCodes);
          onMade?.();
        }}
      >
        {busy ? 'Waiting for your passkey…' : label}
      </button>
      <Alert text={error} />
    </>
  );
}

/** A label for a new passkey: the kind of device it was made on (the list adds the date). */
function deviceLabel(): string {
  const ua = navigator.userAgent;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iPhone or iPad'
      : /Mac OS X/.test(ua)
        ? 'Mac'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'This device';
  return os;
}

/** A guest is one passkey away from an account. */
function SaveWithPasskey({ onCodes }: { onCodes: (c: string[]) => void }) {
  return (
    <div className="card">
      <h2>Keep your games on every device</h2>
      <p>
        Right now your games live on this device only. Make a passkey (your fingerprint, face,
        screen lock or a security key) and sign in anywhere to find them again. No password.
      </p>
      <div className="row">
        <MakePasskey label="Create a passkey" onCodes={onCodes} />
        <Link href="/signin" className="btn ghost">
          I already have an account
        </Link>
      </div>
    </div>
  );
}

/** Recovery codes, shown once. */
function ShowCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="card codes-card" role="region" aria-labelledby="codes-title">
      <h2 id="codes-title">Your recovery codes</h2>
      <p>
        Each code signs you in once if you lose your passkeys. Save them somewhere safe now: they
        are shown only this once.
      </p>
      <ol className="codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="row">
        <button
          type="button"
          className="btn"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => setCopied(true))
              .catch(() => undefined);
          }}
        >
          {copied ? 'Copied' : 'Copy codes'}
        </button>
        <button type="button" className="btn primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

/** The account's passkeys: list, add, remove (not the last). */
function Passkeys({ user }: { user: User }) {
  const [keys, setKeys] = useState<Passkey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => void listPasskeys().then((r) => r.ok && setKeys(r.value.passkeys));
  useEffect(load, [user.passkeys]);
  return (
    <div className="card">
      <h2>Passkeys</h2>
      <ul className="passkeys">
        {(keys ?? []).map((k) => (
          <li key={k.id}>
            <div>
              <strong>{k.label}</strong>
              <span className="muted small">
                {' '}
                · added {day(k.createdAt)}
                {k.lastUsedAt ? ` · last used ${day(k.lastUsedAt)}` : ''}
                {k.backedUp ? ' · synced' : ''}
              </span>
            </div>
            <button
              type="button"
              className="btn small"
              disabled={(keys?.length ?? 0) <= 1}
              aria-label={`Remove passkey ${k.label}`}
              onClick={async () => {
                const r = await removePasskey(k.id);
                if (!r.ok) return setError(r.error.message);
                setKeys(r.value.passkeys);
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {keys?.length === 1 && (
        <p className="muted small">Add a second passkey before you can remove this one.</p>
      )}
      <MakePasskey label="Add a passkey" onCodes={() => undefined} onMade={load} primary={false} />
      <Alert text={error} />
    </div>
  );
}

/** Recovery codes left, and new ones. */
function Recovery({ user, onCodes }: { user: User; onCodes: (c: string[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="card">
      <h2>Recovery codes</h2>
      <p>
        {user.recoveryCodesLeft} of 10 unused. Making new codes stops the old ones from working.
      </p>
      <button
        type="button"
        className="btn"
        onClick={async () => {
          const r = await newRecoveryCodes();
          if (!r.ok) return setError(r.error.message);
          onCodes(r.value.codes);
          window.scrollTo(0, 0);
        }}
      >
        Make new recovery codes
      </button>
      <Alert text={error} />
    </div>
  );
}

/** The account's ratings per preset (a guest has none: rated seats are for accounts). */
function MyRatings({ user }: { user: User }) {
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
function Stats() {
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
function Games() {
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

/** Sign out here, or delete the user. */
function Leave({ user }: { user: User }) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="card">
      <h2>{user.kind === 'account' ? 'Sign out or delete' : 'Delete this guest'}</h2>
      <div className="row">
        {user.kind === 'account' && (
          <button
            type="button"
            className="btn"
            onClick={async () => {
              const r = await signOut();
              if (!r.ok) return setError(r.error.message);
              navigate('/');
            }}
          >
            Sign out on this device
          </button>
        )}
        {!confirming && (
          <button type="button" className="btn danger" onClick={() => setConfirming(true)}>
            Delete my {user.kind === 'account' ? 'account' : 'profile'}
          </button>
        )}
      </div>
      {confirming && (
        <div className="confirm" role="group" aria-labelledby="delete-q">
          <p id="delete-q">
            Delete for good? Your passkeys, recovery codes and statistics go; your games stay for
            the other players, with your seats named &ldquo;Deleted player&rdquo;.
          </p>
          <div className="row">
            <button
              type="button"
              className="btn danger"
              onClick={async () => {
                const r = await deleteAccount();
                if (!r.ok) return setError(r.error.message);
                navigate('/');
              }}
            >
              Delete for good
            </button>
            <button
              type="button"
              className="btn"
              // The safe choice takes the focus, so a stray Enter keeps the account.
              ref={(b) => b?.focus()}
              onClick={() => setConfirming(false)}
            >
              Keep it
            </button>
          </div>
        </div>
      )}
      <Alert text={error} />
    </div>
  );
}

/** A refusal said to the person (announced as it appears). */
function Alert({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="error">
      {text}
    </p>
  ) : null;
}

function day(ms: number): string {
  return new Date(ms).toLocaleDateString();
}
