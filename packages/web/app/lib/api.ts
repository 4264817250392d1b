import type { GameState, PresetId, RuleSet } from '@zilch/engine';
import type { Result } from './result.ts';
import { call } from './http.ts';
import type {
  Acted,
  Advice,
  CardAnswer,
  Claimed,
  CreateGameBody,
  Created,
  GameExport,
  GameRating,
  GameView,
  Leaderboard,
  LogAnswer,
  Move,
  PlayerRatings,
  Rematched,
  Verification,
} from '@zilch/protocol';
import { linkSeats } from './account.ts';
import { keepCommitment, newSeatSeed } from './fairness.ts';

/** What creating a table needs (`CreateGameBody` of @zilch/protocol, with the rules typed). */
export type CreateRequest = Omit<CreateGameBody, 'rules'> & { rules: PresetId | RuleSet };

/** Creates a table. */
export const createGame = (req: CreateRequest) => call<Created>('POST', '/api/games', req);

/** The current view of a game, as the holder of `token` (or a spectator) sees it. */
export const getGame = (id: string, token?: string) =>
  call<GameView>('GET', `/api/games/${enc(id)}`, undefined, token);

/**
 * Takes a seat under a display name, sending a fresh random seed of this device for the dice;
 * the commitment the answer shows (fixed before the first roll) is kept for the fairness check.
 */
export async function claimSeat(id: string, token: string, name: string, asAccount = false) {
  // A rated table's seats are taken only as an account: the session (cookie) names the player.
  const r = asAccount
    ? await call<Claimed>('POST', `/api/account/games/${enc(id)}/claim`, {
        token,
        seed: newSeatSeed(id),
      })
    : await call<Claimed>('POST', `/api/games/${enc(id)}/claim`, {
        token,
        name,
        seed: newSeatSeed(id),
      });
  if (r.ok) {
    keepCommitment(id, r.value.view.commitment);
    // The seat joins this device's identity (a guest is made silently the first time).
    void linkSeats([{ gameId: id, token }]);
  }
  return r;
}

/** Sends an action over HTTP (hot-seat: the device acts with the token of the seat on turn). */
export const postAction = (id: string, token: string, clientId: string, action: Move) =>
  call<Acted>('POST', `/api/games/${enc(id)}/actions`, {
    token,
    clientId,
    action,
  });

/** Starts a new game with the same seats and rules. */
export const rematch = (id: string, token: string) =>
  call<Rematched>('POST', `/api/games/${enc(id)}/rematch`, { token });

/** Whether a table is rated, and what its end changed. */
export const getGameRating = (id: string) =>
  call<GameRating>('GET', `/api/games/${enc(id)}/rating`);

/** The leaderboard of a preset (none: the server's default, the most played). */
export const getLeaderboard = (preset?: string) =>
  call<Leaderboard>('GET', `/api/leaderboard${preset ? `?preset=${enc(preset)}` : ''}`);

/** A player's ratings and rating history. */
export const getPlayerRatings = (id: string) =>
  call<PlayerRatings>('GET', `/api/players/${enc(id)}/ratings`);

/** Full replay data. */
export const getLog = (id: string) => call<LogAnswer>('GET', `/api/games/${enc(id)}/log`);

/** The fairness export (seed revealed once over). */
export const getExport = (id: string) => call<GameExport>('GET', `/api/games/${enc(id)}/export`);

/** The server's check of a finished game against the commitment the table showed. */
export const verifyGame = (id: string, commitment: string) =>
  call<Verification>('GET', `/api/games/${enc(id)}/verify?commitment=${enc(commitment)}`);

const cards = new Map<string, Promise<Result<CardAnswer>>>();

/** The strategy card of a rule set (a server strategy thread makes it); kept for this page's life. */
export function getCard(rules: RuleSet): Promise<Result<CardAnswer>> {
  const key = JSON.stringify(rules);
  let p = cards.get(key);
  if (!p) {
    p = call<CardAnswer>('POST', '/api/rules/card', { rules });
    cards.set(key, p);
    // Only answers are kept: a failure (busy, offline) is asked again next time.
    void p.then((r) => (r.ok ? undefined : cards.delete(key)));
  }
  return p;
}

/** The coach's options for a position. */
export const getAdvice = (state: GameState) => call<Advice>('POST', '/api/advice', { state });

const enc = encodeURIComponent;
