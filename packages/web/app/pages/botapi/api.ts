// The bot API's profile calls (docs/bot-api.md): bot account, tokens made, listed and revoked.
import type { BotAccount, BotScope, NewBotToken } from '@zilch/protocol';
import { call } from '../../lib/http.ts';
import type { Result } from '../../lib/result.ts';

/** Whether this is a bot account, and its tokens. */
export function getBotAccount(): Promise<Result<BotAccount>> {
  return call<BotAccount>('GET', '/api/account/bot');
}

/** Makes this a bot account, for good. */
export function makeBot(): Promise<Result<BotAccount>> {
  return call<BotAccount>('POST', '/api/account/bot', { confirm: true });
}

/** A new token; its secret is in this answer only. */
export function newToken(label: string, scopes: BotScope[]): Promise<Result<NewBotToken>> {
  return call<NewBotToken>('POST', '/api/account/bot/tokens', { label, scopes });
}

/** Revokes a token. */
export function revokeToken(id: string): Promise<Result<BotAccount>> {
  return call<BotAccount>('DELETE', `/api/account/bot/tokens/${encodeURIComponent(id)}`);
}
