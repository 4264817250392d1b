// Display names and the turn timer (issue 10, D10 and D11): names that would disguise themselves
// are refused at every entry point with a clear sentence, and the timer is per decision, 5 s – 7 days.
import { preset } from '@zilch/engine';
import { checkName } from '@zilch/protocol';
import { tempDir } from '@zilch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/server.ts';
import { api, startTestServer } from './helpers.ts';

let server: RunningServer;
let base: string;
const tmp = tempDir();

beforeAll(async () => {
  server = await startTestServer({ ZILCH_DATA_DIR: tmp.dir });
  base = server.url;
});
afterAll(async () => {
  await server.close();
  tmp.cleanup();
});

const quick = { ...preset('serendipity-creak'), name: 'Quick', target: 500, end: 'immediate' };

async function table(extra: Record<string, unknown> = {}) {
  return api(base, 'POST', '/api/games', {
    rules: quick,
    seats: [{ kind: 'human' }, { kind: 'human' }],
    ...extra,
  });
}

const refused: [string, string, RegExp][] = [
  ['a right-to-left override', 'Ann\u202Egnp.exe', /direction-changing/],
  ['a bidi isolate', 'a\u2066b', /direction-changing/],
  ['a right-to-left mark', '\u200FBob', /direction-changing/],
  ['a zero-width space', 'A\u200Bdmin', /invisible/],
  ['a zero-width joiner between letters', 'Ad\u200Dmin', /invisible/],
  ['a byte order mark', '\uFEFFAnn', /invisible/],
  ['a tag character', 'Ann\u{E0041}', /invisible/],
  ['a private-use character', 'Ann\uE000', /private-use/],
  ['an unassigned code point', 'Ann\u0378', /unassigned/],
  ['a Hangul filler (renders blank)', '\u3164', /invisible/],
  ['a control character', 'Ann\u0007', /control/],
  ['a lone surrogate', 'Ann\uD800', /lone surrogates/],
  ['zalgo (five marks on one letter)', 'Z\u0336\u0337\u0338\u0335\u0334algo', /accents/],
  ['25 graphemes', 'a'.repeat(25), /at most 24 characters/],
  ['only spaces', '   ', /at least 1 character/],
];

describe('display names', () => {
  for (const [what, name, why] of refused) {
    it(`refuses ${what} when claiming a seat and creating a table`, async () => {
      const t = (await table()).body;
      const claim = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
        token: t.seats[0].token,
        name,
      });
      expect(claim.status).toBe(400);
      expect(claim.body.code).toBe('BAD_REQUEST');
      expect(claim.body.message).toMatch(why);
      const create = await api(base, 'POST', '/api/games', {
        rules: quick,
        seats: [{ kind: 'human', name }, { kind: 'human' }],
      });
      expect(create.status).toBe(400);
      expect(create.body.message).toMatch(why);
    });
  }

  it('stores names NFC-normalised, spaces collapsed, counted in graphemes', async () => {
    const t = (await table()).body;
    const r = await api(base, 'POST', `/api/games/${t.gameId}/claim`, {
      token: t.seats[0].token,
      name: '  Jose\u0301\u00A0 Mari\u0301a ',
    });
    expect(r.status).toBe(200);
    expect(r.body.view.seats[0].name).toBe('Jos\u00E9 Mar\u00EDa');
    // 24 family emoji (8 UTF-16 units each) are 24 graphemes: accepted.
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const t2 = (await table()).body;
    const ok = await api(base, 'POST', `/api/games/${t2.gameId}/claim`, {
      token: t2.seats[0].token,
      name: family.repeat(24),
    });
    expect(ok.status).toBe(200);
    expect(checkName(`${family}x`.repeat(12)).ok).toBe(true);
    expect(checkName('e\u0301\u0302\u0303').ok).toBe(true);
  });

  it('the player stats route reads names by the same rule', async () => {
    const r = await api(base, 'GET', `/api/players/${encodeURIComponent('a\u202Eb')}/stats`);
    expect(r.status).toBe(400);
  });
});

describe('turn timer', () => {
  it('enforces the documented range, 5 s to 7 days', async () => {
    for (const s of [1, 4, 604_801]) {
      const r = await table({ turnTimerSeconds: s });
      expect(r.status).toBe(400);
    }
    for (const s of [5, 604_800]) expect((await table({ turnTimerSeconds: s })).status).toBe(201);
  });

  it('runs per decision: a roll at +2.7 s of a 5 s timer moves the deadline', async () => {
    const t = (await table({ turnTimerSeconds: 5 })).body;
    const [tok0, tok1] = [t.seats[0].token, t.seats[1].token];
    await api(base, 'POST', `/api/games/${t.gameId}/claim`, { token: tok0, name: 'A' });
    const start = (
      await api(base, 'POST', `/api/games/${t.gameId}/claim`, { token: tok1, name: 'B' })
    ).body.view;
    expect(start.status).toBe('playing');
    const first = start.timer.deadline as number;
    const seat = start.state.current as number;
    const token = [tok0, tok1][seat];
    await new Promise((r) => setTimeout(r, 2700));
    const moved = await api(base, 'POST', `/api/games/${t.gameId}/actions`, {
      token,
      clientId: 'roll-1',
      action: start.state.phase === 'choose' ? { type: 'fresh' } : { type: 'roll' },
    });
    expect(moved.status).toBe(200);
    const next = moved.body.view.timer.deadline as number;
    expect(next - first).toBeGreaterThanOrEqual(2500);
    expect(next - Date.now()).toBeGreaterThan(4000);
    // The first deadline passes without a timeout: the decision after the roll has its own 5 s.
    await new Promise((r) => setTimeout(r, Math.max(0, first - Date.now()) + 600));
    const v = (await api(base, 'GET', `/api/games/${t.gameId}`)).body;
    expect(v.seq).toBe(moved.body.seq);
    expect(v.state.current).toBe(seat);
  }, 15_000);
});
