import { DEFAULT_PRESET, isPresetId, PRESETS, type PresetId } from '@zilch/engine';
import { BOT_IDS, type BotId, type GameSummary, type MatchStatus } from '@zilch/protocol';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PresetOptions } from '../components/PresetOptions.tsx';
import { linkSeats, useUser } from '../lib/account.ts';
import {
  joinMatch,
  leaveMatch,
  leaveOnExit,
  matchStatus,
  playBot,
  publicTables,
  takeSeat,
} from '../lib/match.ts';
import { holdSeat, savedName } from '../lib/storage.ts';

type Waiting = Extract<MatchStatus, { state: 'waiting' }>;

const POLL_MS = 1000;

/** m:ss of a duration. */
function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Quick match: pick a preset (rated or not), wait to be paired, or take the bot offered; and the public lobby. */
export default function QuickMatchPage() {
  const [, navigate] = useLocation();
  const user = useUser();
  const [presetId, setPresetId] = useState<PresetId>(DEFAULT_PRESET);
  const [rated, setRated] = useState(false);
  const [bot, setBot] = useState<BotId>('expected');
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [since, setSince] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queued = useRef(false);
  const isAccount = user?.kind === 'account';

  /** Shows a status: a table found goes straight there. */
  const show = (s: MatchStatus) => {
    if (s.state === 'matched') {
      queued.current = false;
      holdSeat(s.gameId, s.seat, s.token);
      navigate(`/t/${s.gameId}`);
      return;
    }
    queued.current = s.state === 'waiting';
    setWaiting(s.state === 'waiting' ? s : null);
    if (s.state === 'waiting') {
      setSince(Date.now() - s.waitedMs);
      if (isPresetId(s.preset)) setPresetId(s.preset);
    }
  };

  // Back on the page (a reload): pick the wait up where it was.
  useEffect(() => {
    void matchStatus().then((r) => r.ok && show(r.value));
  }, []);

  // While waiting: poll (the heartbeat), tick the clock, and leave the queue with the page.
  const isWaiting = waiting !== null;
  useEffect(() => {
    if (!isWaiting) return;
    const poll = setInterval(() => {
      void matchStatus().then((r) => {
        if (r.ok && queued.current) show(r.value);
      });
    }, POLL_MS);
    const tick = setInterval(() => setNow(Date.now()), 250);
    window.addEventListener('pagehide', leaveOnExit);
    return () => {
      clearInterval(poll);
      clearInterval(tick);
      window.removeEventListener('pagehide', leaveOnExit);
      // Leaving for another page of the app leaves the queue too.
      if (queued.current) void leaveMatch();
    };
  }, [isWaiting]);

  const act = async (f: () => ReturnType<typeof joinMatch>) => {
    setBusy(true);
    setError(null);
    const r = await f();
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    show(r.value);
  };

  const waited = waiting ? Math.max(0, now - since) : 0;
  return (
    <div className="page narrow quick-match">
      <h1>Quick match</h1>
      {!waiting ? (
        <form
          className="card"
          aria-labelledby="find-h"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => joinMatch(presetId, rated && isAccount));
          }}
        >
          <h2 id="find-h">Find an opponent</h2>
          <div className="field">
            <label htmlFor="match-preset">Rule set</label>
            <select
              id="match-preset"
              value={presetId}
              onChange={(e) => isPresetId(e.target.value) && setPresetId(e.target.value)}
            >
              <PresetOptions />
            </select>
          </div>
          <div className="field">
            <label className="check">
              <input
                id="match-rated"
                type="checkbox"
                checked={rated && isAccount}
                disabled={!isAccount}
                aria-describedby="rated-help"
                onChange={(e) => setRated(e.target.checked)}
              />{' '}
              Rated game
            </label>
            <p className="help" id="rated-help">
              {isAccount ? (
                'Rated games change your rating for this rule set.'
              ) : (
                <>
                  Rated games need an account: add a passkey on <Link href="/me">your profile</Link>
                  .
                </>
              )}
            </p>
          </div>
          <button type="submit" className="btn primary big" disabled={busy}>
            {busy ? 'Joining…' : 'Find an opponent'}
          </button>
        </form>
      ) : (
        <section className="card match-waiting" aria-labelledby="wait-h">
          <h2 id="wait-h">Looking for an opponent…</h2>
          <p className="match-clock">
            <span className="muted">Waiting</span>{' '}
            <strong data-testid="match-elapsed">{clock(waited)}</strong>
          </p>
          <p>
            {PRESETS[presetId].name}
            {waiting.rated ? (
              <>
                , rated. Your rating {waiting.rating}; accepting opponents rated{' '}
                <strong data-testid="match-range">
                  {waiting.rating - waiting.range}–{waiting.rating + waiting.range}
                </strong>{' '}
                (the range widens as you wait).
              </>
            ) : (
              // An unrated game moves no rating, and a guest has none: no numbers to show.
              ', unrated: the next player looking for the same game sits down with you.'
            )}
          </p>
          <div role="status" aria-live="polite">
            {waiting.botOffer && (
              <div className="match-bot" data-testid="bot-offer">
                <h3>No opponent yet</h3>
                <p>Play a bot instead? You leave the queue.</p>
                <div className="row">
                  <label htmlFor="match-bot">Bot</label>
                  <select
                    id="match-bot"
                    value={bot}
                    onChange={(e) => setBot(e.target.value as BotId)}
                  >
                    {BOT_IDS.map((b) => (
                      <option key={b} value={b}>
                        {b[0]!.toUpperCase() + b.slice(1)}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="btn primary"
                    disabled={busy}
                    onClick={() => void act(() => playBot(bot))}
                  >
                    Play the bot
                  </button>
                </div>
              </div>
            )}
          </div>
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                queued.current = false;
                return leaveMatch();
              })
            }
          >
            Cancel
          </button>
        </section>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <PublicLobby />
    </div>
  );
}

/** Tables their creators listed publicly: anyone may watch, or take a free seat before the start. */
function PublicLobby() {
  const [, navigate] = useLocation();
  const user = useUser();
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void publicTables().then((r) => setGames(r.ok ? r.value.games : []));
  }, []);
  const sit = async (id: string) => {
    setError(null);
    const r = await takeSeat(id, user?.name ?? (savedName() || 'Guest'));
    if (!r.ok) return setError(r.error.message);
    holdSeat(id, r.value.seat, r.value.token);
    void linkSeats([{ gameId: id, token: r.value.token }]);
    navigate(`/t/${id}`);
  };
  return (
    <section className="card" aria-labelledby="lobby-h">
      <h2 id="lobby-h">Public tables</h2>
      {games === null ? (
        <p className="muted">Loading…</p>
      ) : games.length === 0 ? (
        <p className="muted">No public tables right now.</p>
      ) : (
        <ul className="public-tables">
          {games.map((g) => {
            const free =
              g.status === 'waiting' && g.seats.some((s) => s.kind === 'human' && !s.claimed);
            const who = g.seats.map((s) => (s.claimed ? s.name : 'open seat')).join(' vs ');
            return (
              <li key={g.id}>
                <Link href={`/t/${g.id}`} aria-label={`Watch ${who}`}>
                  {who}
                </Link>{' '}
                <span className="muted">
                  {g.rules} · {free ? 'a seat is free' : 'playing'}
                </span>{' '}
                {free && (
                  <button
                    type="button"
                    className="btn small"
                    aria-label={`Take a seat: ${who}`}
                    onClick={() => void sit(g.id)}
                  >
                    Take a seat
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
