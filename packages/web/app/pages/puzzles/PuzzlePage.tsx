import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Puzzle, PuzzleGlicko, PuzzleTheme, PuzzleVerdict } from '@zilch/protocol';
import { Cube } from '../../components/Die.tsx';
import { plural } from '../../lib/words.ts';
import {
  answerPuzzle,
  deviceRating,
  getDailyPuzzle,
  getNextPuzzle,
  getPuzzleMe,
  saveDeviceRating,
} from './api.ts';
import { PuzzleSourceLine } from './PuzzleSource.tsx';
import './puzzles.css';

const THEME_WORDS: Record<PuzzleTheme, string> = {
  offers: 'offers',
  'final-round': 'final round',
  'hot-dice': 'hot dice',
  'few-dice': 'banking with few dice',
  opening: 'the opening',
};

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * A rated puzzle on one phone screen: the position as it was, "what do you do?", the options;
 * then every option's win chance, the rating change and "next". `/puzzles/daily` is the day's.
 */
export default function PuzzlePage({ daily = false }: { daily?: boolean }) {
  const [, go] = useLocation();
  const [puzzle, setPuzzle] = useState<Puzzle | null>(null);
  const [verdict, setVerdict] = useState<PuzzleVerdict | null>(null);
  const [account, setAccount] = useState<boolean | null>(null);
  const [rating, setRating] = useState<PuzzleGlicko>(deviceRating);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (after?: string) => {
      setError(null);
      setVerdict(null);
      const me = await getPuzzleMe();
      const isAccount = me.ok && me.value.account;
      setAccount(isAccount);
      const mine = isAccount && me.value.rating ? me.value.rating : deviceRating();
      setRating(mine);
      const r = daily ? await getDailyPuzzle() : await getNextPuzzle(mine.rating, after);
      if (!r.ok) return setError(r.error.message);
      setPuzzle(r.value);
    },
    [daily],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function answer(choice: number) {
    if (!puzzle || busy) return;
    setBusy(true);
    const r = await answerPuzzle(puzzle.id, choice, account ? undefined : rating);
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    setVerdict(r.value);
    setRating(r.value.player.after);
    if (r.value.player.where === 'device') saveDeviceRating(r.value.player.after);
  }

  const head = (
    <header className="pz-head">
      <h1>{daily ? 'Daily puzzle' : 'Puzzle'}</h1>
      <p className="muted" data-testid="puzzle-rating">
        Your rating {Math.round(rating.rating)}
        {account === false ? ' (this device)' : ''}
      </p>
    </header>
  );
  if (error)
    return (
      <div className="page narrow puzzles">
        {head}
        <p role="alert" className="error">
          {error}
        </p>
        <p className="row">
          <Link href="/" className="btn">
            Home
          </Link>
          {daily && (
            <Link href="/puzzles" className="btn">
              Puzzles
            </Link>
          )}
        </p>
      </div>
    );
  if (!puzzle)
    return (
      <div className="page narrow puzzles">
        {head}
        <p className="loading">Finding a puzzle…</p>
      </div>
    );
  const s = puzzle.state;
  const names = s.scores.map((_, seat) => (seat === s.current ? 'You' : 'Them'));
  const byId = new Map(verdict?.options.map((o) => [o.id, o]));
  const change = verdict ? verdict.player.after.rating - verdict.player.before.rating : 0;
  return (
    <div className="page narrow puzzles">
      {head}
      <section className="card pz" aria-labelledby="pz-q" data-testid="puzzle">
        <ul className="q-scores" aria-label="Scores">
          {s.scores.map((score, seat) => (
            <li key={seat} className={seat === s.current ? 'on-turn' : ''}>
              <span>{names[seat]}</span> <strong>{score.toLocaleString('en-US')}</strong>
            </li>
          ))}
          <li className="muted">to {s.rules.target.toLocaleString('en-US')}</li>
        </ul>
        <p className="pz-turn">
          {s.offer
            ? `They banked: you may take ${plural(s.offer.points, 'point', 'points')} with ${plural(s.offer.dice, 'die', 'dice')}, or start fresh.`
            : s.turn.roll
              ? `${plural(s.turn.total, 'point', 'points')} this turn, and you rolled:`
              : `${plural(s.turn.total, 'point', 'points')} this turn, ${plural(s.turn.available, 'die', 'dice')} to roll.`}
          {s.finalRound ? ' Final round: your last turn.' : ''}
        </p>
        {s.turn.roll && !s.offer && (
          <div className="q-roll" aria-label={`Rolled ${s.turn.roll.join(' ')}`} role="img">
            {s.turn.roll.map((f, i) => (
              <Cube key={i} face={f} spin={0} size="small" />
            ))}
          </div>
        )}
        <h2 id="pz-q">What do you do?</h2>
        <div className="pz-options" role="group" aria-label="Your options">
          {puzzle.options.map((o) => {
            const v = byId.get(o.id);
            const cls = !verdict
              ? 'btn'
              : `btn pz-done${o.id === verdict.best ? ' best' : ''}${o.id === verdict.chosen ? ' chosen' : ''}`;
            return (
              <button
                key={o.id}
                type="button"
                className={cls}
                onClick={() => void answer(o.id)}
                disabled={busy || verdict !== null}
              >
                <span>
                  {verdict && o.id === verdict.best && <span aria-label="best">✓ </span>}
                  {o.label}
                  {verdict && o.id === verdict.chosen && <span className="tag">your answer</span>}
                </span>
                {v && <strong className="pz-win">{pct(v.win)}</strong>}
              </button>
            );
          })}
        </div>
        {verdict && (
          <div className="pz-verdict" data-testid="puzzle-verdict">
            <p role="status" className={verdict.correct ? 'ok' : 'error'}>
              {verdict.correct
                ? 'Right: that is the best option.'
                : `Not quite: the best option wins ${pct(verdict.options[0]?.win ?? 0)} of the time.`}{' '}
              {verdict.player.rated
                ? `Rating ${change >= 0 ? '+' : '−'}${Math.abs(Math.round(change))} (${Math.round(verdict.player.after.rating)}).`
                : 'Tried before: not rated again.'}
            </p>
            <p className="muted pz-meta">
              {puzzle.themes.length
                ? `Theme: ${puzzle.themes.map((t) => THEME_WORDS[t]).join(', ')}. `
                : ''}
              Puzzle rating {Math.round(verdict.puzzle.rating)}.{' '}
              <PuzzleSourceLine source={puzzle.source} />
            </p>
            <p className="row">
              <button
                type="button"
                className="btn primary"
                autoFocus
                onClick={() => (daily ? go('/puzzles') : void load(puzzle.id))}
              >
                Next puzzle
              </button>
              {!daily && (
                <Link href="/puzzles/daily" className="btn">
                  Daily puzzle
                </Link>
              )}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
