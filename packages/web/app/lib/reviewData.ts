import { getGame, getLog } from './api.ts';

type ReviewData = Promise<
  [Awaited<ReturnType<typeof getGame>>, Awaited<ReturnType<typeof getLog>>]
>;

// A finished game does not change, so its answers can be asked for once, ahead of the review.
const cache = new Map<string, ReviewData>();

/**
 * The game and its log for the review. The table asks for them as soon as the game is over, so
 * the review opens without waiting on the network; a failed answer is not kept.
 */
export function reviewData(id: string): ReviewData {
  const hit = cache.get(id);
  if (hit) return hit;
  const p: ReviewData = Promise.all([getGame(id), getLog(id)]);
  cache.set(id, p);
  void p.then(([g, l]) => {
    if (!g.ok || !l.ok || g.value.status !== 'over') cache.delete(id);
  });
  return p;
}
