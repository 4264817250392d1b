// The refusals shared by the service's parts, and the write retry that ends in BUSY.
import { refuse, type Result } from './errors.ts';

/** Tries of one change before answering BUSY (each lost version race reloads the game first). */
const WRITE_ATTEMPTS = 4;

/** NOT_FOUND for a game id. */
export function notFound(gameId: string) {
  return refuse('NOT_FOUND', `There is no game ${JSON.stringify(gameId.slice(0, 64))}.`, 404);
}

/** UNAUTHORIZED: the token opens no seat of the game. */
export function badToken() {
  return refuse('UNAUTHORIZED', 'This link does not open a seat of this game.', 403);
}

/** Runs `attempt` until it answers; null means it lost a version race and should run again. */
export async function withRetries<T>(attempt: () => Promise<Result<T> | null>): Promise<Result<T>> {
  for (let i = 0; i < WRITE_ATTEMPTS; i++) {
    const r = await attempt();
    if (r) return r;
  }
  return refuse('BUSY', 'The game is busy; try again.', 503);
}
