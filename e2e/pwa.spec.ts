import { PRESETS } from '@zilch/engine';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGame, expectAccessible, forceDice, holdToken, shoot } from './helpers.ts';

// Installable and dark: the manifest, the service worker and its offline page, and every page
// axe-clean in the light and the dark theme.

/** The default rules, with the human seat (seat 1) starting, so the test rolls first. */
const SEAT_1_STARTS = { ...PRESETS['serendipity-creak'], firstPlayer: 'seat-1' };

/** A finished game between two bots (for the review and fairness pages). */
async function finishedGame(request: APIRequestContext): Promise<string> {
  const created = await request.post('/api/games', {
    data: {
      rules: { ...PRESETS['serendipity-creak'], target: 300 },
      seats: [
        { kind: 'bot', bot: 'cautious' },
        { kind: 'bot', bot: 'cautious' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { gameId } = (await created.json()) as { gameId: string };
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/games/${gameId}`)).json()) as { status: string }).status,
      { timeout: 30_000 },
    )
    .toBe('over');
  return gameId;
}

/** The width and height a PNG file declares (its IHDR chunk). */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test('the manifest is linked and valid, its icons load, the worker is never cached', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href as string);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('manifest+json');
  const m = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(m.name).toContain('Zilch');
  expect(m.short_name).toBe('Zilch');
  expect(m.start_url).toBe('/');
  expect(m.display).toBe('standalone');
  expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  // Installable on Android: a 192 px and a 512 px PNG, and a maskable one for adaptive icons.
  for (const want of ['192x192', '512x512']) {
    const icon = m.icons.find((i) => i.sizes === want && i.type === 'image/png');
    expect(icon, `a ${want} PNG icon`).toBeTruthy();
  }
  expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of m.icons) {
    const r = await request.get(icon.src);
    expect(r.ok(), icon.src).toBe(true);
    expect(r.headers()['content-type']).toContain(icon.type);
    if (icon.type === 'image/png') {
      const { width, height } = pngSize(await r.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  }
  // A new deploy must reach every device: the worker script and the page are always revalidated.
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toContain('javascript');
  expect((await request.get('/')).headers()['cache-control']).toBe('no-cache');
});

test('offline, the installed app opens to a page that says so; /api is never cached', async ({
  browser,
  request,
}) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto('/');
  // The worker registers after load and takes control of the page at once (clientsClaim).
  await expect
    .poll(() => page.evaluate('navigator.serviceWorker.controller !== null'), { timeout: 20_000 })
    .toBe(true);
  const { gameId, token } = await apiGame(request, SEAT_1_STARTS, ['expected']);
  await holdToken(page, gameId, 0, token);
  await page.goto(`/t/${gameId}`);
  await expect(page.getByTestId('table')).toBeVisible();
  // Play a little so the table has fetched from /api and opened its socket.
  await forceDice(request, gameId, [[1, 5, 2, 3, 4, 6]]);
  await page.getByTestId('roll').click();
  await expect(page.getByRole('button', { name: /^Die 1: one/ })).toBeVisible();

  const cached = (await page.evaluate(`(async () => {
    const urls = [];
    for (const name of await caches.keys()) {
      const c = await caches.open(name);
      for (const r of await c.keys()) urls.push(new URL(r.url).pathname);
    }
    return urls;
  })()`)) as string[];
  expect(cached).toContain('/offline.html');
  expect(cached.filter((u) => u.startsWith('/api') || u.startsWith('/socket.io'))).toEqual([]);
  // Only the offline page, its icons and the manifest: a stale build is never served.
  expect(cached.filter((u) => u.endsWith('.js') || u === '/' || u === '/index.html')).toEqual([]);

  await ctx.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('Zilch needs a connection')).toBeVisible();
  // Styled by its own precached stylesheet (the CSP refuses inline styles).
  expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe(
    'rgb(246, 243, 236)',
  );
  await expectAccessible(page, 'offline page');
  await page.goto('/rules');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'offline page, dark');

  await ctx.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Rules' })).toBeVisible();
  await ctx.close();
});

/** Every page of the app, each checked with axe in the theme the page is emulating. */
async function everyPage(page: Page, request: APIRequestContext, theme: string, over: string) {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Play a bot now' })).toBeVisible();
  await expectAccessible(page, `home (${theme})`);
  await page.goto('/rules');
  await expectAccessible(page, `rules index (${theme})`);
  await page.goto('/rules/ten-dice');
  await expect(page.getByRole('heading', { name: 'Scoring' })).toBeVisible();
  await expectAccessible(page, `rules (${theme})`);
  await page.goto('/new');
  await page.getByText(/^House rules/).click();
  await expect(page.getByRole('checkbox', { name: 'Three pairs' })).toBeVisible();
  await expectAccessible(page, `create table with house rules open (${theme})`);
  const { gameId, token } = await apiGame(request, SEAT_1_STARTS, ['expected']);
  await holdToken(page, gameId, 0, token);
  await forceDice(request, gameId, [[1, 1, 5, 2, 3, 4]]);
  await page.goto(`/t/${gameId}`);
  await page.getByTestId('roll').click();
  await page.getByRole('button', { name: /^Die 1: one/ }).click();
  await expect(page.getByTestId('selection')).toContainText('+100');
  await expectAccessible(page, `table (${theme})`);
  // The seat held here made this device a guest: its profile, and the sign-in page.
  await page.goto('/me');
  await expect(page.getByText('Guest on this device')).toBeVisible();
  await expectAccessible(page, `profile (${theme})`);
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expectAccessible(page, `sign in (${theme})`);
  await page.goto(`/t/${over}`);
  await expect(page.getByTestId('game-over')).toBeVisible();
  await expectAccessible(page, `table, game over (${theme})`);
  await page.goto(`/t/${over}/review`);
  await expect(page.getByRole('heading', { name: 'Decisions that cost the most' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.locator('.chart canvas')).toBeVisible();
  await expectAccessible(page, `review (${theme})`);
  await page.goto(`/t/${over}/fairness`);
  await expect(page.getByTestId('verify-result')).toBeVisible();
  await expectAccessible(page, `fairness (${theme})`);
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: 'Nothing here' })).toBeVisible();
  await expectAccessible(page, `not found (${theme})`);
  return gameId;
}

test('dark mode follows the device and every page passes axe in both themes', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000); // every page, both themes, axe each time: slow on loaded cores
  const over = await finishedGame(request);
  for (const colorScheme of ['light', 'dark'] as const) {
    const ctx = await browser.newContext({ colorScheme });
    const page = await ctx.newPage();
    await page.goto('/');
    const bg = await page.evaluate('getComputedStyle(document.documentElement).backgroundColor');
    expect(bg).toBe(colorScheme === 'dark' ? 'rgb(18, 17, 15)' : 'rgb(246, 243, 236)');
    await everyPage(page, request, colorScheme, over);
    await ctx.close();
  }
});

test('screenshots of the table in dark mode, desktop and 375 px', async ({ browser, request }) => {
  for (const [name, viewport] of [
    ['table-dark', { width: 1280, height: 860 }],
    ['table-dark-375', { width: 375, height: 812 }],
  ] as const) {
    const ctx = await browser.newContext({ colorScheme: 'dark', viewport });
    const page = await ctx.newPage();
    const { gameId, token } = await apiGame(request, SEAT_1_STARTS, ['expected']);
    await holdToken(page, gameId, 0, token);
    await forceDice(request, gameId, [[1, 1, 5, 2, 3, 4]]);
    await page.goto(`/t/${gameId}`);
    await page.getByTestId('roll').click();
    await page.getByRole('button', { name: /^Die 1: one/ }).click();
    await page.getByRole('button', { name: /^Die 3: five/ }).click();
    await expect(page.getByTestId('selection')).toContainText('+150');
    await shoot(page, name);
    await ctx.close();
  }
});
