// The request shapes live in @zilch/protocol (the wire contract); these names are the service's.
export { CreateGameBodySchema as CreateGameSchema, type Move } from '@zilch/protocol';

import type { BotId } from '@zilch/protocol';
import type { BotId as StrategyBotId } from '@zilch/strategy';

// The protocol lists the bots without depending on @zilch/strategy: fail the build if they drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const botsAgree: Same<BotId, StrategyBotId> = true;
void botsAgree;
