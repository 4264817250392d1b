import { PRESET_IDS, PRESETS } from '@zilch/engine';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Cube } from '../components/Die.tsx';
import { getGame } from '../lib/api.ts';
import { quickGame } from '../lib/seating.ts';
import { forgetGame, heldGames, savedName } from '../lib/storage.ts';
import { useGamesWaiting } from '../lib/yourMove.ts';
import { PracticeStart } from './practice/PracticeStart.tsx';
import type { GameView } from '@zilch/protocol';

/** The lobby: quick game, guided game, practice, new table, my games, rules. */
export function HomePage() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<null | 'quick' | 'guide'>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async (guide: boolean) => {
    setBusy(guide ? 'guide' : 'quick');
    setError(null);
    const r = await quickGame(savedName());
    setBusy(null);
    if (!r.ok) return setError(r.error.message);
    navigate(`/t/${r.value.gameId}${guide ? '?guide=1' : ''}`);
  };
  return (
    <div className="page home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-dice" aria-hidden="true">
          {[1, 5, 1, 5, 3].map((f, i) => (
            <span key={i} className={`hero-die d${i}`}>
              <Cube face={f} spin={0} />
            </span>
          ))}
        </div>
        <h1 id="hero-title">Roll six dice. Keep what scores. Know when to stop.</h1>
        <p className="lede">
          Zilch is the push-your-luck dice game: bank your points before a roll with nothing scoring
          wipes them out. In the Serendipity Creak edition played here, what you bank is also an
          offer: the next player may <strong>inherit</strong> your running total and roll only the
          dice you left, or start fresh.
        </p>
        <div className="hero-actions">
          <button
            type="button"
            className="btn primary big"
            onClick={() => void start(false)}
            disabled={busy !== null}
          >
            {busy === 'quick' ? 'Setting up…' : 'Play a bot now'}
          </button>
          <button
            type="button"
            className="btn big"
            onClick={() => void start(true)}
            disabled={busy !== null}
          >
            {busy === 'guide' ? 'Setting up…' : 'Guided first game'}
          </button>
          <Link href="/play" className="btn big">
            Quick match
          </Link>
          <Link href="/new" className="btn big ghost">
            Create a table
          </Link>
        </div>
        <p className="home-puzzles">
          Sharpen your play: <Link href="/puzzles">puzzles</Link> cut from real games, and{' '}
          <Link href="/puzzles/daily">today&apos;s puzzle</Link>.
        </p>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </section>
      <PracticeStart id="home-practice" />
      <MyGames />
      <section aria-labelledby="how-title" className="card how">
        <h2 id="how-title">How a turn goes</h2>
        <ol className="steps">
          <li>
            <strong>Roll</strong> the dice. Something must score: a 1 is 100, a 5 is 50, three of a
            kind and straights score more.
          </li>
          <li>
            <strong>Keep</strong> at least one scoring die, then roll the rest — or{' '}
            <strong>bank</strong> your running total.
          </li>
          <li>
            A roll with nothing scoring is a <strong>zilch</strong>: the turn&apos;s points are
            gone. Every die scored? <strong>Hot dice</strong>: roll them all again.
          </li>
        </ol>
      </section>
      <section aria-labelledby="rules-title" className="card">
        <h2 id="rules-title">Rule sets</h2>
        <ul className="preset-list">
          {PRESET_IDS.map((id) => (
            <li key={id}>
              <Link href={`/rules/${id}`}>{PRESETS[id].name}</Link>
            </li>
          ))}
        </ul>
        <p>
          Two players with accounts can play a rated game in any preset:{' '}
          <Link href="/leaderboard">see the leaderboard</Link>.
        </p>
      </section>
    </div>
  );
}

interface Row {
  id: string;
  view: GameView | null;
  mine: number[];
  error?: string;
}

/** Tables whose seat tokens this device holds; those waiting for your move come first. */
function MyGames() {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [asked, setAsked] = useState(0);
  // Read again when the header's count changes and the list disagrees (a move came in).
  const waitingHere = useGamesWaiting();
  const listed = rows?.filter((r) => status(r) === 'Your move').length;
  useEffect(() => {
    if (listed !== undefined && listed !== waitingHere) setAsked((a) => a + 1);
    // Only a change of the count asks again, never the list's own answer.
  }, [waitingHere]);
  useEffect(() => {
    let alive = true;
    const held = heldGames().slice(0, 12);
    void Promise.all(
      held.map(async (g): Promise<Row> => {
        const seats = Object.keys(g.tokens).map(Number);
        const token = g.tokens[seats[0] as number] ?? g.spectatorToken;
        const r = await getGame(g.id, token);
        return r.ok
          ? { id: g.id, view: r.value, mine: seats }
          : { id: g.id, view: null, mine: seats, error: r.error.message };
      }),
    ).then((all) => alive && setRows(all.filter((r) => r.view || r.error)));
    return () => {
      alive = false;
    };
  }, [asked]);
  const shown = rows !== null && rows.length > 0;
  useEffect(() => {
    // The header's "Your move" badge links here.
    if (shown && window.location.hash === '#my-games')
      document.getElementById('my-games')?.scrollIntoView();
  }, [shown]);
  if (!rows || rows.length === 0) return null;
  const waiting = (r: Row) =>
    r.view?.status === 'playing' && r.mine.includes(r.view.state.current) ? 0 : 1;
  const order = (r: Row) => (r.view?.status === 'over' ? 2 : waiting(r));
  const sorted = rows.slice().sort((a, b) => order(a) - order(b));
  return (
    <section aria-labelledby="my-games" className="card">
      <h2 id="my-games">My games</h2>
      <ul className="my-games">
        {sorted.map((r) => (
          <li key={r.id}>
            <Link href={`/t/${r.id}`} className="game-link">
              <span className="game-name">{describe(r)}</span>
              <span className={`tag ${order(r) === 0 ? 'tag-go' : ''}`}>{status(r)}</span>
            </Link>
            <button
              type="button"
              className="btn small ghost"
              aria-label={`Forget ${describe(r)}`}
              onClick={() => {
                forgetGame(r.id);
                setRows((rs) => (rs ?? []).filter((x) => x.id !== r.id));
              }}
            >
              Forget
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function describe(r: Row): string {
  if (!r.view) return `Table ${r.id.slice(0, 8)}`;
  return r.view.seats.map((s) => s.name || `Seat ${s.seat + 1}`).join(' vs ');
}

function status(r: Row): string {
  const v = r.view;
  if (!v) return r.error ?? 'unavailable';
  if (v.status === 'waiting') return 'Waiting for players';
  if (v.status === 'over') return 'Finished';
  if (r.mine.includes(v.state.current)) return 'Your move';
  const s = v.seats[v.state.current];
  return `${s?.name || 'Someone'} to play`;
}
