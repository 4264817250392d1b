// Tables played out with forced dice (the server runs with ZILCH_TEST_DICE=1), so the seat chosen
// to win does, in a few turns: the friends, ratings and tournament tests share it.
import { legalActions, type GameState } from '@zilch/engine';
import { expect } from 'vitest';
import { api, type Loose } from './helpers.ts';

/**
 * Plays a started two-seat table to its end with the seats' tokens (a seat without one is a
 * bot's: its turns are waited for; `bases`, several processes: requests rotate over them): `winner` rolls six 1s, keeps them all and banks; the other
 * seat zilches.
 */
export async function playForced(
  bases: string | string[],
  gameId: string,
  tokens: string[],
  winner: number,
) {
  // Several processes: each read and move goes to the next, as a load balancer might send them.
  const all = typeof bases === 'string' ? [bases] : bases;
  for (let i = 0; i < 1000; i++) {
    const base = all[i % all.length]!;
    const v = (await api(base, 'GET', `/api/games/${gameId}`)).body as Loose;
    if (v.status === 'over') return;
    const state = v.state as GameState;
    const seat = state.current;
    if (tokens[seat] === undefined) {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const legal = legalActions(state);
    let action: Loose;
    if (legal.some((a) => a.type === 'roll')) {
      const dice = seat === winner ? [1, 1, 1, 1, 1, 1] : [2, 2, 3, 3, 4, 6];
      await api(base, 'POST', `/api/test/games/${gameId}/dice`, { rolls: [dice] });
      action = { type: 'roll' };
    } else if (legal.some((a) => a.type === 'keep')) {
      action = { type: 'keep', dice: [0, 1, 2, 3, 4, 5], then: 'bank' };
    } else {
      const { seat: _s, ...first } = legal[0] as Loose;
      action = first;
    }
    const r = await api(base, 'POST', `/api/games/${gameId}/actions`, {
      token: tokens[seat],
      clientId: `f${v.seq}`,
      action,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  throw new Error(`table ${gameId} did not end`);
}
