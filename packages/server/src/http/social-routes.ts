// Friends, challenges and tournaments routes together, as the account routes register them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { challengeRoutes } from '../challenges/routes.ts';
import type { ChallengeService } from '../challenges/service.ts';
import { friendRoutes } from '../friends/routes.ts';
import type { FriendService } from '../friends/service.ts';
import { tournamentRoutes } from '../tournaments/routes.ts';
import type { TournamentService } from '../tournaments/service.ts';
import type { CurrentUser } from './account-only.ts';
import type { RouteConfig } from './routes/games.ts';

/** The services behind the social routes. */
export interface SocialRoutes {
  readonly friends: FriendService;
  readonly challenges: ChallengeService;
  readonly tournaments?: TournamentService;
}

/** Registers the friends and challenges routes; a block also cancels open challenges. */
export function socialRoutes(
  s: SocialRoutes,
  current: CurrentUser,
  costly: RouteConfig,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(
      friendRoutes(s.friends, current, (me, other) => s.challenges.cancelBetween(me, other)),
    );
    await app.register(challengeRoutes(s.challenges, current, costly));
    if (s.tournaments) await app.register(tournamentRoutes(s.tournaments, current, costly));
  };
}
