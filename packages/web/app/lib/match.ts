// Quick match from the page's side: the routes of /api/account/match (the session cookie names
// the player). Polling the status is also the heartbeat that keeps the player queued.
import type { BotId, GameSummary, JoinedTable, MatchStatus } from '@zilch/protocol';
import { call } from './http.ts';

const PATH = '/api/account/match';

/** The player's quick-match status (and the heartbeat). */
export const matchStatus = () => call<MatchStatus>('GET', PATH);

/** Joins the queue for a preset. */
export const joinMatch = (preset: string, rated: boolean) =>
  call<MatchStatus>('POST', PATH, { preset, rated });

/** Leaves the queue (answers the table if a pair was made just before). */
export const leaveMatch = () => call<MatchStatus>('DELETE', PATH);

/** Takes the bot offered after the wait. */
export const playBot = (bot: BotId) => call<MatchStatus>('POST', `${PATH}/bot`, { bot });

/** Leaves the queue as the page goes away: a request the browser finishes after the page is gone. */
export function leaveOnExit(): void {
  try {
    void fetch(PATH, { method: 'DELETE', keepalive: true });
  } catch (_e) {
    // Nothing to do: the queue drops a page that stops polling within seconds anyway.
  }
}

/** Tables whose creators listed them in the public lobby, newest first. */
export const publicTables = () =>
  call<{ games: GameSummary[] }>('GET', '/api/games?status=active&limit=20');

/** Takes the first free seat of a public table under a name. */
export const takeSeat = (gameId: string, name: string) =>
  call<JoinedTable>('POST', `/api/games/${encodeURIComponent(gameId)}/join`, { name });
