// Issue 22, items 6–9: the words the table says about you, focus, keyboard hints for keyboards
// only, the dice at desktop width and the marks on dice that score, dice and felt themes chosen
// on the profile, reactions drawn as our own icons. Screenshots of each theme at 375×667 and
// 1280 px go to SHOTS: the run's sandbox, or docs/screenshots with ZILCH_UPDATE_SCREENSHOTS=1.
/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import {
  apiGame,
  authenticator,
  expectAccessible,
  forceDice,
  holdToken,
  SHOTS,
} from './helpers.ts';

/** A preset's rules as the server describes them, the page's seat starting. */
async function classic(request: APIRequestContext, change: Record<string, unknown> = {}) {
  const r = await request.get('/api/rules');
  const body = (await r.json()) as { presets: { id: string; rules: Record<string, unknown> }[] };
  const found = body.presets.find((p) => p.id === 'classic');
  if (!found) throw new Error('no classic preset');
  return { ...found.rules, firstPlayer: 'seat-1', ...change };
}

/** Opens a table against the cautious bot as "Mo", with these rolls queued. */
async function moAtTable(page: Page, request: APIRequestContext, rolls: number[][]) {
  const { gameId, token } = await apiGame(request, await classic(request), ['cautious'], 'Mo');
  await forceDice(request, gameId, rolls);
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  await expect(page.getByText('● connected')).toBeVisible();
  return gameId;
}

/** What has keyboard focus, as a short description. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    return `${a.tagName.toLowerCase()}${a.getAttribute('data-testid') ? `#${a.getAttribute('data-testid')}` : ''}${a.classList.contains('die') ? '.die' : ''}`;
  });

test('a seated player reads about themselves as "You", and focus never falls to <body>', async ({
  page,
  request,
}) => {
  await moAtTable(page, request, [
    [1, 5, 2, 2, 3, 6],
    [2, 3, 4, 6, 2, 3],
  ]);
  // The table opened: focus is on its heading, not on <body>.
  expect(await focused(page)).toBe('h1');
  // Presence: this device's own seat is online from the first moment, never "offline".
  await expect(page.getByTestId('seat-0')).toContainText('online');
  await expect(page.getByTestId('seat-0')).not.toContainText('offline');

  await page.keyboard.press('r');
  await expect(page.getByRole('button', { name: /^Die 1: one/ })).toBeEnabled();
  // After the roll, focus goes to the first die (the next thing to do), not to <body>.
  await expect.poll(() => focused(page)).toBe('button.die');
  await expect(page.getByTestId('play-line')).toContainText('You roll');
  await expect(page.getByTestId('play-line')).not.toContainText('Mo roll');
  // A keyboard player sees the keys (a key was pressed on this page).
  await expect(page.getByTestId('selection')).toContainText('keys 1–6');

  // Keys are positions: die 1 is the one, die 2 the five.
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  // The focus ring is not the yellow of "selected": a focused die that is also chosen shows both.
  expect(await focused(page)).toBe('button.die');
  const rings = await page.evaluate(() => {
    const die = document.activeElement as HTMLElement;
    const chosen = document.querySelector('.tray .die.selected') as HTMLElement;
    return {
      focus: getComputedStyle(die).outlineColor,
      outline: getComputedStyle(die).outlineStyle,
      selected: getComputedStyle(chosen).borderTopColor,
    };
  });
  expect(rings.outline).not.toBe('none');
  expect(rings.focus).not.toBe(rings.selected);
  await page.keyboard.press('b');
  await expect(page.getByTestId('score-0')).toHaveText('150');
  await expect(page.getByTestId('play-line')).toContainText(/You bank|bot/);
  await expect(page.locator('body')).not.toContainText("Mo's turn");
  await expect(page.locator('body')).not.toContainText('You banks');
  await expect.poll(() => focused(page)).not.toBe('body');
});

test('touch players see no keyboard hints; the coach speaks in percentage points', async ({
  browser,
  request,
}) => {
  const ctx = await browser.newContext({
    viewport: { width: 375, height: 667 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await ctx.newPage();
  await moAtTable(page, request, [[1, 5, 2, 2, 3, 6]]);
  await page.getByTestId('roll').tap();
  await expect(page.getByRole('button', { name: /^Die 1: one/ })).toBeEnabled();
  await expect(page.getByTestId('selection')).toContainText('Choose scoring dice');
  // The words are in the page for nobody: hidden, so a touch player never reads about keys.
  await expect(page.getByTestId('selection').locator('.key-hint')).toBeHidden();
  await expect(page.locator('.die-key').first()).toBeHidden();
  for (const hint of await page.locator('.key-hint').all()) await expect(hint).toBeHidden();
  await ctx.close();
});

test('desktop dice fill the tray, and dice that cannot score look it without colour', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await moAtTable(page, request, [[1, 5, 2, 2, 3, 6]]);
  await page.getByTestId('roll').click();
  const one = page.getByRole('button', { name: /^Die 1: one/ });
  await expect(one).toBeEnabled();
  const cube = await one.locator('.cube-wrap').boundingBox();
  expect(cube?.width ?? 0).toBeGreaterThanOrEqual(84);
  const dud = page.getByRole('button', { name: /^Die 3: two, does not score/ });
  const style = (el: typeof one) =>
    el.evaluate((b) => {
      const s = getComputedStyle(b);
      const c = b.querySelector('.cube-wrap') as HTMLElement;
      return { border: s.borderTopStyle, size: c.getBoundingClientRect().width };
    });
  // Line style and size, not colour alone: solid and full for a scoring die, dashed and sunk;
  // the same in the dark theme, whose colours are its own.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const [good, bad] = [await style(one), await style(dud)];
    expect(good.border, scheme).toBe('solid');
    expect(bad.border, scheme).toBe('dashed');
    expect(good.size, scheme).toBeGreaterThanOrEqual(84);
    expect(bad.size, scheme).toBeLessThan(good.size * 0.9);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: join(SHOTS, 'dice-desktop-1280.png') });
});

test('reactions are our own icons, not system emoji', async ({ page, request }) => {
  await moAtTable(page, request, [[1, 5, 2, 2, 3, 6]]);
  const buttons = page.getByRole('group', { name: 'Send a reaction' }).getByRole('button');
  await expect(buttons).toHaveCount(6);
  for (const b of await buttons.all()) {
    await expect(b.locator('svg.reaction-icon')).toBeVisible();
    expect(await b.innerText()).toBe('');
  }
  await page.getByRole('button', { name: 'React party' }).click();
  await expect(page.getByTestId('reaction-feed').locator('svg.reaction-icon')).toBeVisible();
  await expect(page.getByTestId('reaction-feed')).not.toContainText('🎉');
});

const THEMES = [
  { dice: 'classic', felt: 'green', label: /Classic/, feltLabel: 'Green baize' },
  { dice: 'numerals', felt: 'blue', label: /Numerals/, feltLabel: 'Ocean blue' },
  { dice: 'ruby', felt: 'wine', label: /Ruby/, feltLabel: 'Wine red' },
  { dice: 'midnight', felt: 'green', label: /Midnight/, feltLabel: 'Green baize' },
] as const;

test('dice and felt chosen on the profile apply everywhere dice appear, axe-clean in both themes, nothing moves', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { gameId, token } = await apiGame(request, await classic(request), ['cautious'], 'Mo');
  await holdToken(page, gameId, 0, token);
  for (const t of THEMES) {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/me');
    const looks = page.getByTestId('looks');
    await looks.getByRole('radio', { name: t.label }).check();
    await looks.getByRole('radio', { name: t.feltLabel }).check();
    // The first look is the default, already chosen: nothing to save.
    if (t.dice !== 'classic') await expect(looks.getByText('Saved on this device.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.dice)).toBe(t.dice);

    await forceDice(request, gameId, [[1, 5, 2, 2, 3, 6]]);
    await page.goto(`/t/${gameId}`);
    await expect(page.getByRole('heading', { name: /turn/ })).toBeVisible();
    // Kept for this device: applied before the first render, so the dice never change late.
    expect(await page.evaluate(() => document.documentElement.dataset.felt)).toBe(t.felt);
    if (await page.getByTestId('roll').isEnabled()) await page.getByTestId('roll').click();
    await expect(page.locator('.tray .die').first()).toBeVisible();
    await page.waitForTimeout(1000);
    const face = await page
      .locator('.tray .face.front')
      .first()
      .evaluate((f) => ({
        bg: getComputedStyle(f).backgroundColor,
        numeral: getComputedStyle(f, '::after').content,
        pips: getComputedStyle(f.querySelector('.pip') as Element).display,
      }));
    if (t.dice === 'numerals') {
      expect(face.numeral).toMatch(/"[1-6]"/);
      expect(face.pips).toBe('none');
    } else expect(face.pips).not.toBe('none');
    if (t.dice === 'ruby') expect(face.bg).toBe('rgb(185, 28, 28)');
    await expectAccessible(page, `table, ${t.dice} dice on ${t.felt}, light`);
    await page.screenshot({ path: join(SHOTS, `theme-${t.dice}-${t.felt}-375.png`) });
    // Choosing a look changes colours only: the tray keeps its size, so nothing shifts.
    const before = await page.locator('.tray').boundingBox();
    await page.evaluate(() => {
      document.documentElement.dataset.dice = 'numerals';
    });
    const after = await page.locator('.tray').boundingBox();
    expect(after).toEqual(before);
    await page.evaluate((d) => {
      document.documentElement.dataset.dice = d;
    }, t.dice);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, `table, ${t.dice} dice on ${t.felt}, dark`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `theme-${t.dice}-${t.felt}-1280.png`) });
    // The home page's dice follow too.
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.dataset.dice)).toBe(t.dice);
  }
});

test('an account keeps its dice and felt on the server: a device that forgot them gets them back', async ({
  browser,
}) => {
  // WebAuthn needs a host name (not an IP) for its RP ID.
  const origin = `http://localhost:${process.env.ZILCH_E2E_PORT}`;
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await authenticator(page);
  await page.goto(`${origin}/me`);
  await page.getByRole('button', { name: 'Create an account with a passkey' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  const looks = page.getByTestId('looks');
  await looks.getByRole('radio', { name: /Ruby/ }).check();
  await expect(looks.getByText('Saved on your account.')).toBeVisible();
  await looks.getByRole('radio', { name: 'Wine red' }).check();
  await expect(looks.getByText('Saved on your account.')).toBeVisible();
  // This device forgets its copy: the next page load takes the account's looks.
  await page.evaluate(() => localStorage.removeItem('zilch.looks'));
  await page.reload();
  await expect(page.getByTestId('looks').getByRole('radio', { name: /Ruby/ })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.dataset.dice)).toBe('ruby');
  expect(await page.evaluate(() => document.documentElement.dataset.felt)).toBe('wine');
  await ctx.close();
});

test('an unrated quick match shows a guest no rating', async ({ page }) => {
  await page.goto('/play');
  await page.getByRole('button', { name: 'Find an opponent' }).click();
  await expect(page.getByRole('heading', { name: 'Looking for an opponent…' })).toBeVisible();
  await expect(page.locator('main')).toContainText('unrated');
  await expect(page.locator('main')).not.toContainText('Your rating');
  await expect(page.getByTestId('match-range')).toHaveCount(0);
  await page
    .getByRole('button', { name: /Leave|Cancel|Stop/ })
    .first()
    .click();
});

test('the game over says by how much, and focus lands on it (the hot-seat heading is in e2e/lobby.spec.ts)', async ({
  page,
  request,
}) => {
  // Mo wins at once: target 500, six 1s bank 2,000+.
  const rules = await classic(request, { target: 500, end: 'immediate' });
  const { gameId, token } = await apiGame(request, rules, ['cautious'], 'Mo');
  await forceDice(request, gameId, [[1, 1, 1, 2, 3, 4]]);
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}`);
  await page.getByTestId('roll').click();
  await expect(page.getByRole('button', { name: /^Die 1: one/ })).toBeEnabled();
  for (const k of ['1', '2', '3']) await page.keyboard.press(k);
  await page.getByTestId('bank').click();
  await expect(page.getByTestId('game-over')).toContainText(/You win by 1,000 points/);
  await expect.poll(() => focused(page)).toBe('h2');
});

test('on a phone the chat is a sheet from the bottom: the table shows above it, the input at the bottom', async ({
  browser,
  request,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true });
  const page = await ctx.newPage();
  await moAtTable(page, request, [[1, 5, 2, 2, 3, 6]]);
  await page.getByRole('button', { name: /^Chat/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Chat' });
  await expect(drawer).toBeVisible();
  const sheet = await drawer.boundingBox();
  const input = await drawer.getByRole('textbox', { name: 'Message' }).boundingBox();
  // The sheet covers the lower part only, so the table stays in sight above it.
  expect(sheet!.y).toBeGreaterThan(667 * 0.25);
  expect(sheet!.y + sheet!.height).toBeGreaterThanOrEqual(666);
  // The input sits in the lower half of the sheet, by the thumb and the keyboard.
  expect(input!.y).toBeGreaterThan(sheet!.y + sheet!.height / 2);
  await expectAccessible(page, 'chat sheet at 375 px');
  await page.screenshot({ path: join(SHOTS, 'chat-sheet-375.png') });
  await ctx.close();
});

test('home: the four ways in are one size, none underlined', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const buttons = page.locator('.hero-actions .btn');
    await expect(buttons).toHaveCount(4);
    const boxes = await buttons.evaluateAll((bs) =>
      bs.map((b) => {
        const r = b.getBoundingClientRect();
        return {
          w: Math.round(r.width),
          h: Math.round(r.height),
          u: getComputedStyle(b).textDecorationLine,
        };
      }),
    );
    expect(new Set(boxes.map((b) => b.w)).size, JSON.stringify(boxes)).toBe(1);
    expect(new Set(boxes.map((b) => b.h)).size, JSON.stringify(boxes)).toBe(1);
    expect(boxes.every((b) => b.u === 'none')).toBe(true);
  }
});

for (const c of [
  {
    what: 'the push service refuses',
    // subscribe() rejects (offline, blocked by the browser).
    init: () => {
      PushManager.prototype.subscribe = () =>
        Promise.reject(new DOMException('push service unreachable', 'AbortError'));
    },
    says: 'push service could not be reached',
  },
  {
    what: 'no service worker ever runs',
    // `ready` never settles (a blocked worker script): this waited forever, saying nothing.
    init: () => {
      Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', {
        get: () => new Promise(() => undefined),
      });
    },
    says: 'could not be set up',
  },
]) {
  test(`a push subscription that fails says so (${c.what}), and the switch stays off`, async ({
    browser,
  }) => {
    // WebAuthn needs a host name (not an IP) for its RP ID.
    const origin = `http://localhost:${process.env.ZILCH_E2E_PORT}`;
    const ctx = await browser.newContext();
    await ctx.grantPermissions(['notifications'], { origin });
    const page = await ctx.newPage();
    await page.addInitScript(c.init);
    await authenticator(page);
    await page.goto(`${origin}/me`);
    await page.getByRole('button', { name: 'Create an account with a passkey' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    const card = page.locator('.notifications');
    await card.getByRole('button', { name: 'Turn on for this device' }).click();
    await expect(card.getByRole('status')).toContainText(c.says, { timeout: 15_000 });
    await expect(card.getByRole('button', { name: 'Turn on for this device' })).toBeEnabled();
    await ctx.close();
  });
}
