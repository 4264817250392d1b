// The practice feature's calls (docs/server.md, "Practice").
import type { PresetId } from '@zilch/engine';
import type { BotId, Hint, Practice, PracticeCreated } from '@zilch/protocol';
import { claimSeat } from '../../lib/api.ts';
import { call } from '../../lib/http.ts';
import { err, ok, type Result } from '../../lib/result.ts';
import { holdSeat, holdSpectator, saveName } from '../../lib/storage.ts';

/** Starts a practice game against `bot` and takes its seat on this device; answers the game id. */
export async function startPractice(
  bot: BotId,
  rules: PresetId,
  name: string,
): Promise<Result<string>> {
  const display = name.trim() || 'You';
  saveName(display);
  const r = await call<PracticeCreated>('POST', '/api/practice', { bot, rules, name: display });
  if (!r.ok) return r;
  const { created, seat } = r.value;
  holdSpectator(created.gameId, created.spectatorToken);
  const token = created.seats.find((s) => s.seat === seat)?.token;
  if (!token) return err('NO_TOKEN', 'The practice seat came without its token.');
  const claimed = await claimSeat(created.gameId, token, display);
  if (!claimed.ok) return claimed;
  holdSeat(created.gameId, seat, token);
  return ok(created.gameId);
}

/** A practice game's seat, bot and hints used (NOT_PRACTICE for any other table). */
export const getPractice = (id: string) =>
  call<Practice>('GET', `/api/games/${encodeURIComponent(id)}/practice`);

/** The coach for the decision now: the server counts it once per decision. */
export const askHint = (id: string, token: string) =>
  call<Hint>('POST', `/api/games/${encodeURIComponent(id)}/hint`, { token });
