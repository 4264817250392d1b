import cookie, { Signer } from '@fastify/cookie';
import session from '@fastify/session';
import type { ErrorCode, User } from '@zilch/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GuestLimit } from '../../accounts/guest-limit.ts';
import type { AccountService } from '../../accounts/service.ts';
import type { DbSessionStore } from '../../accounts/session-store.ts';
import type { UserRow } from '../../store/account-store.ts';
import { refused } from './games.ts';

/** The session cookie's name; it is sent to /api/account only. */
const SESSION_COOKIE = 'zilch_session';
const COOKIE_PATH = '/api/account';
/** A device's identity lasts this long without a new sign-in (a guest's too). */
const SESSION_MS = 180 * 86_400_000;

/** A refusal with its status, code and sentence. */
export function refuse(reply: FastifyReply, status: number, code: ErrorCode, message: string) {
  return refused(reply, { code, message, status });
}

/** Who a request is, as the account routes ask it: read, made, switched and ended. */
export interface AccountSession {
  /** The session's user, or null (a stale id of a deleted user is forgotten). */
  current(req: FastifyRequest): Promise<UserRow | null>;
  /**
   * The session's user, made a guest first if this device has none; null when the client's
   * address made its hour's guests already (answer `tooManyGuests`).
   */
  ensure(req: FastifyRequest): Promise<UserRow | null>;
  /** The session becomes `userId`: a new session id (no fixation), a guest's seats carried over. */
  signIn(req: FastifyRequest, userId: string): Promise<{ user: User }>;
  /** Ends the session on this device and drops its cookie. */
  end(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The answer to a request that needs a user when the device has none. */
  noSession(reply: FastifyReply): FastifyReply;
}

/** What the session needs. */
export interface SessionOptions {
  readonly accounts: AccountService;
  readonly sessions: DbSessionStore;
  readonly secret: string;
  /** Guests one client address may make per hour (default 30). */
  readonly guestsPerIpHour?: number;
}

/** Registers the session cookie on `app` and answers the helpers the routes read it through. */
export async function accountSession(
  app: FastifyInstance,
  o: SessionOptions,
): Promise<AccountSession> {
  const { accounts } = o;
  const guests = new GuestLimit(o.guestsPerIpHour ?? 30);
  await app.register(cookie);
  await app.register(session, {
    // A signer made here: @fastify/session would otherwise require @fastify/cookie from its own
    // folder, where npm need not have put it.
    secret: new Signer(o.secret, 'sha256'),
    cookieName: SESSION_COOKIE,
    store: o.sessions,
    // A session row is written only when it changes (a guest made, a sign-in, a challenge).
    saveUninitialized: false,
    rolling: false,
    cookie: {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      // Secure over https (also as a trusted proxy reports it); plain-http localhost would
      // lose a Secure cookie. On plain http @fastify/session sends SameSite=Lax.
      secure: 'auto',
      maxAge: SESSION_MS,
    },
  });

  async function current(req: FastifyRequest): Promise<UserRow | null> {
    const id = req.session.get('userId');
    if (!id) return null;
    const row = await accounts.store.user(id);
    if (!row) req.session.set('userId', undefined);
    return row;
  }

  return {
    current,
    async ensure(req) {
      const row = await current(req);
      if (row) return row;
      // req.ip believes the same proxies as the sockets' address (client-ip.ts).
      if (guests.take(req.ip) > 0) return null;
      const guest = await accounts.newGuest();
      req.session.set('userId', guest.id);
      return guest;
    },
    async signIn(req, userId) {
      await accounts.signedIn(req.session.get('userId'), userId);
      await req.session.regenerate();
      req.session.set('userId', userId);
      const user = await accounts.user(userId);
      if (!user) throw new Error(`user ${userId} vanished while signing in`);
      return { user };
    },
    async end(req, reply) {
      await req.session.destroy();
      reply.clearCookie(SESSION_COOKIE, { path: COOKIE_PATH });
    },
    noSession: (reply) => refuse(reply, 401, 'NO_SESSION', 'You are not signed in on this device.'),
  };
}
