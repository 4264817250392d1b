// @zilch/client: typed clients of a Zilch server for outside programs, built on @zilch/protocol:
// BotClient for the bot API (HTTP and NDJSON streams, reconnecting) and TableClient, a thin
// socket client for people's tables.
export { BotApiError } from './errors.ts';
export { BotClient, type BotClientOptions, type BotTurn, type Decide } from './bot-client.ts';
export { TableClient, type TableClientOptions } from './table-client.ts';
// The protocol types a bot reads and writes, so that a bot needs only this package.
export type {
  BotChoice,
  BotEvent,
  BotGameLine,
  BotGameStart,
  BotMe,
  BotMoved,
  Challenge,
  GameView,
  Move,
  Update,
} from '@zilch/protocol';
