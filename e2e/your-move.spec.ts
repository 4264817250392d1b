import { PRESETS } from '@zilch/engine';
import { expect, test, type Page } from '@playwright/test';
import { apiGame, forceDice, holdToken } from './helpers.ts';

// Issue 12, item 3 (without Web Push): the tab's title and icon say when it is your move, a
// hidden tab blinks, and the header counts the games on this device waiting for a move.

/** Seat 1 (this page's) starts; no offers, so a bank hands the turn straight to the bot. */
const RULES = { ...PRESETS['serendipity-creak'], firstPlayer: 'seat-1', offers: null };
const ZILCH6 = [2, 3, 4, 6, 2, 3];
const YOUR_MOVE = '● Your move — Zilch';

/**
 * Before the app runs: records every (title, icon) pair the page shows, since a bot's turn may
 * be over before a poll sees it; and lets the test hide the tab (`__setHidden`), as switching to
 * another tab would.
 */
const SPY = `
  window.__seen = [];
  window.__hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true, get: () => (window.__hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => window.__hidden });
  window.__setHidden = (h) => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); };
  const take = () => {
    const icon = document.querySelector('link[rel~="icon"]')?.getAttribute('href');
    const s = document.title + ' | ' + icon;
    if (window.__seen[window.__seen.length - 1] !== s) window.__seen.push(s);
  };
  addEventListener('DOMContentLoaded', () => {
    take();
    new MutationObserver(take).observe(document.head, {
      subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['href'],
    });
  });
`;

const seen = async (page: Page) => (await page.evaluate('window.__seen')) as string[];
const icon = (page: Page) => page.locator('link[rel~="icon"]');

/** Keeps the 1 of a forced [1, 5, …] roll and banks it. */
async function rollAndBank(page: Page): Promise<void> {
  await page.getByTestId('roll').click();
  await page.getByRole('button', { name: /^Die 1: one/ }).click();
  await expect(page.getByTestId('bank')).toHaveText('Keep & bank 100');
  await page.getByTestId('bank').click();
}

test('title, icon and header badge follow whose move it is; a hidden tab blinks', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(SPY);
  const { gameId, token } = await apiGame(request, RULES, ['cautious']);
  const view = (await (await request.get(`/api/games/${gameId}`)).json()) as {
    seats: { name: string }[];
  };
  const bot = view.seats[1]?.name as string;
  expect(bot).toBeTruthy();
  const botTurn = `${bot}'s turn — Zilch | /icon.svg`;
  // Mine, the bot's zilch (the turn comes back), mine again, the bot's zilch again.
  await forceDice(request, gameId, [[1, 5, 2, 3, 4, 6], ZILCH6, [1, 5, 2, 3, 4, 6], ZILCH6]);
  await holdToken(page, gameId, 0, token);

  // Home: the header counts the game waiting for this device and links to "My games".
  await page.goto('/');
  await expect(page).toHaveTitle('Zilch');
  const badge = page.getByTestId('your-move-badge');
  await expect(badge).toHaveText('Your move (1)');
  await expect(badge).toHaveAccessibleName('Your move (1): 1 game waiting for you');
  await expect(icon(page)).toHaveAttribute('href', '/icon-your-move.svg');
  await badge.click();
  await expect(page).toHaveURL(/#my-games$/);
  await expect(page.locator('.my-games')).toContainText('Your move');

  // The table: the title and the icon say it is this device's move.
  await page.goto(`/t/${gameId}`);
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(YOUR_MOVE);
  await expect(icon(page)).toHaveAttribute('href', '/icon-your-move.svg');
  const svg = await request.get('/icon-your-move.svg');
  expect(svg.ok()).toBe(true);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  await expect(badge).toHaveText('Your move (1)');

  // A bank hands the turn to the bot: its name in the title, the plain icon, no badge.
  await rollAndBank(page);
  await expect.poll(() => seen(page), { timeout: 20_000 }).toContain(botTurn);
  await expect(page.getByRole('heading', { name: 'Your turn', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveTitle(YOUR_MOVE);
  await expect(icon(page)).toHaveAttribute('href', '/icon-your-move.svg');
  expect(await seen(page)).not.toContain(`○ Your move — Zilch | /icon-your-move.svg`);

  // Hidden (another tab in front) while the bot plays: when the move comes back, the title blinks.
  await rollAndBank(page);
  await page.evaluate('window.__setHidden(true)');
  const handed = (await seen(page)).length;
  await expect
    .poll(async () => (await seen(page)).slice(handed), { timeout: 20_000 })
    .toContain(`○ Your move — Zilch | /icon-your-move.svg`);
  const blinks = (await seen(page)).filter((s) => s.startsWith('○ Your move')).length;
  await expect
    .poll(async () => (await seen(page)).filter((s) => s.startsWith('○ Your move')).length)
    .toBeGreaterThan(blinks);
  // Back in sight: the blinking stops on the steady title.
  await page.evaluate('window.__setHidden(false)');
  await expect(page).toHaveTitle(YOUR_MOVE);
  await page.waitForTimeout(2_500);
  await expect(page).toHaveTitle(YOUR_MOVE);

  // Leaving the table restores the app's own title; the game still waits for me, so the icon
  // keeps its badge (every page shows it while a game waits), until no game does.
  await page.getByRole('link', { name: 'Zilch home' }).click();
  await expect(page).toHaveTitle('Zilch');
  await expect(icon(page)).toHaveAttribute('href', '/icon-your-move.svg');
  await expect(badge).toHaveText('Your move (1)');
  await page.evaluate(
    "localStorage.removeItem('zilch.games'); dispatchEvent(new StorageEvent('storage', { key: 'zilch.games' }))",
  );
  await expect(badge).toHaveCount(0, { timeout: 15_000 });
  await expect(icon(page)).toHaveAttribute('href', '/icon.svg');
});

test('the badge counts the games in play waiting for this device, with one list request', async ({
  browser,
  page,
  request,
}) => {
  const one = await apiGame(request, RULES, ['cautious']);
  const two = await apiGame(request, RULES, ['cautious']);
  // A table still waiting for its second player: not a move to make.
  const created = await request.post('/api/games', {
    data: { rules: RULES, seats: [{ kind: 'human', name: 'Tester' }, { kind: 'human' }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const open = (await created.json()) as { gameId: string; seats: { token?: string }[] };
  const openToken = open.seats[0]?.token as string;
  const claim = await request.post(`/api/games/${open.gameId}/claim`, {
    data: { token: openToken, name: 'Tester' },
  });
  expect(claim.ok(), await claim.text()).toBe(true);
  const held = (g: { gameId: string; token: string }, at: number) => ({
    [g.gameId]: { id: g.gameId, tokens: { 0: g.token }, savedAt: at },
  });
  const value = JSON.stringify({
    ...held(one, 3),
    ...held(two, 2),
    ...held({ gameId: open.gameId, token: openToken }, 1),
  });
  await page.addInitScript(`localStorage.setItem('zilch.games', ${JSON.stringify(value)});`);
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/games')) calls.push(path);
  });
  await page.goto('/rules');
  await expect(page.getByTestId('your-move-badge')).toHaveText('Your move (2)');
  // One list of the games in play, then one read of each game in play (the list has no turn).
  expect(calls.sort()).toEqual(
    ['/api/games', `/api/games/${one.gameId}`, `/api/games/${two.gameId}`].sort(),
  );

  // On a phone the badge shrinks to its dot and count, and the header stays on one line.
  await page.setViewportSize({ width: 375, height: 700 });
  await expect.poll(() => page.getByTestId('your-move-badge').innerText()).toBe('2');
  const header = (await page.evaluate(
    "(() => { const h = document.querySelector('header.site'); return { scroll: h.scrollWidth, width: h.clientWidth, height: h.clientHeight }; })()",
  )) as { scroll: number; width: number; height: number };
  expect(header.scroll).toBeLessThanOrEqual(header.width);
  expect(header.height).toBeLessThan(70);

  // A device holding no seat shows no badge and asks nothing.
  const fresh = await browser.newPage();
  const none: string[] = [];
  fresh.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/games')) none.push(r.url());
  });
  await fresh.goto('/rules');
  await expect(fresh.getByRole('heading', { level: 1 })).toBeVisible();
  await fresh.waitForTimeout(1_000);
  await expect(fresh.getByTestId('your-move-badge')).toHaveCount(0);
  expect(none).toEqual([]);
  await fresh.close();
});
