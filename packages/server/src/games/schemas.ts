// The request shapes live in @zilch/protocol (the wire contract); these names are the service's.
export { CreateGameBodySchema as CreateGameSchema, type Move } from '@zilch/protocol';

import type { BotId } from '@zilch/protocol';
import type { BotId as StrategyBotId } from '@zilch/strategy';

// The protocol lists the bots without depending on @zilch/strategy: fail the build if it names
// one strategy lacks. Strategy may have more: `card` is for simulations and the CLI only (its
// first move per rule set runs a turn solve, up to a second, which a table must not wait for).
type Within<A, B> = [A] extends [B] ? true : false;
const botsAgree: Within<BotId, StrategyBotId> = true;
void botsAgree;
