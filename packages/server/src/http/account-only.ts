// The gate of routes for accounts only (friends, challenges): a guest is told to make a passkey.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../store/account-store.ts';
import { refused } from './routes/games.ts';

/** The session's user as the account routes read it. */
export type CurrentUser = (req: FastifyRequest) => Promise<UserRow | null>;

/** The session's account, or null once a refusal is sent (no session, or a guest). */
export async function accountOnly(
  current: CurrentUser,
  req: FastifyRequest,
  reply: FastifyReply,
  what: string,
): Promise<UserRow | null> {
  const row = await current(req);
  if (!row) {
    await refused(reply, {
      code: 'NO_SESSION',
      message: 'You are not signed in on this device.',
      status: 401,
    });
    return null;
  }
  if (row.kind !== 'account') {
    await refused(reply, {
      code: 'NOT_AN_ACCOUNT',
      message: `${what} need an account: make a passkey first (on your profile page).`,
      status: 403,
    });
    return null;
  }
  return row;
}
