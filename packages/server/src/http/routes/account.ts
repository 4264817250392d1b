import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from '../../accounts/service.ts';
import type { DbSessionStore } from '../../accounts/session-store.ts';
import type { RelyingPartyConfig } from '../../accounts/webauthn.ts';
import type { PushService } from '../../push/service.ts';
import { sameOrigin } from '../same-origin.ts';
import { accountGameRoutes } from './account-games.ts';
import { passkeyRoutes } from './account-passkeys.ts';
import { profileRoutes } from './account-profile.ts';
import { accountSession } from './account-session.ts';
import type { RouteConfig } from './games.ts';
import { matchRoutes, type MatchRouteDeps } from './match.ts';
import { pushRoutes } from './push.ts';
import { socialRoutes, type SocialRoutes } from '../social-routes.ts';
import { puzzleRoutes } from '../../puzzles/routes.ts';
import type { PuzzleService } from '../../puzzles/service.ts';
import { botAccountRoutes } from '../../botapi/routes.ts';
import type { BotApiService } from '../../botapi/service.ts';

/** What the account routes need. */
export interface AccountRouteOptions {
  readonly accounts: AccountService;
  readonly sessions: DbSessionStore;
  readonly secret: string;
  readonly relyingParty: RelyingPartyConfig;
  /** Page origins besides the server's own that may send state-changing requests. */
  readonly allowedOrigins: readonly string[];
  /** The tighter rate limit of sign-in, passkey and recovery routes. */
  readonly auth: RouteConfig;
  /** Web Push (routes/push.ts), when the server sends notifications. */
  readonly push?: PushService;
  /** Quick match, whose routes share the session (absent: no quick match). */
  readonly match?: MatchRouteDeps;
  /** The budget of routes that make tables. */
  readonly costly?: RouteConfig;
  /** Guests one client address may make per hour (default 30). */
  readonly guestsPerIpHour?: number;
  /** Friends and challenges (friends/, challenges/), whose routes share the session. */
  readonly social?: SocialRoutes;
  /** Puzzles (puzzles/): their routes read the session; answers have their own budget. */
  readonly puzzles?: { readonly service: PuzzleService; readonly attempts: RouteConfig };
  /** Bot accounts and API tokens (botapi/), on the profile page. */
  readonly bots?: BotApiService;
}

/** The identity routes under /api/account (docs/server.md): sessions, passkeys, recovery, profile. */
export function accountRoutes(o: AccountRouteOptions): FastifyPluginAsyncZod {
  const { accounts } = o;
  return async (app) => {
    // Before the session is read: a cross-site request is refused without touching the store.
    app.addHook('onRequest', sameOrigin(o.allowedOrigins));
    const session = await accountSession(app, o);
    await app.register(profileRoutes(accounts, session, o.auth));
    await app.register(accountGameRoutes(accounts, session, o.auth));
    await app.register(passkeyRoutes(accounts, session, o.auth, o.relyingParty));
    const { current, ensure } = session;
    if (o.push) await app.register(pushRoutes(o.push, current));
    if (o.social) await app.register(socialRoutes(o.social, current, o.costly ?? o.auth));
    if (o.puzzles) await app.register(puzzleRoutes(o.puzzles.service, current, o.puzzles.attempts));
    if (o.bots) await app.register(botAccountRoutes(o.bots, current));
    if (o.match)
      await app.register(
        matchRoutes(o.match, { current, ensure, costly: o.costly ?? o.auth, bots: o.bots }),
      );
  };
}
