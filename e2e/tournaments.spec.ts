// Tournaments (issue 24, item 3): two people in two browser contexts (one a 375 px phone) meet
// in a Swiss tournament of four filled by two bots. One creates it from the lobby's form (house
// rules: a short target), the other finds it in the lobby and joins, the creator starts it, each
// plays their tables as they come (the first through the table page, then through the API with
// the seat token the tournament page hands out), and both pages reach the final table by socket,
// its points checked against the games' own results. WebAuthn needs a host name: localhost.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { pickMove } from '@zilch/testkit';
import type { GameState } from '@zilch/engine';
import type { Tournament } from '@zilch/protocol';
import { authenticator, expectAccessible } from './helpers.ts';

const origin = `http://localhost:${process.env.ZILCH_E2E_PORT}`;

/** A new browser context whose person makes an account with a passkey and takes a name. */
async function signUp(contexts: BrowserContext[], browser: Browser, name: string, width?: number) {
  const context = await browser.newContext(
    width ? { viewport: { width, height: 740 } } : { viewport: { width: 1280, height: 900 } },
  );
  contexts.push(context);
  const page = await context.newPage();
  await authenticator(page);
  await page.goto(`${origin}/me`);
  await page.getByRole('button', { name: 'Create an account with a passkey' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.getByLabel('Display name').fill(name);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  return page;
}

/** The tournament as this person's session reads it. */
async function read(page: Page, id: string): Promise<Tournament> {
  const r = await page.request.get(`${origin}/api/account/tournaments/${id}`);
  expect(r.ok()).toBe(true);
  return (await r.json()) as Tournament;
}

/** Plays one table through the API with random legal moves until it is over. */
async function playTable(page: Page, gameId: string, token: string, seat: number) {
  for (let i = 0; i < 2000; i++) {
    const v = (await (
      await page.request.get(`${origin}/api/games/${gameId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { status: string; seq: number; state: GameState };
    if (v.status === 'over') return;
    const move = v.state.current === seat ? pickMove(v.state) : null;
    if (move)
      await page.request.post(`${origin}/api/games/${gameId}/actions`, {
        headers: { origin },
        data: { token, clientId: `e2e${v.seq}`, action: move },
      });
    else await page.waitForTimeout(40);
  }
  throw new Error(`table ${gameId} did not end`);
}

/** Plays this person's tables as the tournament hands them out, until it is over. */
async function playThrough(page: Page, id: string) {
  for (let i = 0; i < 600; i++) {
    const t = await read(page, id);
    if (t.status === 'over') return;
    if (t.you?.gameId) {
      const s = await page.request.post(`${origin}/api/account/tournaments/${id}/seat`, {
        headers: { origin },
      });
      const seat = (await s.json()) as { gameId: string; seat: number; token: string };
      await playTable(page, seat.gameId, seat.token, seat.seat);
    } else await page.waitForTimeout(100);
  }
  throw new Error('the tournament did not end');
}

test('two people and two bots play a Swiss tournament to its final table', async ({ browser }) => {
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  const tag = Math.floor(Math.random() * 1e6);
  const [annName, benName, cup] = [`Ann${tag}`, `Ben${tag}`, `Cup ${tag}`];
  try {
    const ann = await signUp(contexts, browser, annName, 375);
    const ben = await signUp(contexts, browser, benName);

    // Ann (phone) creates it from the lobby: Swiss, four players, house rules to 1,000 points.
    await ann.goto(`${origin}/tournaments`);
    await expect(ann.getByRole('heading', { name: 'Tournaments', level: 1 })).toBeVisible();
    await ann.getByRole('button', { name: 'Create a tournament' }).click();
    await ann.getByRole('textbox', { name: 'Name' }).fill(cup);
    await ann.getByLabel(/Target/).fill('1000');
    await ann.getByLabel(/Players/).fill('4');
    await expectAccessible(ann, 'the tournament form');
    await ann.getByRole('button', { name: 'Create', exact: true }).click();
    await ann.waitForURL(/\/tournaments\/[^/]+$/);
    const id = ann.url().split('/').pop()!;
    await expect(ann.getByRole('heading', { name: cup })).toBeVisible();
    await expect(ann.getByTestId('entrants')).toContainText(annName);

    // Ben finds it in the lobby and joins; Ann's page shows him without a reload (socket).
    await ben.goto(`${origin}/tournaments`);
    await ben.getByTestId('tournaments-open').getByRole('link', { name: cup }).click();
    await ben.getByRole('button', { name: 'Join' }).click();
    await expect(ben.getByRole('button', { name: 'Leave' })).toBeVisible();
    await expect(ann.getByTestId('entrants')).toContainText(benName);
    await expectAccessible(ben, 'an open tournament');

    // Ann starts it: two bots fill the empty seats and round 1 is paired.
    await ann.getByRole('button', { name: /Start now/ }).click();
    await expect(ann.getByTestId('tournament-state')).toContainText('Round 1 of 3');
    await expect(ben.getByTestId('tournament-state')).toContainText('Round 1 of 3');
    await expect(ann.getByTestId('standings')).toBeVisible();

    // Ben's first table opens from his tournament page.
    await ben.getByRole('button', { name: 'Play your game' }).click();
    await ben.waitForURL(/\/t\//);
    await expect(ben.getByTestId('score-0')).toBeVisible();
    await ben.goto(`${origin}/tournaments/${id}`);

    // Both play their tables as they come; the bots play theirs.
    await Promise.all([playThrough(ann, id), playThrough(ben, id)]);

    // Both pages, open all along, reach the final table by socket.
    for (const p of [ann, ben]) {
      await expect(p.getByRole('heading', { name: 'Final table' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(p.getByTestId('standings').locator('tbody tr')).toHaveCount(4);
    }
    await expectAccessible(ann, 'a finished tournament at 375 px');
    const t = await read(ann, id);
    expect(t.status).toBe('over');
    // Points computed here from the games alone: a win or a bye 1, a draw ½.
    const points = new Map(t.people.map((p) => [p.id, 0]));
    for (const g of t.games) {
      if (g.b === null) points.set(g.a, points.get(g.a)! + 1);
      else if (g.winner === null) {
        points.set(g.a, points.get(g.a)! + 0.5);
        points.set(g.b, points.get(g.b)! + 0.5);
      } else points.set(g.winner, points.get(g.winner)! + 1);
    }
    const rows = ben.getByTestId('standings').locator('tbody tr');
    for (const [i, s] of t.standings.entries()) {
      expect(s.points).toBe(points.get(s.id));
      await expect(rows.nth(i).getByTestId('points')).toHaveText(String(s.points));
    }
    // The phone's page fits its width.
    const overflow = await ann.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Ben's profile lists it with his place.
    await ben.goto(`${origin}/me`);
    const mine = t.standings.find((s) => s.name === benName)!;
    await expect(ben.getByTestId('tournament-history')).toContainText(`Place ${mine.rank} of 4`);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
