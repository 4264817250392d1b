// @fastify/session's store over the database, so every process sees every session and a session
// can be ended from the server (sign out, account deleted).
import type { Session } from 'fastify';
import type { AccountStore } from '../store/account-store.ts';
import type { Challenge } from './webauthn.ts';

declare module 'fastify' {
  interface Session {
    /** The user this session is, once a guest was made or someone signed in. */
    userId?: string;
    /** The passkey ceremony in progress, if any. */
    challenge?: Challenge;
  }
}

type Done = (err?: unknown) => void;

/** Expired rows are swept at most this often per process, ms. */
const SWEEP_MS = 3_600_000;

/** The session store: one row per session, its data as JSON, its expiry from the cookie. */
export class DbSessionStore {
  private sweptAt = 0;

  constructor(
    private readonly store: AccountStore,
    private readonly maxAgeMs: number,
  ) {}

  /** Reads a live session. */
  get(id: string, done: (err: unknown, s?: Session | null) => void): void {
    this.store.session(id, Date.now()).then(
      (data) => done(null, data === null ? null : (JSON.parse(data) as Session)),
      (e: unknown) => done(e),
    );
  }

  /** Writes a session. */
  set(id: string, session: Session, done: Done): void {
    const now = Date.now();
    const expires = session.cookie.expires;
    const at = expires ? new Date(expires).getTime() : now + this.maxAgeMs;
    const sweep = now - this.sweptAt > SWEEP_MS;
    if (sweep) this.sweptAt = now;
    this.store
      .saveSession(id, session.userId ?? null, JSON.stringify(session), at)
      .then(() => (sweep ? this.store.purgeSessions(now) : undefined))
      .then(
        () => done(),
        (e: unknown) => done(e),
      );
  }

  /** Forgets a session. */
  destroy(id: string, done: Done): void {
    this.store.dropSession(id).then(
      () => done(),
      (e: unknown) => done(e),
    );
  }
}
