// The puzzles feature's calls (docs/puzzles.md), and a guest's rating kept on this device.
import type { Puzzle, PuzzleGlicko, PuzzleMe, PuzzleVerdict } from '@zilch/protocol';
import { call } from '../../lib/http.ts';
import type { Result } from '../../lib/result.ts';

const KEY = 'zilch.puzzleRating';
/** Where a guest starts: Glicko-2's suggested values. */
const START: PuzzleGlicko = { rating: 1500, deviation: 350, volatility: 0.06 };

/** A guest's puzzle rating on this device (the starting one when none or unreadable). */
export function deviceRating(): PuzzleGlicko {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as PuzzleGlicko | null;
    const fine = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
    return raw && fine(raw.rating) && fine(raw.deviation) && fine(raw.volatility) ? raw : START;
  } catch {
    return START;
  }
}

/** Keeps a guest's new puzzle rating on this device. */
export function saveDeviceRating(r: PuzzleGlicko): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(r));
  } catch {
    // Storage full or refused (private mode): the rating lasts this visit.
  }
}

/** The account's puzzle rating (`account: false` for a guest or no session). */
export const getPuzzleMe = () => call<PuzzleMe>('GET', '/api/account/puzzles/me');

/** Today's puzzle. */
export const getDailyPuzzle = () => call<Puzzle>('GET', '/api/puzzles/daily');

/** A puzzle near a rating, not `after`. */
export function getNextPuzzle(rating: number, after?: string): Promise<Result<Puzzle>> {
  const q = new URLSearchParams({ rating: String(Math.round(rating)) });
  if (after) q.set('after', after);
  return call<Puzzle>('GET', `/api/account/puzzles/next?${q}`);
}

/** Answers a puzzle; a guest sends its device rating to have it rated. */
export const answerPuzzle = (id: string, choice: number, guest?: PuzzleGlicko) =>
  call<PuzzleVerdict>('POST', `/api/account/puzzles/${encodeURIComponent(id)}/attempt`, {
    choice,
    ...(guest ? { guest } : {}),
  });
