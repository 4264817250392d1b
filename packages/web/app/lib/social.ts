// Friends and challenges over /api/account/friends and /api/account/challenges (accounts only).
import type {
  Challenge,
  ChallengeBody,
  Challenges,
  ChallengeSeat,
  Friends,
  FriendSearch,
  SocialTarget,
} from '@zilch/protocol';
import { call } from './http.ts';
import type { Result } from './result.ts';
import { holdSeat } from './storage.ts';

type RelationAnswer = { relation: 'none' | 'friend' | 'incoming' | 'outgoing' | 'blocked' };

/** Friends (online, playing, whose move), requests both ways, and blocks. */
export const friendsList = () => call<Friends>('GET', '/api/account/friends');

/** Accounts whose name contains `q`. */
export const searchPlayers = (q: string) =>
  call<FriendSearch>('GET', `/api/account/friends/search?q=${encodeURIComponent(q)}`);

/** How an account stands to you. */
export const relationTo = (userId: string) =>
  call<RelationAnswer>('GET', `/api/account/friends/${encodeURIComponent(userId)}`);

/** Asks to be friends (or accepts their request). */
export const addFriend = (to: SocialTarget) =>
  call<RelationAnswer>('POST', '/api/account/friends', { to });

/** accept, remove (decline, take back, unfriend), block or unblock. */
export const friendAction = (userId: string, action: 'accept' | 'remove' | 'block' | 'unblock') =>
  call<RelationAnswer>('POST', `/api/account/friends/${encodeURIComponent(userId)}/${action}`);

/** Challenges to you and from you. */
export const challengesList = () => call<Challenges>('GET', '/api/account/challenges');

/** Sends a challenge. */
export const sendChallenge = (body: ChallengeBody) =>
  call<Challenge>('POST', '/api/account/challenges', body);

/** Declines a challenge to you, or takes back one you sent. */
export const declineChallenge = (id: string) =>
  call<Challenge>('POST', `/api/account/challenges/${encodeURIComponent(id)}/decline`);

/** Accepts a challenge (or takes your seat at an accepted one): the seat is held on this device. */
export async function takeChallengeSeat(
  id: string,
  how: 'accept' | 'seat',
): Promise<Result<ChallengeSeat>> {
  const r = await call<ChallengeSeat>(
    'POST',
    `/api/account/challenges/${encodeURIComponent(id)}/${how}`,
  );
  if (r.ok) holdSeat(r.value.gameId, r.value.seat, r.value.token);
  return r;
}
