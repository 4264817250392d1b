import { DEFAULT_PRESET } from '@zilch/engine';
import { claimSeat, createGame, type CreateRequest } from './api.ts';
import { err, ok, type Result } from './result.ts';
import { holdInvites, holdSeat, holdSpectator, saveName } from './storage.ts';
import type { BotId, Created } from '@zilch/protocol';

/** The bot a quick game is played against. */
const QUICK_BOT: BotId = 'expected';

/** Creates a table, remembers its spectator token and claims the given human seats on this device. */
export async function createAndSit(
  req: CreateRequest,
  sit: { seat: number; name: string }[],
): Promise<Result<Created>> {
  const created = await createGame(req);
  if (!created.ok) return created;
  const c = created.value;
  holdSpectator(c.gameId, c.spectatorToken);
  for (const { seat, name } of sit) {
    const token = c.seats.find((s) => s.seat === seat)?.token;
    if (!token) return err('NO_TOKEN', `Seat ${seat + 1} has no token to claim.`);
    const claimed = await claimSeat(c.gameId, token, name, req.rated === true);
    if (!claimed.ok) return claimed;
    holdSeat(c.gameId, claimed.value.seat, token);
  }
  const taken = new Set(sit.map((s) => s.seat));
  const invites: Record<number, string> = {};
  for (const s of c.seats) if (s.token && !taken.has(s.seat)) invites[s.seat] = s.token;
  if (Object.keys(invites).length) holdInvites(c.gameId, invites);
  return ok(c);
}

/** One click: the default rules, you against the strongest everyday bot. */
export async function quickGame(name: string): Promise<Result<Created>> {
  const display = name.trim() || 'You';
  saveName(display);
  return createAndSit(
    {
      rules: DEFAULT_PRESET,
      seats: [
        { kind: 'human', name: display },
        { kind: 'bot', bot: QUICK_BOT },
      ],
    },
    [{ seat: 0, name: display }],
  );
}
