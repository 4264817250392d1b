/// <reference lib="dom" />
// Issue 22's leftovers at phone width: Ten Dice's play-by-play and keys, the game-over card, the
// header's "Your move" pill, banners beside what the player is using, the turn log's "You".
// (Hot-seat straight from the create page to the table: e2e/lobby.spec.ts; a failed push
// subscription that says so: e2e/issue22.spec.ts.) Pictures for a person to look at
// go to ZILCH_SHOTS_DIR when it is set.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiGame, forceDice, holdToken, peopleGame } from './helpers.ts';

const LOOK = process.env.ZILCH_SHOTS_DIR;
const BOT = 'Cautious bot 2';

async function preset(
  request: APIRequestContext,
  id: string,
  change: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const r = await request.get('/api/rules');
  const body = (await r.json()) as { presets: { id: string; rules: Record<string, unknown> }[] };
  const found = body.presets.find((p) => p.id === id);
  if (!found) throw new Error(`no preset ${id}`);
  return { ...found.rules, firstPlayer: 'seat-1', ...change };
}

async function look(page: Page, name: string): Promise<void> {
  if (!LOOK) return;
  const s = page.viewportSize();
  await page.screenshot({ path: `${LOOK}/${name}-${s?.width ?? 0}.png` });
}

/** A phone (touch) or, with `touch` false, a narrow window on a keyboard device. */
async function device(browser: Browser, width: number, height: number, touch = true) {
  const ctx = await browser.newContext({
    viewport: { width, height },
    hasTouch: touch,
    isMobile: touch,
    reducedMotion: 'reduce',
  });
  return { ctx, page: await ctx.newPage() };
}

/** Opens a table of "Mo" against the cautious bot with these rolls queued; Mo starts. */
async function open(
  page: Page,
  request: APIRequestContext,
  rules: Record<string, unknown>,
  rolls: number[][],
): Promise<string> {
  const { gameId, token } = await apiGame(request, rules, ['cautious'], 'Mo');
  await forceDice(request, gameId, rolls);
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  await expect(page.getByText('● connected')).toBeVisible();
  return gameId;
}

type Box = { x: number; y: number; width: number; height: number };
const meet = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

test('Ten Dice on a phone: the play-by-play shows whole sentences, never a word cut', async ({
  browser,
  request,
}) => {
  const { ctx, page } = await device(browser, 320, 640);
  await open(page, request, await preset(request, 'ten-dice'), [
    [1, 2, 3, 4, 6, 6, 2, 3, 4, 6],
    [1, 1, 1, 5, 5, 2, 3, 4, 6, 6],
  ]);
  await page.getByTestId('roll').tap();
  await page.getByRole('button', { name: /^Die 1: one/ }).tap();
  await look(page, 'ten-keep');
  await page.getByTestId('bank').tap();
  await expect(page.locator('main h1')).toHaveText(`${BOT}'s turn`);
  // Every line the bot's turn shows, read as it is shown.
  const seen = await page.evaluate(async () => {
    const out: { text: string; over: boolean }[] = [];
    const end = Date.now() + 15_000;
    while (Date.now() < end) {
      const box = document.querySelector<HTMLElement>('[data-testid=play-line]');
      const shown = document.querySelector<HTMLElement>('[data-testid=play-shown]');
      if (box && shown) {
        const text = shown.textContent ?? '';
        if (out.at(-1)?.text !== text)
          out.push({ text, over: shown.offsetHeight > box.clientHeight + 1 });
      }
      if (document.querySelector('main h1')?.textContent === 'Your turn') break;
      await new Promise((r) => setTimeout(r, 40));
    }
    return out;
  });
  await look(page, 'ten-after-bot');
  const lines = seen.filter((s) => s.text.trim() !== '');
  expect(lines.some((s) => s.text.includes(`${BOT} rolls 1, 1, 1, 5, 5`))).toBe(true);
  for (const s of lines) {
    expect(s.over, `fits its room: ${s.text}`).toBe(false);
    // Whole sentences only: it ends as a sentence ends, not in a cut word or an ellipsis.
    expect(s.text, 'ends a sentence').toMatch(/[.!?)]$/);
  }
  await ctx.close();
});

test('Ten Dice with a keyboard on a narrow screen: every key under its die in sight, die 10 is key 0', async ({
  browser,
  request,
}) => {
  const { ctx, page } = await device(browser, 375, 667, false);
  await open(page, request, await preset(request, 'ten-dice'), [[1, 2, 3, 4, 6, 6, 2, 3, 4, 6]]);
  await page.keyboard.press('r');
  await expect(page.getByRole('button', { name: /^Die 1: one/ })).toBeEnabled();
  await expect(page.getByTestId('selection')).toContainText('keys 1–9 and 0');
  await expect(page.getByTestId('selection')).not.toContainText(/keys 1–9(?! and 0)/);
  const keys = page.locator('.tray .die-key');
  await expect(keys).toHaveCount(10);
  await expect(keys.last()).toHaveText('0');
  const dice = await page.locator('.tray .die').all();
  const hidden: string[] = [];
  for (const key of await keys.all()) {
    await expect(key).toBeVisible();
    const k = await key.boundingBox();
    for (const [i, d] of dice.entries()) {
      const b = await d.boundingBox();
      if (k && b && meet(k, b)) hidden.push(`key ${await key.textContent()} under die ${i + 1}`);
    }
  }
  expect(hidden).toEqual([]);
  await look(page, 'ten-keys');
  await ctx.close();
});

test('losing: the game-over card says by how much and fills the felt, no blank band', async ({
  browser,
  request,
}) => {
  const { ctx, page } = await device(browser, 375, 667);
  await open(page, request, await preset(request, 'classic', { target: 1000 }), [
    [5, 2, 3, 4, 6, 6],
    [2, 3, 4, 6, 2],
    [1, 1, 1, 1, 2, 3],
    [1, 2, 3, 4, 6, 6],
  ]);
  await page.getByTestId('roll').tap();
  await page.getByRole('button', { name: 'Die 1: five' }).tap();
  await page.getByTestId('roll').tap();
  await expect(page.getByTestId('last-turn')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('roll').tap();
  await page.getByRole('button', { name: 'Die 1: one' }).tap();
  await page.getByTestId('bank').tap();
  await page
    .getByRole('dialog', { name: 'Bank and lose?' })
    .getByRole('button', { name: 'Bank anyway' })
    .tap();
  const over = page.getByTestId('game-over');
  await expect(over.getByRole('heading', { level: 2 })).toHaveText(`${BOT} wins by 1,900 points`);
  const felt = await page.getByTestId('table').boundingBox();
  const card = await over.boundingBox();
  expect(felt && card).toBeTruthy();
  if (felt && card) {
    // The card is the felt's content now: at most its border's width around it, top and bottom.
    expect(card.y - felt.y).toBeLessThan(12);
    expect(felt.y + felt.height - (card.y + card.height)).toBeLessThan(12);
  }
  await look(page, 'lost');
  await ctx.close();
});

test('the "Your move" pill stays one line from 320 to 414 px and is dark while the bot\'s turn is played back', async ({
  browser,
  request,
}) => {
  const { ctx, page } = await device(browser, 320, 640);
  await open(page, request, await preset(request, 'classic'), [
    [1, 2, 3, 4, 6, 6],
    [2, 3, 4, 6, 2, 3],
  ]);
  const pill = page.locator('header.site .your-move-badge');
  const header = page.locator('header.site');
  for (const width of [320, 360, 375, 390, 414]) {
    await page.setViewportSize({ width, height: 700 });
    await expect(pill, `lit on my turn at ${width} px`).toBeVisible();
    const p = await pill.boundingBox();
    const lineHeight = await pill.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    // One line: the pill's text is a line tall (plus its padding), and the header stays one row.
    expect(p?.height ?? 99, `pill one line at ${width} px`).toBeLessThan(lineHeight * 2);
    expect((await header.boundingBox())?.height ?? 99, `header at ${width} px`).toBeLessThan(72);
  }
  await page.setViewportSize({ width: 320, height: 640 });
  await page.getByTestId('roll').tap();
  await page.getByRole('button', { name: /^Die 1: one/ }).tap();
  // The bot zilches within 60 ms on the server; the table still plays its turn out for seconds,
  // and the pill must not light until the table shows it is this player's move again.
  const trace = page.evaluate(async () => {
    const out: { t: number; heading: string; lit: boolean }[] = [];
    const start = performance.now();
    while (performance.now() - start < 15_000) {
      const heading = document.querySelector('main h1')?.textContent ?? '';
      const pill = document.querySelector<HTMLElement>('header.site .your-move-badge');
      out.push({ t: performance.now(), heading, lit: !!pill && pill.offsetParent !== null });
      if (heading === 'Your turn' && out.some((o) => o.heading !== 'Your turn')) break;
      await new Promise((r) => requestAnimationFrame(r));
    }
    return out;
  });
  await page.getByTestId('bank').tap();
  const samples = await trace;
  const botTurn = samples.filter((s) => s.heading === `${BOT}'s turn`);
  expect(botTurn.length, 'the bot turn was seen').toBeGreaterThan(5);
  // A frame or two after the heading turns (the count follows in the next effect) is allowed.
  const since = botTurn[0]?.t ?? 0;
  const litLate = botTurn.filter((s) => s.lit && s.t - since > 150);
  expect(litLate.length, 'pill lit during the bot turn').toBe(0);
  await expect(pill).toBeVisible();
  await look(page, 'pill-back');
  await ctx.close();
});

for (const width of [320, 375, 1280]) {
  test(`banners at ${width} px leave the running total, the dice and the actions in sight`, async ({
    browser,
    request,
  }) => {
    const { ctx, page } = await device(
      browser,
      width,
      { 320: 640, 375: 667 }[width] ?? 800,
      width < 600,
    );
    await open(page, request, await preset(request, 'classic'), [
      [1, 1, 1, 5, 5, 5],
      [2, 3, 4, 6, 2, 3],
    ]);
    await page.getByTestId('roll').click();
    for (let i = 1; i <= 6; i++) await page.getByRole('button', { name: `Die ${i}:` }).click();
    // Every banner of the hot dice, the zilch and the bot's turn, read in each frame it shows.
    const seen = page.evaluate(async () => {
      const out: { text: string; covers: string[] }[] = [];
      const meets = (a: DOMRect, b: DOMRect) =>
        a.left < b.right - 0.5 &&
        b.left < a.right - 0.5 &&
        a.top < b.bottom - 0.5 &&
        b.top < a.bottom - 0.5;
      const start = performance.now();
      let left = false;
      while (performance.now() - start < 15_000) {
        const heading = document.querySelector('main h1')?.textContent ?? '';
        if (heading !== 'Your turn') left = true;
        else if (left) break;
        const banner = document.querySelector('[data-testid=banner]');
        if (banner) {
          const b = banner.getBoundingClientRect();
          const covers: string[] = Object.entries({
            'running total': '[data-testid=running-total]',
            dice: '.tray .die',
            roll: '[data-testid=roll]',
            bank: '[data-testid=bank]',
          })
            .filter(([, sel]) =>
              Array.from(document.querySelectorAll(sel)).some((el) =>
                meets(b, el.getBoundingClientRect()),
              ),
            )
            .map(([what]) => what);
          // The fast-forward, when shown, keeps to the play-by-play's line too.
          const ff = document.querySelector<HTMLElement>('[data-testid=fast-forward]');
          const line = document.querySelector('.play-line')?.getBoundingClientRect();
          if (ff && line && getComputedStyle(ff).visibility === 'visible') {
            if (ff.getBoundingClientRect().bottom > line.bottom + 1)
              covers.push('skip below its line');
          }
          const text = banner.textContent ?? '';
          if (out.at(-1)?.text !== text || covers.length > 0) out.push({ text, covers });
        }
        await new Promise((r) => requestAnimationFrame(r));
      }
      return out;
    });
    await page.getByTestId('roll').click();
    await expect(page.getByTestId('banner')).toContainText('Hot dice');
    await look(page, 'banner-hot');
    const banners = await seen;
    expect(banners.some((b) => b.text.includes('Hot dice'))).toBe(true);
    expect(banners.some((b) => b.text.includes('Zilch'))).toBe(true);
    expect(banners.filter((b) => b.covers.length > 0)).toEqual([]);
    await ctx.close();
  });
}

test('the turn log speaks of this device\'s seat as "You", as the play-by-play does', async ({
  browser,
  request,
}) => {
  const { ctx, page } = await device(browser, 375, 667);
  await open(page, request, await preset(request, 'classic'), [[1, 5, 2, 2, 3, 6]]);
  await page.getByTestId('roll').tap();
  await expect(page.getByTestId('play-line')).toContainText('You roll');
  const log = page.locator('.turn-log .log');
  await expect(log).toContainText('You rolled 1 5 2 2 3 6');
  await expect(log).not.toContainText('Mo');
  await ctx.close();
});

test('hot-seat: "pass the device" only until the player on turn moves, even a move that leaves the turn at 0', async ({
  page,
  request,
}) => {
  const { gameId, tokens } = await peopleGame(request, await preset(request, 'serendipity-creak'), [
    'Ann',
    'Ben',
  ]);
  await forceDice(request, gameId, [
    [1, 1, 1, 2, 3, 4],
    [2, 3, 4, 6, 2, 3],
  ]);
  const held = { [gameId]: { id: gameId, tokens: { 0: tokens[0], 1: tokens[1] }, savedAt: 1 } };
  await page.addInitScript(
    `localStorage.setItem('zilch.games', ${JSON.stringify(JSON.stringify(held))});`,
  );
  await page.goto(`/t/${gameId}`);
  const h1 = page.locator('main h1');
  await expect(h1).toHaveText("Ann's turn — pass the device");
  await page.getByTestId('roll').click();
  await expect(h1).toHaveText("Ann's turn");
  for (const i of [1, 2, 3]) await page.getByRole('button', { name: `Die ${i}: one` }).click();
  await page.getByTestId('bank').click();
  // Between the turns: hand the device to Ben, who is offered Ann's points.
  await expect(page.getByTestId('offer-fresh')).toBeVisible();
  await expect(h1).toHaveText("Ben's turn — pass the device");
  await page.getByTestId('offer-fresh').click();
  // Starting fresh leaves Ben's turn at 0 points, but the device is his now.
  await expect(page.getByTestId('roll')).toBeEnabled();
  await expect(h1).toHaveText("Ben's turn");
});
