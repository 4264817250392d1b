// Cancelling a tournament (issue 24, item 5: the creator cannot change it once it starts): its
// creator, and only its creator, may call it off while it is open; then nobody can join or start
// it, and once it has started it cannot be cancelled.
import { afterAll, describe, expect, it } from 'vitest';
import { api, type Loose } from './helpers.ts';
import { account, startStack, STORES, type Stack } from './tournament-kit.ts';

describe.each(STORES)('cancelling a tournament on $name', (kind) => {
  let stack: Stack | null = null;
  afterAll(async () => {
    await stack?.close();
  });

  it('lets the creator cancel an open tournament, never a started one', async () => {
    stack = await startStack(kind);
    // Two processes: Ann and reads on the first, Ben on the last (the cancel is seen there).
    const base = stack.urls[0]!;
    const other = stack.urls[stack.urls.length - 1]!;
    const paths = (await api(base, 'GET', '/api/openapi.json')).body.paths as Loose;
    expect(paths['/api/account/tournaments/{id}/cancel']).toBeDefined();
    const [ann, ben] = [await account(base), await account(other)];
    const make = async (name: string) =>
      (
        await ann.d.call('POST', '/api/account/tournaments', {
          name,
          rules: 'classic',
          format: 'swiss',
          players: 4,
        })
      ).body.id as string;
    const act = (who: typeof ann, id: string, what: string) =>
      who.d.call('POST', `/api/account/tournaments/${id}/${what}`);

    const open = await make('Called off');
    await act(ben, open, 'join');
    const notMine = await act(ben, open, 'cancel');
    expect(notMine.status).toBe(403);
    expect(notMine.body.code).toBe('NOT_CREATOR');
    const cancelled = await act(ann, open, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await api(other, 'GET', `/api/account/tournaments/${open}`)).body.status).toBe(
      'cancelled',
    );
    // Nothing moves it again: no join, no start, no second cancel; the lobby lists it no more.
    for (const [who, what] of [
      [ben, 'join'],
      [ann, 'start'],
      [ann, 'cancel'],
    ] as const) {
      const r = await act(who, open, what);
      expect(r.status, what).toBe(409);
      expect(r.body.code).toBe('TOURNAMENT_STARTED');
    }
    const lobby = (await api(other, 'GET', '/api/account/tournaments')).body.tournaments as Loose[];
    expect(lobby.some((t) => t.id === open)).toBe(false);

    // Started (bots fill the seats): too late to cancel; it runs on.
    const started = await make('Under way');
    expect((await act(ann, started, 'start')).body.status).toBe('running');
    const late = await act(ann, started, 'cancel');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'TOURNAMENT_STARTED',
      message: 'A tournament cannot be cancelled once it starts.',
    });
    expect((await api(other, 'GET', `/api/account/tournaments/${started}`)).body.status).toBe(
      'running',
    );
    expect((await act(ben, 'no-such-one', 'cancel')).body.code).toBe('NOT_FOUND');
  }, 30_000);
});
