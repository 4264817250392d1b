// The analysis feature's calls (docs/server.md, "Accuracy").
import type { AccuracyTrend, GameAccuracy } from '@zilch/protocol';
import { call } from '../../lib/http.ts';
import type { Result } from '../../lib/result.ts';

/**
 * A finished game's accuracy. A first analysis asks the coach about every decision, so a busy
 * coach or a provisional answer (exact analysis still being prepared) is asked again a few times.
 */
export async function getAccuracy(
  id: string,
  alive: () => boolean = () => true,
): Promise<Result<GameAccuracy>> {
  let last: Result<GameAccuracy> | null = null;
  for (let attempt = 0; attempt < 6 && alive(); attempt++) {
    last = await call<GameAccuracy>('GET', `/api/games/${id}/accuracy`);
    const again =
      (last.ok && last.value.provisional) ||
      (!last.ok && ['BUSY', 'RATE_LIMITED', 'HTTP_429', 'HTTP_503'].includes(last.error.code));
    if (!again) return last;
    await new Promise((res) => setTimeout(res, 2000 * (attempt + 1)));
  }
  return last ?? call<GameAccuracy>('GET', `/api/games/${id}/accuracy`);
}

/** An account's accuracy per preset over its analysed games. */
export function getAccuracyTrend(userId: string): Promise<Result<AccuracyTrend>> {
  return call<AccuracyTrend>('GET', `/api/players/${encodeURIComponent(userId)}/accuracy`);
}

/** A loss in its unit, for people: "3.4 % win" or "120 points". */
export function lossWords(kind: 'win' | 'points', loss: number): string {
  return kind === 'win'
    ? `${loss.toFixed(1)} percentage points of win chance`
    : `${Math.round(loss).toLocaleString('en-US')} expected points`;
}

/** An option's value for people: "48.2 %" or "1,240 pts". */
export function valueWords(kind: 'win' | 'points', v: number): string {
  return kind === 'win'
    ? `${(v * 100).toFixed(1)} %`
    : `${Math.round(v).toLocaleString('en-US')} pts`;
}
